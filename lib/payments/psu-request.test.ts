import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  process.env.AUTH_SECRET ??= 'psu-request-secret-psu-request-secret-01';
  // One proxy in front of the app, appending the address it saw.
  process.env.TRUSTED_PROXY_COUNT = '1';
});

const { psuIpAddress } = await import('@/lib/payments/psu-request');

const headers = (forwardedFor: string) => new Headers({ 'x-forwarded-for': forwardedFor });

describe('PSU-IP-Address: the IPv4 of the PSU toward us (spec 4.1)', () => {
  it('is the address our trusted proxy saw, not an entry the browser wrote itself', () => {
    expect(psuIpAddress(headers('6.6.6.6, 203.0.113.7'))).toBe('203.0.113.7');
    expect(psuIpAddress(headers('203.0.113.7'))).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(psuIpAddress(headers('::ffff:203.0.113.8'))).toBe('203.0.113.8');
  });

  it('falls back to our own address for IPv6 or when there is none', () => {
    expect(psuIpAddress(headers('2001:db8::1'))).toBe('127.0.0.1');
    expect(psuIpAddress(new Headers())).toBe('127.0.0.1');
  });
});
