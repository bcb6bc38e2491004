import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { databaseNow } from '@/lib/db/clock';
import { paymentNotificationTokens } from '@/lib/db/notification-schema';
import { ANSWER_NOT_SAVED, OUTCOME_UNKNOWN } from '@/lib/db/payment-types';
import { perHandle } from '@/lib/db/per-handle';
import { type Payment, paymentEvents, payments } from '@/lib/db/schema';

type NewPayment = typeof payments.$inferInsert;

/** Every column a new payment is saved with (lib/payments/initiation.ts), null where it has none. */
export type ClaimedPaymentValues = Required<
  Pick<
    NewPayment,
    | 'psuId'
    | 'submissionId'
    | 'correctionOf'
    | 'fingerprint'
    | 'idempotencyKey'
    | 'service'
    | 'product'
    | 'body'
    | 'scaLanguage'
    | 'uiLocale'
    | 'amount'
    | 'currency'
    | 'creditorName'
    | 'label'
    | 'creditorAccount'
    | 'reference'
    | 'elementCount'
    | 'listOverview'
    | 'psuIpAddress'
    | 'bankId'
    | 'billBankId'
    | 'billClaimId'
    | 'billAmountDue'
  >
>;

/** What a payment's initiation answer sets (lib/payments/initiation-answer.ts), null where it has none. */
export type InitiationRecord = Required<
  Pick<
    NewPayment,
    | 'phase'
    | 'bankPaymentId'
    | 'clashingBankPaymentId'
    | 'scaRedirect'
    | 'sca'
    | 'transactionStatus'
    | 'costs'
    | 'bankNotes'
    | 'failureCode'
  >
>;

const slot = sql.placeholder;
/** A placeholder for a jsonb column, given its text (`asJsonb`). */
const jsonbSlot = (name: string) => sql`${slot(name)}::jsonb`;
const asJsonb = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * A payment whose sending is not decided yet (`new`, or `sending` by a sender): the only one whose bank answer may
 * be recorded or released. A sender whose claim lapsed while it waited on the bank may hear after another sender
 * of the same payment (the same Idempotency-Key, so the bank's same answer) has recorded it: its own recording,
 * refusal or release then changes nothing, so the history holds the answer once and a recorded payment never
 * goes back to `new`.
 */
export const undecided = inArray(payments.phase, ['new', 'sending']);

/**
 * The statements of every initiation, built once per database handle (`perHandle`) and prepared
 * (on PostgreSQL, by name on each connection): building them took as long as PGlite took to run them.
 */
function buildStatements(db: Db) {
  const saved = db.$with('saved').as(
    db
      .insert(payments)
      .values({
        psuId: slot('psuId'),
        submissionId: slot('submissionId'),
        correctionOf: slot('correctionOf'),
        fingerprint: slot('fingerprint'),
        idempotencyKey: slot('idempotencyKey'),
        service: slot('service'),
        product: slot('product'),
        body: jsonbSlot('body'),
        scaLanguage: slot('scaLanguage'),
        uiLocale: slot('uiLocale'),
        amount: slot('amount'),
        currency: slot('currency'),
        creditorName: slot('creditorName'),
        label: slot('label'),
        creditorAccount: slot('creditorAccount'),
        reference: slot('reference'),
        elementCount: slot('elementCount'),
        listOverview: jsonbSlot('listOverview'),
        psuIpAddress: slot('psuIpAddress'),
        bankId: slot('bankId'),
        billBankId: slot('billBankId'),
        billClaimId: slot('billClaimId'),
        billAmountDue: slot('billAmountDue'),
        phase: 'sending',
        claimedUntil: sql`now() + make_interval(secs => ${slot('claimSeconds')})`,
      })
      .onConflictDoNothing({ target: [payments.psuId, payments.submissionId] })
      .returning(),
  );
  const token = db.$with('token', { paymentId: sql<string>`payment_id` }).as(
    sql`insert into ${paymentNotificationTokens} (payment_id, token_hash)
      select id, ${slot('tokenHash')} from ${sql.identifier('saved')} returning payment_id`,
  );
  const updated = db.$with('updated').as(
    db
      .update(payments)
      .set({
        phase: sql`${slot('phase')}`,
        bankPaymentId: sql`${slot('bankPaymentId')}`,
        clashingBankPaymentId: sql`${slot('clashingBankPaymentId')}`,
        scaRedirect: sql`${slot('scaRedirect')}`,
        sca: jsonbSlot('sca'),
        transactionStatus: sql`${slot('transactionStatus')}`,
        costs: jsonbSlot('costs'),
        bankNotes: jsonbSlot('bankNotes'),
        failureCode: sql`${slot('failureCode')}`,
        claimedUntil: null,
        updatedAt: databaseNow(),
      })
      .where(and(eq(payments.id, sql`${slot('paymentId')}`), undecided))
      .returning(),
  );
  const recorded = db.$with('event', { paymentId: sql<string>`payment_id` }).as(
    sql`insert into ${paymentEvents} (payment_id, transaction_status, source, detail)
      select id, transaction_status, ${slot('source')}, ${jsonbSlot('detail')}
      from ${sql.identifier('updated')} returning payment_id`,
  );
  const formId = slot('submissionId');
  return {
    // Its codes written out, not passed as values: so the check reads payments_outcome_unknown_idx. The id
    // alone: on PGlite, describing and reading a whole payment row doubled the statement's time.
    outcomeUnknown: db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.psuId, slot('psuId')),
          eq(payments.fingerprint, slot('fingerprint')),
          sql`${payments.failureCode} in (${sql.raw(`'${OUTCOME_UNKNOWN}', '${ANSWER_NOT_SAVED}'`)})`,
          ne(payments.submissionId, formId),
          or(isNull(payments.correctionOf), ne(payments.correctionOf, formId)),
          gt(payments.createdAt, sql`now() - make_interval(hours => ${slot('hours')})`),
        ),
      )
      .limit(1)
      .prepare('payment_outcome_unknown'),
    insertClaimed: db.with(saved).select().from(saved).prepare('insert_claimed_payment'),
    insertClaimedWithToken: db
      .with(saved, token)
      .select()
      .from(saved)
      .prepare('insert_claimed_payment_token'),
    // Only the update's time read back: the rest of the row is the claimed payment's with the answer's values.
    // On PGlite, reading the whole row back took about as long as the update and its event (0.6 ms against 0.35).
    recordInitiation: db
      .with(updated, recorded)
      .select({ updatedAt: updated.updatedAt })
      .from(updated)
      .prepare('record_initiation'),
  };
}

