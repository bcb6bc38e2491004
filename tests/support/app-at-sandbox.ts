import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RunningSandbox } from '@/sandbox/src/server';
import { CREDITOR, startTestSandbox } from '@/sandbox/test/helpers';
import { RecordingProxy } from '@/tests/bank/recording-proxy';
import { freshAppDatabase } from './app-database';
import { creditTransferRequest } from './initiation-request';

/**
 * The app's domains in this process against a sandbox bank on loopback (every interface: payments,
 * business, webhooks service), every call through a recording proxy (tests/bank/recording-proxy.ts)
 * that can rewrite or answer in the bank's place; one PSU of the app, who pays from the sandbox
 * accounts. Modules are loaded after the settings are set.
 */
export interface AppAtSandbox {
  sandbox: RunningSandbox;
  proxy: RecordingProxy;
  psuId: string;
  db: import('@/lib/db').Db;
  schema: typeof import('@/lib/db/schema');
  initiation: typeof import('@/lib/payments/initiation');
  view: typeof import('@/lib/payments/view');
  sync: typeof import('@/lib/payments/sync');
  sca: typeof import('@/lib/payments/sca');
  /**
   * The PSU's payment from 10.20.30.40 as the payment form sends it to initiateOnce: from Jón's main account to
   * CREDITOR unless told otherwise, of 2500 krónur, with a message of `note` and the form's id; a new form unless
   * `submissionId` is given.
   */
  request(payment?: PaymentForm): import('@/lib/payments/initiation').InitiationRequest;
  /** A payment of the PSU sent to the bank; fails the test when the bank does not take it. */
  pay(payment: PaymentForm & { debtorIban: string }): Promise<{ id: string; redirectTo: string }>;
  /** The payment as the app holds it now. */
  payment(id: string): Promise<import('@/lib/db/schema').Payment>;
  close(): Promise<void>;
}

/** What `request` and `pay` are told of a payment; the rest is theirs to choose. */
export interface PaymentForm {
  debtorIban?: string;
  creditorIban?: string;
  amount?: string;
  currency?: string;
  uiLocale?: 'is' | 'en';
  submissionId?: string;
  /** The message's first word (remittanceInformationUnstructured), before the form's id. */
  note?: string;
  /** More members of the payment's body (spec 2.1): an ultimateDebtor, a chargeBearer. */
  members?: Record<string, unknown>;
}

export async function startAppAtSandbox(env: Record<string, string>): Promise<AppAtSandbox> {
  const proxy = new RecordingProxy();
  const proxyUrl = await proxy.start();
  const sandbox = await startTestSandbox({ publicUrl: proxyUrl });
  proxy.forwardTo(sandbox.url);
  Object.assign(process.env, await freshAppDatabase(), {
    APP_BASE_URL: 'http://127.0.0.1:9',
    BANK_BASE_URL: `${proxyUrl}/psd2`,
    BANK_AUTH_URL: proxyUrl,
    BANK_EVENTS_BASE_URL: `${proxyUrl}/events`,
    BANK_BUSINESS_BASE_URL: `${proxyUrl}/business`,
    BANK_TIMEOUT_MS: '15000',
    ...env,
  });
  const [initiation, dbModule, schema, view, sync, sca] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
    import('@/lib/payments/view'),
    import('@/lib/payments/sync'),
    import('@/lib/payments/sca'),
  ]);
  const db = await dbModule.getDb();
  const [psu] = await db
    .insert(schema.psus)
    .values({ email: `${randomUUID()}@sandbox.test`, passwordHash: 'x', displayName: 'PSU' })
    .returning();
  const psuId = psu?.id ?? '';
  const request = ({
    debtorIban,
    creditorIban = CREDITOR,
    amount = '2500',
    currency,
    uiLocale,
    submissionId = randomUUID(),
    note = 'test',
    members,
  }: PaymentForm = {}) =>
    creditTransferRequest(psuId, {
      debtor: debtorIban,
      creditor: creditorIban,
      amount,
      currency,
      uiLocale,
      submissionId,
      psuIpAddress: '10.20.30.40',
      members: { remittanceInformationUnstructured: `${note} ${submissionId.slice(0, 8)}`, ...members },
    });
  return {
    sandbox,
    proxy,
    psuId,
    db,
    schema,
    initiation,
    view,
    sync,
    sca,
    request,
    async pay(payment) {
      const outcome = await initiation.initiateOnce(request(payment));
      if (!outcome.ok) throw new Error(`initiation failed: ${JSON.stringify(outcome)}`);
      return { id: outcome.paymentId, redirectTo: outcome.redirectTo };
    },
    async payment(id) {
      const [row] = await db.select().from(schema.payments).where(eq(schema.payments.id, id));
      if (!row) throw new Error(`no payment ${id}`);
      return row;
    },
    async close() {
      await dbModule.closeDatabase();
      await proxy.stop();
      await sandbox.close();
    },
  };
}
