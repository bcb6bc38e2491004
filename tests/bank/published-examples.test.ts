import { beforeAll, describe, expect, it } from 'vitest';
import { loadPublished } from '@/sandbox/src/published-contract';

/**
 * A bank that answers only what IOBWS 3.2's own examples say (a mock made from the published file) must never make
 * the app show something untrue: each published initiation answer is read as the app reads a bank's answer, and
 * what the app cannot use is named, never taken for a step done or a payment waiting for nothing.
 */
beforeAll(() => {
  process.env.AUTH_SECRET ??= 'published-examples-secret-0123456789abcd';
  process.env.BANK_BASE_URL = 'https://psd2.example.com';
  process.env.BANK_DIALECT = 'iobws-3.2';
});

const { toScaAnswer, scaFieldsSchema } = await import('@/lib/bank/sca-answer');
const { readCosts } = await import('@/lib/bank/costs');
const { nextScaStep } = await import('@/lib/payments/sca');

const iobws = loadPublished('IOBWS3.2.yaml');
const example = (name: string) =>
  (iobws.at(`#/components/examples/${name}` as `#/${string}`) as { value: Record<string, unknown> }).value;

function stepOf(name: string) {
  const answer = toScaAnswer(scaFieldsSchema.parse(example(name)));
  const payment = {
    phase: 'initiated',
    transactionStatus: 'RCVD',
    sca: { ...answer, initiationLinks: answer.links },
  } as unknown as Parameters<typeof nextScaStep>[0];
  return { answer, step: nextScaStep(payment) };
}

describe('the published examples of an initiation answer, read by the app', () => {
  it('redirect: the PSU goes to the bank`s page; its links are read under the bank`s server', () => {
    const { answer, step } = stepOf('paymentInitiationExample_json_Redirect');
    expect(step).toEqual({ kind: 'redirect', url: 'https://www.testbank.com/asdfasdfasdf' });
    expect(answer.links.status).toBe('https://psd2.example.com/v1/payments/1234-wertiq-983/status');
    expect(answer.unusableLinks).toBeUndefined();
  });

  it('decoupled: the explicit start is the next step', () => {
    expect(stepOf('paymentInitiationExample_json_Decoupled').step.kind).toBe('another-signer');
  });

  it('embedded: the example`s link `startAuthenticationWithPsuAuthentication` is no step the app takes, and says so', () => {
    const { answer, step } = stepOf('paymentInitiationExample_json_Embedded');
    expect(answer.unusableLinks).toEqual(['startAuthenticationWithPsuAuthentication']);
    expect(step).toEqual({ kind: 'cannot-take', links: ['startAuthenticationWithPsuAuthentication'] });
  });

  it('costs: the published fee codes pass through as the bank gave them, nothing read that is not there', () => {
    const details = iobws.at('#/components/schemas/transactionFeesList') as { example: unknown };
    const { costs, unreadable } = readCosts({ transactionFeesDetails: details.example });
    expect(unreadable).toEqual([]);
    expect(costs.transactionFeesDetails?.map((fee) => fee.feeType)).toEqual(
      (details.example as { feeType: string }[]).map((fee) => fee.feeType),
    );
    expect(readCosts(example('paymentInitiationExample_json_Redirect')).costs).toEqual({});
  });
});
