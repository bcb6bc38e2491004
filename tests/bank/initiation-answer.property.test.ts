import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Payment spec 2.5 (and part 7 for its tppMessages): every 201 answer the spec allows is read, with its
 * paymentId and transactionStatus, whatever its optional members hold within their types. A bound we
 * invented (an OTP length of at most 64, a fee text of at most 140 characters, at most 50 fees, a
 * chosenScaMethod with members of our own idea) must not turn a payment the bank has made into "the bank
 * answered without a payment id".
 */

beforeAll(() => {
  process.env.AUTH_SECRET ??= 'initiation-answer-secret-initiation-answer-0';
  process.env.BANK_BASE_URL = 'https://bank.example/psd2';
});

const { readInitiationAnswer } = await import('@/lib/bank/payments');
const { bankTextMaxLength } = await import('@/lib/bank/bank-text');

const TRANSACTION_STATUSES = [
  'RCVD',
  'PATC',
  'ACTC',
  'ACCP',
  'ACFC',
  'ACSP',
  'ACWC',
  'ACWP',
  'ACSC',
  'ACCC',
  'PDNG',
  'PART',
  'RJCT',
  'CANC',
] as const;
const LINK_NAMES = [
  'scaRedirect',
  'scaOAuth',
  'confirmation',
  'startAuthorisation',
  'startAuthorisationWithPsuIdentification',
  'startAuthorisationWithPsuAuthentication',
  'startAuthorisationWithEncryptedPsuAuthentication',
  'startAuthorisationWithAuthenticationMethodSelection',
  'startAuthorisationWithTransactionAuthorisation',
  'self',
  'status',
  'scaStatus',
  'confirmIobwsStraightThroughProcessingAuthorisation',
] as const;

const text = fc.string({ unit: 'binary', maxLength: 80 });
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const int32 = fc.integer({ min: -2147483648, max: 2147483647 });
const amount = fc.record({
  currency: fc.stringMatching(/^[A-Z]{3}$/),
  amount: fc.stringMatching(/^-?[0-9]{1,14}(\.[0-9]{1,3})?$/),
});
const href = nullable(
  fc.oneof(
    fc.webUrl({ withQueryParameters: true }),
    fc.constantFrom('/api/v1/payments/credit-transfers/p1', 'api/v1/x', 'http://[', '://', ''),
    text,
  ),
);
const authenticationObject = fc.record(
  {
    authenticationType: fc.constantFrom('SMS_OTP', 'CHIP_OTP', 'PHOTO_OTP', 'PUSH_OTP'),
    authenticationMethodId: fc.string({ unit: 'binary', minLength: 1, maxLength: 35 }),
    authenticationVersion: nullable(text),
    name: nullable(text),
    explanation: nullable(text),
  },
  { requiredKeys: ['authenticationType', 'authenticationMethodId'] },
);
const challengeData = fc.record(
  {
    image: nullable(fc.base64String({ maxLength: 64 })),
    data: nullable(fc.array(text, { maxLength: 4 })),
    imageLink: nullable(text),
    otpMaxLength: nullable(int32),
    otpFormat: nullable(fc.constantFrom('characters', 'integer')),
    additionalInformation: nullable(fc.string({ unit: 'binary', maxLength: 700 })),
  },
  { requiredKeys: [] },
);
const tppMessage = fc.record(
  {
    category: fc.constantFrom('ERROR', 'WARNING'),
    code: fc.constant('WARNING'),
    path: nullable(text),
    text: nullable(fc.string({ unit: 'binary', maxLength: 500 })),
  },
  { requiredKeys: ['category', 'code'] },
);