const statements = perHandle(buildStatements);

/**
 * A payment of the PSU with this content (`fingerprint`) whose bank answer was lost or not recorded, saved within
 * the last `hours`, of another form than `submissionId` (neither its own payment nor a correction of it).
 */
export async function paymentOfContentOutcomeUnknown(
  db: Db,
  of: { psuId: string; fingerprint: string; submissionId: string; hours: number },
): Promise<{ id: string } | undefined> {
  const [row] = await statements(db).outcomeUnknown.execute(of);
  return row;
}

/**
 * Saves a new payment already claimed for sending by the caller (phase `sending` for `claim.seconds`),
 * with the hash of its notification token where one is given, in one statement. Nothing when the PSU
 * has a payment with this submission id already (the unique (psu, submission id) settles races).
 */
export async function insertClaimedPayment(
  db: Db,
  values: ClaimedPaymentValues,
  claim: { seconds: number; notificationTokenHash?: string },
): Promise<Payment | undefined> {
  const given = {
    ...values,
    body: asJsonb(values.body),
    listOverview: asJsonb(values.listOverview),
    claimSeconds: claim.seconds,
  };
  const { insertClaimed, insertClaimedWithToken } = statements(db);
  const [row] =
    claim.notificationTokenHash === undefined
      ? await insertClaimed.execute(given)
      : await insertClaimedWithToken.execute({ ...given, tokenHash: claim.notificationTokenHash });
  return row;
}

/**
 * Records what the bank answered to a payment's initiation (`answer`, claim released) and its first
 * status event from `source`, in one statement; the payment as it now is: `claimed`, as the caller claimed it
 * for sending (no one else writes to a payment while it is claimed), with the answer in it. Nothing, and no
 * event, when its sending is decided already (`undecided`).
 */
export async function recordInitiation(
  db: Db,
  claimed: Payment,
  answer: InitiationRecord,
  event: { source: 'initiation'; detail: Record<string, unknown> },
): Promise<Payment | undefined> {
  const [row] = await statements(db).recordInitiation.execute({
    ...answer,
    sca: asJsonb(answer.sca),
    costs: asJsonb(answer.costs),
    bankNotes: asJsonb(answer.bankNotes),
    paymentId: claimed.id,
    source: event.source,
    detail: asJsonb(event.detail),
  });
  return row && { ...claimed, ...answer, claimedUntil: null, updatedAt: row.updatedAt };
}

/**
 * The bulk payments of the PSU whose bank answer was lost or not recorded, saved within the last `hours`, of
 * another form than `submissionId`: their product and body, for the caller to compare by their payments (each bulk
 * form names its bulk with an id of its own, so the same payments from another form never share a fingerprint).
 */
export function bulkPaymentsOutcomeUnknown(
  db: Db,
  of: { psuId: string; submissionId: string; hours: number },
): Promise<Pick<Payment, 'id' | 'product' | 'body'>[]> {
  return db
    .select({ id: payments.id, product: payments.product, body: payments.body })
    .from(payments)
    .where(
      and(
        eq(payments.psuId, of.psuId),
        eq(payments.service, 'bulk-payments'),
        inArray(payments.failureCode, [OUTCOME_UNKNOWN, ANSWER_NOT_SAVED]),
        ne(payments.submissionId, of.submissionId),
        or(isNull(payments.correctionOf), ne(payments.correctionOf, of.submissionId)),
        gt(payments.createdAt, sql`now() - make_interval(hours => ${of.hours})`),
      ),
    )
    .orderBy(payments.createdAt);
}
