/**
 * The client a per-address limit counts (docs/decisions/0083-per-address-limits-and-ipv6.md). An IPv4 address is
 * one client. An IPv6 client is given a whole /64 (2^64 addresses, each free to use), so counting one address
 * would let it send from a new one per request: its limit counts the /64. An IPv4 address written as IPv6
 * (`::ffff:203.0.113.9`, what a dual-stack socket reports) counts as that IPv4 address.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Octets(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail read as two groups), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const octets = ipv4Octets(tail[2]!);
    if (!octets) return null;
    text = `${tail[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  const head = groupsOf(halves[0]!);
  const rest = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...rest] : null;
}

/** What a per-address limit keys on: the IPv4 address, or the /64 of an IPv6 one; anything else as given. */
export function rateLimitAddress(sourceIp: string): string {
  const address = sourceIp
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (ipv4Octets(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return sourceIp;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
