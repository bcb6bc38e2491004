import { and, desc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Claim } from '@/lib/bank/claims';
import { type Bill, bills } from '../bills-schema';
import { databaseNow } from '../clock';
import { CARRIED_OUT_STATUSES, payments } from '../schema';
import type { Db } from '../types';
import { listedColumns } from './payments';

export interface PaidByEvent {
  eventId: string;
}

/**
 * Records what a bank (`bankId`, of the directory) says of a claim now: the bill is that bank's, and a claim of
 * another bank, whatever its id, is another bill. When the reading follows a `claim.paid` event and the
 * claim is Paid, the event is remembered as the one that told us; a later reading from the list
 * never clears it, and a reading never turns a Paid bill back to Unpaid (a paid claim stays paid).
 */
export async function saveClaim(db: Db, bankId: string, claim: Claim, event?: PaidByEvent): Promise<void> {
  const paidByEvent = event && claim.claimStatus === 'Paid';
  const values = {
    bankId,
    claimId: claim.claimId,
    payorId: claim.payorId,
    claimantName: claim.claimantName,
    status: claim.claimStatus,
    amount: claim.amount,
    totalAmountDue: claim.totalAmountDue,
    currency: claim.currency,
    discountOffered: claim.discountOffered,
    dueDate: claim.dueDate,
    finalDueDate: claim.finalDueDate,
    reference: claim.reference ?? null,
    depositIban: claim.depositAccount.iban,
    isPartialPaymentAllowed: claim.isPartialPaymentAllowed,
    isPartiallyPaid: claim.isPartiallyPaid,
    unreadableSince: null,
    ...(paidByEvent ? { paidEventId: event.eventId, paidEventAt: new Date() } : {}),
  };
  await db
    .insert(bills)
    .values(values)
    .onConflictDoUpdate({
      target: [bills.bankId, bills.claimId],
      set: {
        ...values,
        status: sql`case when ${bills.status} = 'Paid' then 'Paid' else ${claim.claimStatus} end`,
        ...(paidByEvent
          ? {
              paidEventId: sql`coalesce(${bills.paidEventId}, ${event.eventId}::uuid)`,
              paidEventAt: sql`coalesce(${bills.paidEventAt}, now())`,
            }
          : {}),
        updatedAt: databaseNow(),
      },
    });
}

/**
 * Marks the payor's bills of these claim ids at this bank as answered by it in a shape the app cannot read (kept since
 * the first such answer); how many bills of the payor it names.
 */
export async function markUnreadable(
  db: Db,
  bankId: string,
  payorId: string,
  claimIds: string[],
): Promise<number> {
  if (claimIds.length === 0) return 0;
  const marked = await db
    .update(bills)
    .set({ unreadableSince: sql`coalesce(${bills.unreadableSince}, now())` })
    .where(and(eq(bills.bankId, bankId), eq(bills.payorId, payorId), inArray(bills.claimId, claimIds)))
    .returning({ claimId: bills.claimId });
  return marked.length;
}

/** A payor's bills, open ones first, each by due date. */
export async function billsOf(db: Db, payorId: string): Promise<Bill[]> {
  return db
    .select()
    .from(bills)
    .where(eq(bills.payorId, payorId))
    .orderBy(
      sql`case when ${bills.status} = 'Paid' then 1 else 0 end`,
      bills.dueDate,
      bills.claimId,
      bills.bankId,
    );
}

export async function findBill(db: Db, bankId: string, claimId: string): Promise<Bill | undefined> {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.bankId, bankId), eq(bills.claimId, claimId)))
    .limit(1);
  return row;
}

/** The PSU's payments whose reference is one of these claim ids, newest first. */
export async function paymentsReferencing(
  db: Db,
  psuId: string,
  claimIds: string[],
): Promise<
  {
    id: string;
    reference: string | null;
    creditorAccount: string;
    phase: string;
    transactionStatus: string | null;
    billClaimId: string | null;
    /** The day the bank first reported it paid (as the payment's page gives it), null until then. */
    paidDay: string | null;
  }[]
