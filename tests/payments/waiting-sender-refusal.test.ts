import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import type { CannedAnswer } from '@/tests/bank/recording-proxy';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { paymentRow } from '@/tests/support/payment-row';
import { eventually } from '@/tests/support/sandbox-admin';

/**
 * Of two submissions of one form at once, one sends the payment and the other waits for its outcome
 * (lib/payments/initiation.ts initiateOnce). When the bank refuses it, the waiting one reads the refusal from the
 * payment's record (lib/payments/sending-outcome.ts settled): it is told in the same words as the sender, never in a
 * key the messages do not have. Against the sandbox bank, through a proxy that answers in its place.
 */

const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;
const NEVER = { method: 'GET', path: /^\/never$/ };

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'waiting-sender-refusal-secret-0123456789' });
});

afterAll(() => app?.close());

/** A message of messages/{en,is}.json by its dotted key, undefined where there is none. */
function words(messages: unknown, key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return typeof found === 'string' ? found : undefined;
}

function expectWords(key: string) {
  expect(words(en, key), `en ${key}`).toBeTypeOf('string');
  expect(words(is, key), `is ${key}`).toBeTypeOf('string');
}

const request = (submissionId: string) => app.request({ submissionId, note: 'waiting' });

/**
 * The bank answers the form's sending with `answers` (the first held back a moment), while a second submission of
 * the same form waits for it: what each is told.
 */
async function senderAndWaiter(...answers: CannedAnswer[]) {
  app.proxy.reset();
  for (const answer of answers) app.proxy.answerNext('POST', INITIATION, answer);
  const held = app.proxy.holdAnswerNext('POST', INITIATION, NEVER, 1_500);
  const submissionId = randomUUID();
  const sender = app.initiation.initiateOnce(request(submissionId));
  await eventually(
    async () => app.proxy.calls.some((call) => INITIATION.test(call.path)) || undefined,
    30_000,
    'the sending to reach the bank',
  );
  const waiter = await app.initiation.initiateOnce(request(submissionId));
  await held;
  const sent = await sender;
  app.proxy.dropUnusedAnswers();
  // The waiting submission sent nothing of its own.
  expect(app.proxy.calls.filter((call) => INITIATION.test(call.path))).toHaveLength(answers.length);
  return { sent, waiter };
}

describe('a submission that waited while another sent the same payment, which the bank refused', () => {
  it.each([
    { refusal: '401 without a body, to the renewed token too', answers: [{ status: 401 }, { status: 401 }] },
    { refusal: '403 without a body', answers: [{ status: 403 }] },
    { refusal: '404 without a body', answers: [{ status: 404 }] },
    { refusal: '406 without a body', answers: [{ status: 406 }] },
    { refusal: '400 without a body', answers: [{ status: 400 }] },
    {
      refusal: '403 with a code of the bank’s own only',
      answers: [{ status: 403, body: { tppMessages: [{ category: 'ERROR', code: 'SUDUR_BLOCKED' }] } }],
    },
    {
      refusal: '400 with a code of the bank’s own before one of part 7',
      answers: [
        {
          status: 400,
          body: {
            tppMessages: [
              { category: 'ERROR', code: 'SUDUR_LIMIT' },
              { category: 'ERROR', code: 'INSUFFICIENT_FUNDS' },
            ],
          },
        },
      ],
    },
    {
      // A 409 with the key is asked again twice (lib/bank/retry.ts); answered so each time, it refuses a first sending.
      refusal: '409 STATUS_INVALID to a first sending',
      answers: Array.from({ length: 3 }, () => ({
        status: 409,
        body: { tppMessages: [{ category: 'ERROR', code: 'STATUS_INVALID' }] },
      })),
    },
  ])('$refusal: is told what the sender is told', async ({ answers }) => {
    const { sent, waiter } = await senderAndWaiter(...answers);
    expect(sent).toMatchObject({ ok: false });
    expect(waiter).toEqual(sent);
    if (sent.ok) return;
    expectWords(sent.messageKey);
    expect(sent.messageKey).not.toMatch(/^bank\.code\.HTTP_/);
    expect((await app.payment(sent.paymentId ?? '')).phase).toBe('refused');
  });
});

describe('the words of a refused payment read from its record', () => {
  it('exist in English and Icelandic for every refusal an initiation is recorded with', async () => {
    const { BankError, BankTokenError, bankErrorCodes, refusalCodeOf } = await import('@/lib/bank/errors');
    const { settled } = await import('@/lib/payments/sending-outcome');
    // Every answer that refuses an initiation for good: a 4xx but 408 and 429 (lib/payments/initiation.ts send).
    const statuses = Array.from({ length: 100 }, (_, index) => 400 + index).filter(
      (status) => status !== 408 && status !== 429,
    );
    const codes = [[], ['SUDUR_OWN_CODE'], ...[...bankErrorCodes].map((code) => [code])];
    const keys = new Set<string>();
    for (const status of statuses)
      for (const messageCodes of codes)
        for (const Refusal of [BankError, BankTokenError]) {
          const error = new Refusal(
            status,
            messageCodes.map((code) => ({ category: 'ERROR', code })),
            'request-id',
          );
          const outcome = settled(paymentRow({ phase: 'refused', failureCode: refusalCodeOf(error) }));
          if (outcome?.ok !== false) throw new Error(`no refusal for ${status} ${messageCodes}`);
          keys.add(outcome.messageKey);
        }
    // A refusal recorded before its code was (none), or with a bank's own code as it was recorded once.
    for (const failureCode of [null, 'SUDUR_OWN_CODE']) {
      const outcome = settled(paymentRow({ phase: 'refused', failureCode }));
      if (outcome?.ok !== false) throw new Error(`no refusal for ${failureCode}`);
      keys.add(outcome.messageKey);
    }
    // A payment the bank answered with another payment's id (phase `unfollowable`).
    const clash = settled(paymentRow({ phase: 'unfollowable' }));
    if (clash?.ok !== false) throw new Error('no outcome of an unfollowable payment');
    keys.add(clash.messageKey);
    // A refusal that names fields.
    const fields = settled(
      paymentRow({
        phase: 'refused',
        failureCode: 'FORMAT_ERROR',
        refusedFields: [{ code: 'FORMAT_ERROR', path: 'creditorAccount.iban' }],
      }),
    );
    if (fields?.ok !== false) throw new Error('no outcome of a refusal naming fields');
    keys.add(fields.messageKey);
    for (const key of keys) expectWords(key);
  });
});