/** A 201 body that payment spec 2.5 allows: its required members, and any of the optional ones. */
const initiationAnswer = fc.record(
  {
    transactionStatus: fc.constantFrom(...TRANSACTION_STATUSES),
    paymentId: fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
    _links: fc.dictionary(fc.oneof(fc.constantFrom(...LINK_NAMES), text), fc.record({ href }), {
      maxKeys: 6,
    }),
    transactionFees: amount,
    currencyConversionFee: amount,
    transactionFeeIndicator: nullable(fc.boolean()),
    scaMethods: fc.array(authenticationObject, { maxLength: 4 }),
    // "object with no defined properties": anything a bank puts in it.
    chosenScaMethod: fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    challengeData,
    psuMessage: fc.string({ unit: 'binary', maxLength: 500 }),
    tppMessages: fc.array(tppMessage, { maxLength: 3 }),
    transactionFeesDetails: fc.array(
      fc.record({ feeType: fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }), value: amount }),
      { maxLength: 60 },
    ),
    exchangeRateInformation: fc.record(
      {
        unitCurrency: nullable(fc.stringMatching(/^[A-Z]{3}$/)),
        exchangeRate: nullable(fc.stringMatching(/^[0-9]{1,6}(\.[0-9]{1,6})?$/)),
        contractIdentification: nullable(fc.string({ unit: 'binary', maxLength: 300 })),
        rateType: nullable(fc.constantFrom('SPOT', 'SALE', 'AGRD')),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['transactionStatus', 'paymentId', '_links'] },
);

describe('the initiation answer is read within the types of payment spec 2.5', () => {
  it('every spec-valid 201 body is read, with its paymentId and status as the bank gave them', () => {
    fc.assert(
      fc.property(initiationAnswer, (body) => {
        const read = readInitiationAnswer(body);
        expect(read).toBeDefined();
        expect(read?.paymentId).toBe(body.paymentId);
        expect(read?.transactionStatus).toBe(body.transactionStatus);
        // What is shown to the PSU is bounded, and a length for the code field is one it can use.
        expect(Array.from(read?.sca.psuMessage ?? '').length).toBeLessThanOrEqual(bankTextMaxLength);
        const otpMaxLength = read?.sca.challengeData?.otpMaxLength;
        if (otpMaxLength != null) expect(otpMaxLength).toBeGreaterThan(0);
        for (const link of Object.values(read?.sca.links ?? {})) expect(() => new URL(link)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('an OTP length above 64 (int32) is kept as the bank gave it; one of 0 or less is left out, with the answer read', () => {
    const base = { transactionStatus: 'RCVD', paymentId: 'p-1', _links: {} };
    const big = readInitiationAnswer({ ...base, challengeData: { otpMaxLength: 128, otpFormat: 'integer' } });
    expect(big?.sca.challengeData).toMatchObject({ otpMaxLength: 128, otpFormat: 'integer' });
    const none = readInitiationAnswer({ ...base, challengeData: { otpMaxLength: 0 } });
    expect(none?.paymentId).toBe('p-1');
    expect(none?.sca.challengeData?.otpMaxLength).toBeUndefined();
  });

  it('fees with long names, and more than fifty of them, are read as the bank gave them', () => {
    const fees = Array.from({ length: 60 }, (_, index) => ({
      feeType: `${'Þóknun vegna millifærslu '.repeat(8)}${index}`,
      value: { currency: 'ISK', amount: '15' },
    }));
    const read = readInitiationAnswer({
      transactionStatus: 'RCVD',
      paymentId: 'p-2',
      _links: {},
      transactionFeesDetails: fees,
      exchangeRateInformation: { contractIdentification: '', rateType: 'SPOT' },
    });
    expect(read?.unreadableCosts).toEqual([]);
    expect(read?.costs.transactionFeesDetails).toHaveLength(60);
    expect(read?.costs.exchangeRateInformation?.rateType).toBe('SPOT');
  });

  it('is unreadable only without a paymentId, a transactionStatus or _links', () => {
    const base = { transactionStatus: 'RCVD', paymentId: 'p-3', _links: {} };
    expect(readInitiationAnswer(base)).toBeDefined();
    expect(readInitiationAnswer({ ...base, paymentId: '' })).toBeUndefined();
    expect(readInitiationAnswer({ ...base, paymentId: undefined })).toBeUndefined();
    expect(readInitiationAnswer({ ...base, transactionStatus: undefined })).toBeUndefined();
    expect(readInitiationAnswer({ ...base, _links: undefined })).toBeUndefined();
  });
});
