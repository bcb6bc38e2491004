import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Claim } from '@/lib/bank/claims';
import type { InitiationRequest } from '@/lib/payments/initiation';
import { advanceClock, decideOnScaPages, JON_MAIN } from '@/sandbox/test/helpers';
import { BusinessClient } from '@/sandbox/test/webhooks-support';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { creditTransferRequest } from '@/tests/support/initiation-request';

/** Jón's kennitala: the payor of the bills, and the demo PSU's verified one. */
export const JON = '0101302989';
/** Greiðsla ehf.'s kennitala: the claimant of the bills. */
export const GREIDSLA = '5501692829';

/**
 * The app at the sandbox bank (tests/support/app-at-sandbox.ts) with Greiðsla ehf. signed in to the bank's
 * business interface, and the demo PSU, whose verified kennitala is Jón's: the payor of the bills, whose
 * payments are the bills'.
 */
export interface BillsAtSandbox {
  app: AppAtSandbox;
  business: BusinessClient;
  /** The demo PSU's id. */
  payor: string;
  /** A new claim of Greiðsla ehf. on Jón at the sandbox bank, due 2026-12-01 and finally 2026-12-11: its claimId. */
  claimAtBank(amount: number, options?: { partial?: boolean }): Promise<string>;
  /** The claim as the bills page reads it now (read from the bank, and kept by the app). */
  readBill(claimId: string): Promise<Claim>;
  /** A new claim at the bank, read from it but not yet kept by the app as a bill. */
  newClaim(amount: number, options?: { partial?: boolean }): Promise<Claim>;
  /** A new claim at the bank, read by the app as the bills page reads it. */
  newBill(amount: number, options?: { partial?: boolean }): Promise<Claim>;
  /**
   * What the bill's pay form sends (app/[locale]/bills/[claimId]/pay) from Jón's main account: by the payor unless
   * `psuId` is given, a new form unless `submissionId` is, of what is due unless `amount` is (none: null).
   */
  billForm(
    claim: Claim,
    options?: { psuId?: string; submissionId?: string; amount?: string | null; partialPayment?: boolean },
  ): InitiationRequest;
  /** The payment approved by Jón at the bank and carried out there, as the app then reads it (for `psuId`). */
  approveAndSettle(paymentId: string, psuId?: string): Promise<void>;
  /** The payor's payments the app holds as the bill's. */
  billPayments(claimId: string): Promise<import('@/lib/db/schema').Payment[]>;
}

/** Starts the app at the sandbox bank for a test file of bills, with `authSecret` as its AUTH_SECRET. */
export async function startBillsAtSandbox(authSecret: string): Promise<BillsAtSandbox> {
  const app = await startAppAtSandbox({ AUTH_SECRET: authSecret });
  const business = await BusinessClient.signIn(app.sandbox.url);
  const { saveClaim } = await import('@/lib/db/queries/bills');
  const { getClaim } = await import('@/lib/bank/claims');
  const { readOwnPaymentFromBank } = await import('@/lib/payments/sync');
  const [demo] = await app.db
    .select()
    .from(app.schema.psus)
    .where(eq(app.schema.psus.email, 'demo@greidsla.is'));
  const payor = demo?.id ?? '';
  let nextClaimNo = 700_000 + Math.floor(Math.random() * 290_000);

  async function claimAtBank(amount: number, { partial = false } = {}) {
    const created = await business.call('POST', '/business/claims', {
      claimKey: {
        claimantId: GREIDSLA,
        account: `0159${'66'}${String(++nextClaimNo)}`,
        dueDate: '2026-12-01',
      },
      payorId: JON,
      templateCode: '001',
      amount,
      finalDueDate: '2026-12-11',
      expirationDate: '2030-12-11',
      currency: 'ISK',
      isPartialPaymentAllowed: partial,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.success.claimId as string;
  }

  async function readClaim(claimId: string) {
    const claim = await getClaim(claimId);
    if (!claim || claim === 'unreadable') throw new Error('the claim could not be read');
    return claim;
  }

  async function readBill(claimId: string) {
    const claim = await readClaim(claimId);
    await saveClaim(app.db, 'default', claim);
    return claim;
  }

  return {
    app,
    business,
    payor,
    claimAtBank,
    readBill,
    newClaim: async (amount, options) => readClaim(await claimAtBank(amount, options)),
    newBill: async (amount, options) => readBill(await claimAtBank(amount, options)),
    billForm(
      claim,
      { psuId = payor, submissionId, amount = claim.totalAmountDue, partialPayment = false } = {},
    ) {
      const form = creditTransferRequest(psuId, {
        debtor: JON_MAIN,
        creditor: claim.depositAccount.iban,
        amount: amount ?? '',
        currency: amount === null ? '' : claim.currency,
        submissionId,
        psuIpAddress: '10.20.30.40',
        members: {
          creditorName: claim.claimantName,
          remittanceInformationUnstructured: claim.claimId,
          ...(partialPayment ? { partialPayment: true } : {}),
        },
      });
      // A payment of what the bank says is due names no amount (spec 2.1: optional).
      if (amount === null) delete form.body.instructedAmount;
      return {
        ...form,
        summary: { ...form.summary, creditorName: claim.claimantName, reference: claim.claimId },
      };
    },
    async approveAndSettle(paymentId, psuId = payor) {
      const { scaRedirect } = await app.payment(paymentId);
      await decideOnScaPages(scaRedirect ?? '');
      await advanceClock(app.sandbox.url, 60);
      await advanceClock(app.sandbox.url, 60);
      await readOwnPaymentFromBank(app.db, psuId, paymentId, '10.20.30.40');
    },
    billPayments(claimId) {
      return app.db
        .select()
        .from(app.schema.payments)
        .where(and(eq(app.schema.payments.psuId, payor), eq(app.schema.payments.billClaimId, claimId)));
    },
  };
}
