import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  process.env.AUTH_SECRET ??= 'psu-request-secret-psu-request-secret-01';
  // One proxy in front of the app, appending the address it saw.
  process.env.TRUSTED_PROXY_COUNT = '1';
  process.env.TPP_PUBLIC_IP = '198.51.100.20';
});

const { psuIpAddress, psuIpAddressToKeep } = await import('@/lib/payments/psu-request');

const headers = (forwardedFor: string) => new Headers({ 'x-forwarded-for': forwardedFor });

describe('PSU-IP-Address: the IPv4 of the PSU toward us (spec 4.1)', () => {
  it('is the address our trusted proxy saw, not an entry the browser wrote itself', () => {
    expect(psuIpAddress(headers('6.6.6.6, 203.0.113.7'))).toBe('203.0.113.7');
    expect(psuIpAddress(headers('203.0.113.7'))).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(psuIpAddress(headers('::ffff:203.0.113.8'))).toBe('203.0.113.8');
  });

  it('falls back to our own address (TPP_PUBLIC_IP) for IPv6 or when there is none, never loopback', () => {
    expect(psuIpAddress(headers('2001:db8::1'))).toBe('198.51.100.20');
    expect(psuIpAddress(new Headers())).toBe('198.51.100.20');
  });

  it('keeps the PSU\u2019s own address for a resend, not our fallback', () => {
    expect(psuIpAddressToKeep(psuIpAddress(headers('203.0.113.7')))).toBe('203.0.113.7');
    expect(psuIpAddressToKeep(psuIpAddress(headers('2001:db8::1')))).toBeNull();
  });
});
