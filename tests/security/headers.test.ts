import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/security/client-address';
import { contentSecurityPolicy, securityHeaders } from '@/lib/security/headers';
import { memoryLimiter } from '@/lib/security/memory-limiter';
import { requestIdFrom } from '@/lib/security/request-id';

const http = {
  NODE_ENV: 'production',
  APP_BASE_URL: 'http://localhost:3000',
  bankUrls: ['https://api.bank.example/psd2', 'https://auth.bank.example'],
  OIDC_ISSUER: undefined,
} as const;

describe('security headers', () => {
  it('puts the nonce in script-src with strict-dynamic, and no unsafe-eval in production', () => {
    const csp = contentSecurityPolicy(http, 'abc123');
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets forms go to the banks' and the OpenID provider's origins only", () => {
    const csp = contentSecurityPolicy({ ...http, OIDC_ISSUER: 'https://eid.example/realms/x' }, 'n');
    expect(csp).toContain(
      "form-action 'self' https://api.bank.example https://auth.bank.example https://eid.example;",
    );
    // Every bank of the directory: a second bank's pages are a place a form may be sent as well.
    const twoBanks = { ...http, bankUrls: [...http.bankUrls, 'https://psd2.other-bank.example/api'] };
    expect(contentSecurityPolicy(twoBanks, 'n')).toContain(
      "form-action 'self' https://api.bank.example https://auth.bank.example https://psd2.other-bank.example;",
    );
  });

  it('asks for upgrade-insecure-requests only over https', () => {
    expect(contentSecurityPolicy(http, 'n')).not.toContain('upgrade-insecure-requests');
    const https = { ...http, APP_BASE_URL: 'https://greidsla.is' };
    expect(contentSecurityPolicy(https, 'n')).toContain('upgrade-insecure-requests');
  });

  it('keeps the Origin of same-origin POSTs (no-referrer would make it null)', () => {
    expect(securityHeaders()['Referrer-Policy']).toBe('same-origin');
  });
});

describe('request ids', () => {
  it('keeps a UUID from the caller and replaces anything else', () => {
    const uuid = '5f0c7a4e-2f7b-4a61-9d9c-3c1e2b0a9f11';
    expect(requestIdFrom(new Headers({ 'x-request-id': uuid }))).toBe(uuid);
    const made = requestIdFrom(new Headers({ 'x-request-id': 'x"} {"level":60' }));
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(made).not.toBe(requestIdFrom(new Headers()));
  });
});

describe('client address', () => {
  it('reads the entry the nearest trusted proxy appended', () => {
    const headers = new Headers({ 'x-forwarded-for': '6.6.6.6, 10.0.0.7, 192.168.1.2' });
    expect(clientAddress(headers, 0)).toBe('192.168.1.2');
    expect(clientAddress(headers, 2)).toBe('10.0.0.7');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '::ffff:127.0.0.1' }), 0)).toBe('127.0.0.1');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '<script>' }), 0)).toBe('unknown');
  });
});

describe('in-memory limiter', () => {
  it('allows the limit per window, then says how long to wait', () => {
    const limiter = memoryLimiter({ limit: 3, windowMs: 60_000 });
    const at = 1_000_000;
    expect([1, 2, 3].map(() => limiter.hit('a', at).allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a', at + 10_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 50 });
    expect(limiter.hit('b', at).allowed).toBe(true);
    expect(limiter.hit('a', at + 60_000).allowed).toBe(true);
  });

  it('holds a bounded number of keys', () => {
    const limiter = memoryLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2 });
    limiter.hit('a', 0);
    limiter.hit('b', 0);
    limiter.hit('c', 0);
    // "a" was dropped to make room, so it starts afresh.
    expect(limiter.hit('a', 1).allowed).toBe(true);
  });
});
