import type { Queryable } from '../db/db.js';
import { findAccountHolder } from '../db/queries/accounts.js';
import type { PaymentRow } from '../db/queries/payments.js';
import { adjustToBusinessDay, isBusinessDay } from './calendar.js';

const SINGLE_INFORMATION_FIELDS = [
  'endToEndIdentification',
  'debtorAccount',
  'debtorId',
  'ultimateDebtor',
  'instructedAmount',
  'creditorAccount',
  'creditorAgent',
  'creditorAddress',
  'creditorId',
  'ultimateCreditor',
  'chargeBearer',
  'remittanceInformationUnstructured',
  'requestedExecutionDate',
  'icelandicPurposeCode',
  'chargesAccount',
] as const;

/**
 * Payment information. A single payment reads back in the shape of spec 2.6: its listed fields (a field sent as
 * null reads back absent: 2.6 does not make every one nullable, chargeBearer for one), the debtor's name from the
 * bank's records, `remittanceInformationStructured` as one string (the references joined), `creditorName`, which
 * 2.6 requires, falling back to the creditor's account identifier when none was sent, and for a payment in another
 * currency the `exchangeRateInformation` and `transactionFeesDetails` its initiation answered with.
 * Periodic and bulk payments read back as initiated, a standing order with a `creditorName` as a single payment, a
 * bulk with the `debtorName` a single payment has.
 */
export async function paymentInformation(db: Queryable, payment: PaymentRow) {
  const information = await asInitiated(db, payment);
  const moved = executionDateMoved(payment);
  return moved ? { ...information, requestedExecutionDate: moved } : information;
}

// Before the PSU's authorisation, and after a rejection or cancellation, the bank has fixed no date.
const notScheduled = new Set(['RCVD', 'PATC', 'RJCT', 'CANC']);

/**
 * (extra) The date the bank will pay on, once it accepted a forward-dated payment whose requested day is a
 * weekend or an Icelandic bank holiday (ACWC, "accepted with a change, such as date"): the next business
 * day, read back in `requestedExecutionDate` with the time the PSU sent. Spec 2.6 gives the field without
 * saying whether it keeps the day asked for or the day the bank set; this bank reads back the one it pays on.
 */
export function executionDateMoved(payment: PaymentRow): string | undefined {
  const requested = payment.body.requestedExecutionDate;
  if (payment.payment_service === 'periodic-payments' || typeof requested !== 'string') return undefined;
  if (notScheduled.has(payment.transaction_status)) return undefined;
  const day = requested.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || isBusinessDay(day)) return undefined;
  return `${adjustToBusinessDay(day, 'following')}${requested.slice(10)}`;
}

/**
 * The day the bank pays a single or bulk payment on, as its read gives it: the day it moved it to
 * (`executionDateMoved`), else the one asked for; undefined for one asked as soon as possible.
 */
export function dayToPay(payment: PaymentRow): string | undefined {
  const requested = payment.body.requestedExecutionDate;
  return executionDateMoved(payment) ?? (typeof requested === 'string' ? requested : undefined);
}

/** The name the bank holds for the debtor account's holder, as a read-back's `debtorName` (spec 2.6: max 70). */
async function debtorNameOf(db: Queryable, payment: PaymentRow): Promise<{ debtorName?: string }> {
  const owner = await findAccountHolder(db, payment.debtor_iban);
  return owner ? { debtorName: owner.name.slice(0, 70) } : {};
}

async function asInitiated(db: Queryable, payment: PaymentRow) {
  if (payment.payment_service === 'bulk-payments') {
    // The account holder's name, as a single payment's read-back gives it (Berlin Group: a payment resource may
    // carry `debtorName` though the TPP sent none). Settled element by element (PART, or RJCT after a partial
    // check): each element shows its own status.
    const statuses = new Map((payment.element_statuses ?? []).map((s) => [s.index, s.transactionStatus]));
    const elements = (payment.body.payments as Array<Record<string, unknown>> | undefined) ?? [];
    return {
      ...payment.body,
      ...(await debtorNameOf(db, payment)),
      ...(payment.element_statuses
        ? {
            payments: elements.map((element, index) => ({
              ...element,
              transactionStatus: statuses.get(index) ?? payment.transaction_status,
            })),
          }
        : {}),
      transactionStatus: payment.transaction_status,
    };
  }
  if (payment.payment_service !== 'payments')
    return {
      ...payment.body,
      // IOBWS 3.2 requires it in a standing order's read-back, even where its initiation left it out.
      ...(payment.payment_service === 'periodic-payments'
        ? { creditorName: creditorNameOf(payment.body) }
        : {}),
      transactionStatus: payment.transaction_status,
    };
  const body = payment.body;
  const info: Record<string, unknown> = {};
  for (const field of SINGLE_INFORMATION_FIELDS) {
    if (body[field] !== undefined && body[field] !== null) info[field] = body[field];
  }
  for (const field of ['exchangeRateInformation', 'transactionFeesDetails'] as const) {
    if (payment.response[field] !== undefined) info[field] = payment.response[field];
  }
  info.creditorName = creditorNameOf(body);
  const structured = body.remittanceInformationStructured as Array<{ reference: string }> | undefined;
  if (Array.isArray(structured) && structured.length > 0) {
    info.remittanceInformationStructured = structured
      .map((s) => s.reference)
      .join(' ')
      .slice(0, 140);
  }
  Object.assign(info, await debtorNameOf(db, payment));
  info.transactionStatus = payment.transaction_status;
  return info;
}

/** The creditor's name as sent, else the creditor's account identifier (spec 2.6 and IOBWS require a name). */
function creditorNameOf(body: PaymentRow['body']): string {
  const creditor = (body.creditorAccount ?? {}) as Record<string, string | null>;
  return (
    (typeof body.creditorName === 'string' && body.creditorName) ||
    creditor.iban ||
    creditor.bban ||
    creditor.maskedPan ||
    creditor.msisdn ||
    'Unknown'
  );
}