> {
  if (claimIds.length === 0) return [];
  return db
    .select({
      id: payments.id,
      reference: payments.reference,
      creditorAccount: payments.creditorAccount,
      billClaimId: payments.billClaimId,
      phase: payments.phase,
      transactionStatus: payments.transactionStatus,
      paidDay: listedColumns.paidDay,
    })
    .from(payments)
    .where(and(eq(payments.psuId, psuId), inArray(payments.reference, claimIds)))
    .orderBy(desc(payments.createdAt));
}

/**
 * The debtor account of the PSU's most recent payment from an account of the bill's payor (`payorId`: the
 * kennitala in the last ten digits of an Icelandic IBAN), to suggest when a bill is paid: of a payment sent to
 * the bill's own bank (`bankId`) if there is one, so that the payment goes to the bank that holds the claim;
 * otherwise of any. Never an account of someone else the PSU has paid from (a company they act for): a
 * personal bill is not suggested to be paid from it.
 */
export async function lastDebtorIban(
  db: Db,
  psuId: string,
  bankId: string,
  payorId: string,
): Promise<string | undefined> {
  const iban = sql<string>`replace(${payments.body}->'debtorAccount'->>'iban', ' ', '')`;
  const latest = async (atBank: boolean) => {
    const [row] = await db
      .select({ iban })
      .from(payments)
      .where(
        and(
          eq(payments.psuId, psuId),
          eq(payments.service, 'payments'),
          sql`upper(left(${iban}, 2)) = 'IS' and right(${iban}, 10) = ${payorId}`,
          atBank ? eq(payments.bankId, bankId) : undefined,
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row?.iban ?? undefined;
  };
  return (await latest(true)) ?? (await latest(false));
}

/** Bills with any of these claim ids, at whichever bank: a payment names a claim by its id, not its bank. */
export async function billsWithClaimIds(db: Db, claimIds: string[]): Promise<Bill[]> {
  if (claimIds.length === 0) return [];
  return db.select().from(bills).where(inArray(bills.claimId, claimIds));
}

/**
 * The payments of these bills that can still succeed (the predicate of `payments_bill_in_flight_idx`): saved and
 * not refused by the bank, nor rejected or cancelled by it, for what is due on the bill now (`amountDue`, the
 * claim's `totalAmountDue`), or not yet carried out whatever was due when it was saved (`payments_bill_open_idx`).
 * At most one per bill. A payment of part of the bill that the bank has carried out, after which less is due, no
 * longer holds it; one carried out while the bank did not say what is due (null) holds it until the bank says.
 */
export async function paymentsInFlightOfBills(
  db: Db,
  keys: { bankId: string; claimId: string; amountDue: string | null }[],
): Promise<{ id: string; psuId: string; billBankId: string; billClaimId: string }[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      id: payments.id,
      psuId: payments.psuId,
      billBankId: payments.billBankId,
      billClaimId: payments.billClaimId,
      billAmountDue: payments.billAmountDue,
      transactionStatus: payments.transactionStatus,
    })
    .from(payments)
    .where(
      and(
        isNotNull(payments.billClaimId),
        inArray(
          payments.billClaimId,
          keys.map((key) => key.claimId),
        ),
        ne(payments.phase, 'refused'),
        or(isNull(payments.transactionStatus), notInArray(payments.transactionStatus, ['RJCT', 'CANC'])),
      ),
    );
  const carriedOut = (status: string | null) =>
    (CARRIED_OUT_STATUSES as readonly string[]).includes(status ?? '');
  return rows.flatMap(({ billAmountDue, transactionStatus, ...row }) =>
    row.billBankId !== null &&
    row.billClaimId !== null &&
    keys.some(
      (key) =>
        key.bankId === row.billBankId &&
        key.claimId === row.billClaimId &&
        (key.amountDue === billAmountDue || !carriedOut(transactionStatus)),
    )
      ? [{ ...row, billBankId: row.billBankId, billClaimId: row.billClaimId }]
      : [],
  );
}

/** The amounts of the payments of this bill that the bank carried out (the payor's: only theirs are a bill's). */
export async function carriedOutAmountsOfBill(
  db: Db,
  bill: { bankId: string; claimId: string },
): Promise<string[]> {
  const rows = await db
    .select({ amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.billBankId, bill.bankId),
        eq(payments.billClaimId, bill.claimId),
        inArray(payments.transactionStatus, [...CARRIED_OUT_STATUSES]),
      ),
    );
  return rows.map((row) => row.amount);
}
