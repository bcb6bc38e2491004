import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitedAddress } from '@/lib/security/client-address';

// A limit per client address counts an IPv6 client by its /64: each of that network's addresses is the same
// home's or host's to use, and counted one by one, every guess would start a fresh window.
describe('whom a limit counts', () => {
  it('an IPv4 address itself; an IPv6 address by its /64, however it is written', () => {
    expect(limitedAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(limitedAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('::1')).toBe('::/64');
    expect(limitedAddress('unknown')).toBe('unknown');
    const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(
        fc.array(hextet, { minLength: 8, maxLength: 8 }),
        fc.array(hextet, { minLength: 4, maxLength: 4 }),
        (a, host) => {
          const same = [...a.slice(0, 4), ...host].join(':');
          expect(limitedAddress(a.join(':'))).toBe(limitedAddress(same));
        },
      ),
    );
  });
});
