import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFault } from '@/sandbox/test/fault-rules';
import { JON_MAIN } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// Two cancellations of one payment at once (two tabs, or "Cancel payment" beside the costs step's "Stop"):
// the second reaches the bank after the first has cancelled it. The bank refuses it as no longer cancellable,
// which the PSU must not read as "already being paid": the payment is cancelled, as they asked.

let app: AppAtSandbox;
let cancellation: typeof import('@/lib/payments/cancellation');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'cancel-race-secret-cancel-race-secret-0123' });
  cancellation = await import('@/lib/payments/cancellation');
});
afterAll(() => app?.close());

describe('a cancellation that comes second', () => {
  it('is answered as done, not "already being paid", when the first has cancelled the payment', async () => {
    const payment = await app.payment((await app.pay({ debtorIban: JON_MAIN })).id);
    expect(await cancellation.askBankToCancel(app.db, payment, '10.20.30.40')).toEqual({ kind: 'asked' });
    expect((await app.payment(payment.id)).transactionStatus).toBe('CANC');
    // The second, as its action read the payment before the first was done: the bank refuses it.
    expect(await cancellation.askBankToCancel(app.db, payment, '10.20.30.40')).toEqual({ kind: 'asked' });
    // And one read after: nothing to ask.
    expect(await cancellation.askBankToCancel(app.db, await app.payment(payment.id), '10.20.30.40')).toEqual({
      kind: 'asked',
    });
  });
});

// A cancellation the bank carried out whose answer never came back (the connection dropped after the bank
// cancelled, each time the bank client asked again): the PSU is told what the bank's status says, not "could not
// be reached, nothing is lost", which would send them to ask for a cancellation already made.
describe('a cancellation whose answer is lost', () => {
  it('is answered as done when the bank cancelled the payment', async () => {
    const payment = await app.payment((await app.pay({ debtorIban: JON_MAIN })).id);
    const added = await addFault(app.sandbox.url, {
      method: 'DELETE',
      path: `/psd2/api/v1/payments/credit-transfers/${payment.bankPaymentId}`,
      timeout: 'after',
      holdMs: 20,
    });
    expect(added.status).toBe(201);
    try {
      expect(await cancellation.askBankToCancel(app.db, payment, '10.20.30.40')).toEqual({ kind: 'asked' });
    } finally {
      await fetch(`${app.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    }
    expect((await app.payment(payment.id)).transactionStatus).toBe('CANC');
  });

  it('says the stop went unanswered, not that a payment will be sent once, when the bank did not cancel it', async () => {
    const payment = await app.payment((await app.pay({ debtorIban: JON_MAIN })).id);
    const added = await addFault(app.sandbox.url, {
      method: 'DELETE',
      path: `/psd2/api/v1/payments/credit-transfers/${payment.bankPaymentId}`,
      timeout: 'before',
      holdMs: 20,
    });
    expect(added.status).toBe(201);
    try {
      expect(await cancellation.askBankToCancel(app.db, payment, '10.20.30.40')).toEqual({
        kind: 'refused',
        messageKey: 'payment.cancelUnanswered',
      });
    } finally {
      await fetch(`${app.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    }
    expect((await app.payment(payment.id)).transactionStatus).toBe('RCVD');
  });
});
