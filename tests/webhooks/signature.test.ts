import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '@/lib/webhooks/signature';

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const body = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..aaaa.bbbb.cccc';
const stripe = new Stripe('sk_test_x');
const stripeSignature = stripe.webhooks.signature;
if (!stripeSignature) throw new Error('stripe-node has no webhook signature helper');
const now = new Date('2026-03-02T12:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

describe('webhook signature', () => {
  it('is accepted by stripe-node, an independent verifier of the same scheme', () => {
    const secret = newSecret();
    const header = signPayload(secret, body, Math.floor(Date.now() / 1000));
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripeSignature.verifyHeader(body, header, secret, 300)).toBe(true);
    expect(() => stripeSignature.verifyHeader(`${body}x`, header, secret, 300)).toThrow();
    expect(() => stripeSignature.verifyHeader(body, header, newSecret(), 300)).toThrow();
  });

  it('accepts what stripe-node signs', () => {
    const secret = newSecret();
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: nowSeconds });
    expect(verifySignature({ header, rawBody: body, secrets: [secret], now, toleranceSeconds: 300 })).toEqual(
      {
        ok: true,
        secretIndex: 0,
      },
    );
  });

  it('accepts any matching v1 during a rotation, and any of our current secrets', () => {
    const [oldSecret, newer, other] = [newSecret(), newSecret(), newSecret()];
    const fromOld = signPayload(oldSecret, body, nowSeconds);
    const fromNew = signPayload(newer, body, nowSeconds).split(',')[1];
    const header = `${fromOld}, ${fromNew}`;
    expect(verifySignature({ header, rawBody: body, secrets: [newer], now, toleranceSeconds: 300 })).toEqual({
      ok: true,
      secretIndex: 0,
    });
    expect(
      verifySignature({ header, rawBody: body, secrets: [other, oldSecret], now, toleranceSeconds: 300 }),
    ).toEqual({ ok: true, secretIndex: 1 });
    expect(stripeSignature.verifyHeader(body, header.replace(' ', ''), newer, 0)).toBe(true);
  });

  it('refuses a missing or malformed header', () => {
    const secret = newSecret();
    const check = (header: string | null) =>
      verifySignature({ header, rawBody: body, secrets: [secret], now, toleranceSeconds: 300 });
    const good = signPayload(secret, body, nowSeconds);
    const v1 = good.split(',')[1] ?? '';
    expect(check(null)).toEqual({ ok: false, reason: 'missing' });
    expect(check('  ')).toEqual({ ok: false, reason: 'missing' });
    expect(check(v1)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(`t=${nowSeconds}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(`t=${nowSeconds},t=${nowSeconds},${v1}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(`t=abc,${v1}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(`t=${nowSeconds},v1=${'a'.repeat(63)}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(good.toUpperCase().replace('T=', 't=').replace('V1=', 'v1='))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(check(good)).toEqual({ ok: true, secretIndex: 0 });
  });

  it('refuses a forged or tampered delivery', () => {
    const secret = newSecret();
    const header = signPayload(secret, body, nowSeconds);
    const check = (rawBody: string, secrets: string[]) =>
      verifySignature({ header, rawBody, secrets, now, toleranceSeconds: 300 });
    expect(check(body, [newSecret()])).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`${body.slice(0, -1)}d`, [secret])).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(body, [])).toEqual({ ok: false, reason: 'mismatch' });
    // The timestamp is signed too: moving it invalidates the signature.
    const moved = header.replace(`t=${nowSeconds}`, `t=${nowSeconds + 1}`);
    expect(
      verifySignature({ header: moved, rawBody: body, secrets: [secret], now, toleranceSeconds: 300 }),
    ).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a timestamp more than the tolerance in the past or in the future', () => {
    const secret = newSecret();
    const at = (offset: number) =>
      verifySignature({
        header: signPayload(secret, body, nowSeconds + offset),
        rawBody: body,
        secrets: [secret],
        now,
        toleranceSeconds: 300,
      });
    expect(at(-300)).toEqual({ ok: true, secretIndex: 0 });
    expect(at(300)).toEqual({ ok: true, secretIndex: 0 });
    expect(at(-301)).toEqual({ ok: false, reason: 'stale' });
    expect(at(301)).toEqual({ ok: false, reason: 'stale' });
    expect(at(-3600)).toEqual({ ok: false, reason: 'stale' });
    expect(at(3600)).toEqual({ ok: false, reason: 'stale' });
  });
});
