import { createServer } from 'node:net';
import { endianness } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  decodeProcAddress,
  isLoopback,
  listeningSocketsOf,
  parseProcNetTcp,
} from '../../../local/process/listening-sockets';

// Lines as Linux writes them on a little-endian machine (x86-64, arm64).
const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:12C0 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1611 1 0000000020f36824 100 0 0 10 0
   1: 00000000:12C4 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1612 1 0000000020f36824 100 0 0 10 0
   2: 0100007F:D7BE 0100007F:12C0 01 00000000:00000000 03:000009D3 00000000     0        0 0 3 0000000031b0536b
`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000001000000:12C1 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2001 1 0000000000000000 100 0 0 10 0
   1: 00000000000000000000000000000000:12C4 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2002 1 0000000000000000 100 0 0 10 0
   2: 0000000000000000FFFF00000100007F:12C2 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2003 1 0000000000000000 100 0 0 10 0
   3: 0000000000000000FFFF00000A00000A:12C3 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2004 1 0000000000000000 100 0 0 10 0
   4: B80D0120000000000000000001000000:12C5 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2005 1 0000000000000000 100 0 0 10 0
`;

describe.runIf(endianness() === 'LE')('reading /proc/net/tcp and /proc/net/tcp6', () => {
  it('decodes IPv4 and IPv6 addresses written in host byte order', () => {
    expect(decodeProcAddress('0100007F')).toBe('127.0.0.1');
    expect(decodeProcAddress('00000000')).toBe('0.0.0.0');
    expect(decodeProcAddress('00000000000000000000000001000000')).toBe('::1');
    expect(decodeProcAddress('00000000000000000000000000000000')).toBe('::');
    expect(decodeProcAddress('0000000000000000FFFF00000100007F')).toBe('::ffff:127.0.0.1');
    expect(decodeProcAddress('B80D0120000000000000000001000000')).toBe('2001:db8::1');
  });

  it('keeps the sockets in LISTEN state, with port and inode', () => {
    expect(parseProcNetTcp(TCP)).toEqual([
      { address: '127.0.0.1', port: 4800, inode: 1611 },
      { address: '0.0.0.0', port: 4804, inode: 1612 },
    ]);
    expect(parseProcNetTcp(TCP6).map((s) => `${s.address} ${s.port}`)).toEqual([
      '::1 4801',
      ':: 4804',
      '::ffff:127.0.0.1 4802',
      '::ffff:10.0.0.10 4803',
      '2001:db8::1 4805',
    ]);
  });

  it('counts 127.0.0.0/8, ::1 and IPv4-mapped 127.x as loopback, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['0.0.0.0', '::', '10.0.0.10', '::ffff:10.0.0.10', '2001:db8::1', '::ffff:0.0.0.0']) {
      expect(isLoopback(address)).toBe(false);
    }
  });
});

describe.runIf(process.platform === 'linux')('listeningSocketsOf', () => {
  it('finds what this process listens on, with its real address (a server on every interface too)', async () => {
    const listen = (host: string) =>
      new Promise<ReturnType<typeof createServer>>((resolve) => {
        const server = createServer();
        server.listen(0, host, () => resolve(server));
      });
    const [loopback, everywhere] = await Promise.all([listen('127.0.0.1'), listen('0.0.0.0')]);
    const port = (server: ReturnType<typeof createServer>) => (server.address() as { port: number }).port;
    try {
      const sockets = listeningSocketsOf([process.pid]);
      expect(sockets).toContainEqual(expect.objectContaining({ address: '127.0.0.1', port: port(loopback) }));
      expect(sockets).toContainEqual(expect.objectContaining({ address: '0.0.0.0', port: port(everywhere) }));
    } finally {
      loopback.close();
      everywhere.close();
    }
  });
});
