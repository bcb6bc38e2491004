import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

/**
 * When the app last read a payment's status from the bank (`payments.status_read_at`), which the operators'
 * list of stuck payments measures the app's following of a payment by: set by every reading that succeeds,
 * left as it was by one that fails (which marks `status_read_failed_at` instead). Against the sandbox bank.
 */

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'status-read-secret-status-read-secret-0123' });
}, 300_000);

afterAll(() => app?.close());

it('a successful reading sets when the status was last read; a failed one leaves it and marks the failure', async () => {
  const { id } = await app.pay({ debtorIban: 'IS140159260076545510730339' });
  expect((await app.payment(id)).statusReadAt).toBeNull();

  await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
  const read = await app.payment(id);
  expect(read.statusReadAt).toBeInstanceOf(Date);
  expect(read.statusReadFailedAt).toBeNull();

  // Busy on the first try and both retries.
  for (let i = 0; i < 3; i++) app.proxy.answerNext('GET', /\/status$/, { status: 503 });
  await app.sync.syncPaymentStatus(app.db, read, 'poll');
  const failed = await app.payment(id);
  expect(failed.statusReadAt).toEqual(read.statusReadAt);
  expect(failed.statusReadFailedAt).toBeInstanceOf(Date);

  await app.sync.syncPaymentStatus(app.db, failed, 'poll');
  const again = await app.payment(id);
  expect(again.statusReadFailedAt).toBeNull();
  expect(again.statusReadAt?.getTime()).toBeGreaterThan(
    read.statusReadAt?.getTime() ?? Number.POSITIVE_INFINITY,
  );
});
