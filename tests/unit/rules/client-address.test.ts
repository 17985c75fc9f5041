import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from '../../../core/rules/client-address';

describe('per-address limits count an IPv6 client by its /64', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['[2001:db8:1:2::7]', '2001:db8:1:2::/64'],
    ['fe80::1:2:3:4%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b:1:2::203.0.113.9', '64:ff9b:1:2::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(rateLimitAddress(ip)).toBe(key);
  });

  it('every address of one /64 is one client; the next /64 is another', () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, i) => rateLimitAddress(`2001:db8:aa:bb:${i.toString(16)}:1:2:3`)),
    );
    expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
    expect(rateLimitAddress('2001:db8:aa:bc::1')).not.toBe('2001:db8:aa:bb::/64');
  });

  it('an IPv4 address is one client, also when written as IPv6', () => {
    expect(rateLimitAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitAddress('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(rateLimitAddress('203.0.113.10')).not.toBe(rateLimitAddress('203.0.113.9'));
  });

  it('what is not an address is kept as given (the seed, an unknown caller)', () => {
    for (const value of ['unknown', 'seed', '1:2:3', '1::2::3', '300.1.1.1', '2001:db8::1::'])
      expect(rateLimitAddress(value)).toBe(value);
  });
});
