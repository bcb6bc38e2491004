import { beforeAll, describe, expect, it, vi } from 'vitest';

// Payment spec 2.5: a 201 names the payment the bank has made (paymentId, transactionStatus, _links). A member of it
// the bank sends outside its type (a psuMessage that is no string, a link that is no object, a method without its
// required authenticationType or with an id over 35 characters, tppMessages that are no list, a challenge that is no
// object, a scaStatus that is no string) is left out, never the answer with it: read as unreadable, the PSU was told
// "Nothing was paid" of a payment the bank holds, and it was sent again and again.
beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'lenient-answer-secret-lenient-answer-secret-01');
});

const { readInitiationAnswer } = await import('@/lib/bank/payments');

const base = {
  transactionStatus: 'RCVD',
  paymentId: 'p-4711',
  _links: { scaRedirect: { href: 'https://bank.example/sca/1' } },
};

describe('a 201 with a member outside its type', () => {
  it.each([
    ['a psuMessage that is a number', { psuMessage: 42 }],
    ['tppMessages that are no list', { tppMessages: { category: 'WARNING', code: 'WARNING' } }],
    ['a challenge that is a string', { challengeData: 'abc' }],
    ['a scaStatus that is a number', { scaStatus: 1 }],
    ['a method without its type', { scaMethods: [{ authenticationMethodId: 'm1' }] }],
    [
      'a method id over 35 characters',
      { scaMethods: [{ authenticationType: 'SMS_OTP', authenticationMethodId: 'x'.repeat(36) }] },
    ],
  ])('is read, without the member: %s', (_, extra) => {
    const answer = readInitiationAnswer({ ...base, ...extra });
    expect(answer?.paymentId).toBe('p-4711');
    expect(answer?.transactionStatus).toBe('RCVD');
    expect(answer?.scaRedirect).toBe('https://bank.example/sca/1');
  });

  it('keeps the links that are links, and the methods that are methods', () => {
    const answer = readInitiationAnswer({
      ...base,
      _links: { ...base._links, self: null, status: { href: 5 }, scaStatus: 'x' },
      scaMethods: [
        { authenticationMethodId: 'broken' },
        { authenticationType: 'PUSH_OTP', authenticationMethodId: 'app', name: 'Appið' },
      ],
    });
    expect(answer?.sca.links).toEqual({ scaRedirect: 'https://bank.example/sca/1' });
    expect(answer?.sca.scaMethods).toEqual([
      { authenticationType: 'PUSH_OTP', authenticationMethodId: 'app', name: 'Appið' },
    ]);
  });

  it('without paymentId, transactionStatus or _links is still no answer', () => {
    expect(readInitiationAnswer({ transactionStatus: 'RCVD', _links: {} })).toBeUndefined();
    expect(readInitiationAnswer({ paymentId: 'p', _links: {} })).toBeUndefined();
    expect(readInitiationAnswer({ paymentId: 'p', transactionStatus: 'RCVD' })).toBeUndefined();
  });
});
