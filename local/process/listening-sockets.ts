import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { endianness } from 'node:os';

/** A TCP socket in LISTEN state, as Linux lists it in /proc/net/tcp or /proc/net/tcp6. */
export interface ListeningSocket {
  address: string;
  port: number;
  inode: number;
}

const LISTEN = '0A';

/** One 32-bit word of /proc/net/tcp*, written in the host's byte order, as its 4 bytes in network order. */
function wordBytes(hex: string): number[] {
  const bytes = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return endianness() === 'LE' ? bytes.reverse() : bytes;
}

/** `0100007F` → `127.0.0.1`; 32 hex digits → an IPv6 address (`::1`, `::ffff:127.0.0.1`, ...). */
export function decodeProcAddress(hex: string): string {
  if (hex.length === 8) return wordBytes(hex).join('.');
  const bytes = [0, 8, 16, 24].flatMap((i) => wordBytes(hex.slice(i, i + 8)));
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return `::ffff:${bytes.slice(12).join('.')}`;
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  // RFC 5952: the longest run of two or more zero groups becomes "::".
  let [start, length] = [-1, 0];
  for (let i = 0; i < 8; i++) {
    let end = i;
    while (groups[end] === '0') end++;
    if (end - i > length) [start, length] = [i, end - i];
  }
  if (length < 2) return groups.join(':');
  return `${groups.slice(0, start).join(':')}::${groups.slice(start + length).join(':')}`;
}

/** The sockets in LISTEN state of a /proc/net/tcp or /proc/net/tcp6 text. */
export function parseProcNetTcp(text: string): ListeningSocket[] {
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === LISTEN)
    .map((fields) => {
      const [address = '', port = ''] = fields[1]!.split(':');
      return { address: decodeProcAddress(address), port: parseInt(port, 16), inode: Number(fields[9]) };
    });
}

/** True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x addresses: reachable from this machine only. */
export function isLoopback(address: string): boolean {
  return /^(::ffff:)?127\./.test(address) || address === '::1';
}

/** The processes and all their descendants (Linux /proc). */
export function withDescendants(pids: number[]): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found = new Set(pids);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (found.has(parent) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** Socket inodes of the open file descriptors of a process. */
function socketInodes(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return match ? [Number(match[1])] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** Every TCP socket in LISTEN state owned by these processes or their descendants (Linux only). */
export function listeningSocketsOf(pids: number[]): ListeningSocket[] {
  const inodes = new Set(withDescendants(pids).flatMap(socketInodes));
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((file) => existsSync(file))
    .flatMap((file) => parseProcNetTcp(readFileSync(file, 'utf8')))
    .filter((socket) => inodes.has(socket.inode));
}
