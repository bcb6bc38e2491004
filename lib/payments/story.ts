import type { BulkPaymentResult } from '@/lib/bank/bulk-results';
import type { PaymentCosts } from '@/lib/bank/costs';
import { bankDirectory, bankName } from '@/lib/bank/directory';
import { bankNumberOf } from '@/lib/bank/offer';
import type { Payment, PaymentEvent } from '@/lib/db/schema';
import { type ClosedDay, closedDayOf, type IsoDate, reykjavikDateOf } from './calendar';
import { dayInReykjavik } from './calendar/date-time';
import { countryName } from './countries';
import { sameAmount } from './money';
import { CHARGE_BEARERS, type ChargeBearer } from './schemas/enums';
import { reportedPaidStatuses } from './status';

/**
 * An address (spec 2.4) as the PSU gave it: street and number, post code and town, and its country named in
 * both languages (by the server's ICU: a browser may have no Icelandic names).
 */
export interface StoryAddress {
  lines: string[];
  country: { code: string; is: string; en: string } | null;
}

/** One side of a payment as the PSU reads it: the account, the name the bank or the PSU gave, its bank. */
export interface StoryParty {
  account: string | null;
  name: string | null;
  /** The bank's name, where the directory knows the account's bank number. */
  bank: string | null;
  /** The recipient's address, where the PSU gave one (a payment abroad). */
  address: StoryAddress | null;
}

/** One payment of a bulk: what was sent, and what the bank said of it where it said something. */
export interface StoryBulkLine {
  position: number;
  account: string | null;
  name: string | null;
  amount: string | null;
  currency: string | null;
  message: string | null;
  /** The element's own status from the bank (spec 2.6 read of the bulk), or its error codes. */
  status: string | null;
  errorCodes: string[];
}

/**
 * A payment's whole story for its page: from and to, message, the day asked for and the day the bank
 * pays on, what the bank changed, and for a bulk each payment. Built from what the PSU sent (the body
 * we keep) and what the bank said when it was read back (`bankDetails`, `bulkResults`).
 */
export interface PaymentStory extends ReadBackMembers {
  from: StoryParty;
  /** Null for a bulk: its payments each have their own recipient (`bulk`). */
  to: StoryParty | null;
  message: string | null;
  /** Whether it says it is a part payment (of a bill: its message then says "Innborgun á kröfu"). */
  partPayment: boolean;
  /** The PSU's own identification of the payment (end-to-end id), where one was given. */
  ownReference: string | null;
  /** A bulk's own id at the bank (paymentInformationId): made by the form, and named as such, not as the PSU's. */
  bulkId: string | null;
  /** The day the PSU asked for (Iceland's calendar), or null: as soon as possible. */
  requestedDate: IsoDate | null;
  /** Why Icelandic banks pay nothing on the day asked for (a holiday, a weekend day); null on a banking day. */
  requestedDayClosed: ClosedDay | null;
  /** The day the bank says it will pay or paid on (spec 2.6 `requestedExecutionDate`), where it said. */
  bankDate: IsoDate | null;
  /**
   * The day the bank first reported the payment paid (ACSC, ACCC or PART), in Iceland; null before. The day a
   * payment made as soon as possible was paid, where the bank gives no `bankDate`.
   */
  paidDate: IsoDate | null;
  /**
   * What the bank changed: `date` when the day it gives is not the day asked for; `unstated` when it
   * answered ACWC ("accepted with a change") and what changed cannot be told; null when nothing.
   */
  change: 'date' | 'unstated' | null;
  bulk: StoryBulkLine[] | null;
}

/**
 * What more the bank holds of a payment (spec 2.6) than its parties, amount and date, else what the PSU sent: the
 * payment's page, its receipt and the exports read it here (`readBackMembers`), so that they say the same.
 */
export interface ReadBackMembers {
  /** On whose behalf the PSU pays (spec 2.1/2.6 ultimateDebtor): the bank's word, else what the PSU sent. */
  onBehalfOf: string | null;
  /** The final recipient behind the account paid (ultimateCreditor) of a single payment or standing order. */
  finalRecipient: string | null;
  /** The recipient's bank (creditorAgent): a BICFI, or another identification. */
  creditorAgent: string | null;
  /** Who bears the charges (chargeBearer), as a code of spec 2.4 the page puts in words. */
  chargeBearer: ChargeBearer | null;
  /** The Icelandic purpose code (textalykill, icelandicPurposeCode). */
  purposeCode: string | null;
  /** The account the charges are taken from (chargesAccount), where it is not the payment's own. */
  chargesAccount: string | null;
  /** The recipient's address (creditorAddress), as its page shows it (`to.address`). */
  creditorAddress: StoryAddress | null;
  /** The rate's contract (exchangeRateInformation.contractIdentification), as its page shows it with the rate. */
  rateContract: string | null;
}

function chargeBearerOf(value: unknown): PaymentStory['chargeBearer'] {
  return CHARGE_BEARERS.find((code) => code === value) ?? null;
}

const ACCOUNT_FIELDS = ['iban', 'bban', 'maskedPan', 'msisdn'] as const;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The account of an AccountReference (spec 2.4), in the first form it gives. */
export function accountOf(reference: unknown): string | null {
  const fields = record(reference);
  for (const name of ACCOUNT_FIELDS) {
    const value = nonEmpty(fields[name]);
    if (value) return value;
  }
  return null;
}

function addressOf(value: unknown): StoryAddress | null {
  const address = record(value);
  const lines = [
    [address.streetName, address.buildingNumber],
    [address.postCode, address.townName],
  ]
    .map((parts) => parts.map(nonEmpty).filter(Boolean).join(' '))
    .filter((line) => line !== '');
  const code = nonEmpty(address.country);
  if (lines.length === 0 && !code) return null;
  return {
    lines,
    country: code ? { code, is: countryName(code, 'is'), en: countryName(code, 'en') } : null,
  };
}

/** Whether a payment says it is a part payment (spec 2.1 `partialPayment`): of a bill, a part of what is due. */
export function isPartPayment(body: unknown): boolean {
  return record(body).partialPayment === true;
}

/** The message a payment carries: its unstructured text, or its structured references joined. */
function messageOf(body: Record<string, unknown>): string | null {
  const plain = nonEmpty(body.remittanceInformationUnstructured);
  if (plain) return plain;
  const structured = body.remittanceInformationStructured ?? body.remittanceInformationStructuredArray;
  if (typeof structured === 'string') return nonEmpty(structured);
  if (!Array.isArray(structured)) return null;
  const references = structured.map((entry) => nonEmpty(record(entry).reference)).filter(Boolean);
  return references.length > 0 ? references.join(' ') : null;
}

/** Where the story finds banks' names: the directory for a page or a receipt; nothing where none is needed. */
export interface StoryBanks {
  /** The name of the directory's bank of this id. */
  name(bankId: string): string | null;
  /** The name of the bank that holds an account. */
  ofAccount(account: string): string | null;
}

export const NO_BANK_NAMES: StoryBanks = { name: () => null, ofAccount: () => null };

/**
 * The directory's banks: a payment's bank by its id; an account's by its bank number, only where a bank
 * names that number (a directory's catch-all bank says nothing of where a recipient banks).
 */
export const DIRECTORY_BANK_NAMES: StoryBanks = {
  name: (bankId) => bankName(bankId) ?? null,
  ofAccount(account) {
    const number = bankNumberOf(account);
    if (!number) return null;
    return bankDirectory().find((bank) => bank.bankNumbers.includes(number))?.name ?? null;
  },
};

/** An account as written without spaces, in capitals, to compare one with another. */
const canonicalAccount = (account: string) => account.replace(/\s+/g, '').toUpperCase();

/**
 * A name the bank gave, unless it is only an account identifier: spec 2.6 requires a creditorName, and a
 * bank that was given none may fill it with the account ("IS87 0301…"), or with the BBAN it was sent (an
 * IOBWS bank's claim key, "5501692829111166000004080127"), which is no one's name.
 */
function partyName(name: string | undefined, account: string | null): string | null {
  if (!name) return null;
  const compact = name.replace(/[\s-]/g, '').toUpperCase();
  if (account && compact === canonicalAccount(account)) return null;
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$|^[0-9]{8,34}$/.test(compact) ? null : name;
}

/**
 * Whom a single payment or standing order pays, by name: the bank's name for the recipient where it gave one
 * (spec 2.6), else the one the PSU typed; null for a bulk, and for a payment with neither.
 */
export function recipientNameOf(payment: Payment): string | null {
  if (payment.service === 'bulk-payments') return null;
  const account = accountOf(record(payment.body).creditorAccount) ?? nonEmpty(payment.creditorAccount);
  return partyName(payment.bankDetails?.creditorName, account) ?? payment.creditorName;
}

/** A date or date-time as the day it is in Iceland; null for anything else. */
export const dayOf = (value: unknown): IsoDate | null =>
  typeof value === 'string' ? (reykjavikDateOf(value) ?? null) : null;

/**
 * Whether the bank's result can be the PSU's payment `element`: whatever of it the bank names agrees, its
 * reference too (its end-to-end id or message), which tells apart two payments of one amount to one account.
 */
function agrees(element: Record<string, unknown>, result: BulkPaymentResult): boolean {
  const account = accountOf(element.creditorAccount);
  const { amount, currency } = record(element.instructedAmount);
  const references = [element.endToEndIdentification, element.remittanceInformationUnstructured].filter(
    (reference): reference is string => typeof reference === 'string' && reference !== '',
  );
  if (result.reference && references.length > 0 && !references.includes(result.reference)) return false;
  if (
    result.creditorAccount &&
    account &&
    canonicalAccount(result.creditorAccount) !== canonicalAccount(account)
  )
    return false;
  if (result.currency && typeof currency === 'string' && result.currency !== currency) return false;
  return !(result.amount && typeof amount === 'string' && !sameAmount(result.amount, amount));
}

/**
 * The bank's result for each of the PSU's payments: the one at its own position where it agrees with the
 * payment, else the first other one that does, else none (shown as unknown, never as another's result). The
 * read-back's order is not the spec's to promise (2.6: "not shown"), and a bank may list only some elements.
 */
function resultsByPayment(elements: Record<string, unknown>[], results: readonly BulkPaymentResult[]) {
  const unused = new Set(results);
  const atPosition = elements.map((element, index) => {
    const result = results.find((candidate) => candidate.position === index + 1);
    if (!result || !agrees(element, result)) return undefined;
    unused.delete(result);
    return result;
  });
  return atPosition.map((found, index) => {
    if (found) return found;
    const other = [...unused].find((candidate) => agrees(elements[index] ?? {}, candidate));
    if (other) unused.delete(other);
    return other;
  });
}

/** A bulk's payments as sent, each with what the bank said of it where it said something. */
export function bulkLinesOf(payment: Pick<Payment, 'body' | 'bulkResults'>): StoryBulkLine[] {
  const body = record(payment.body);
  const results = payment.bulkResults;
  const elements = (Array.isArray(body.payments) ? body.payments : []).map(record);
  const fromBank = resultsByPayment(elements, results?.payments ?? []);
  return elements.map((element, index) => {
    const amount = record(element.instructedAmount);
    const result = fromBank[index];
    const status = result?.transactionStatus ?? (result?.errorCodes ? 'RJCT' : null);
    return {
      position: index + 1,
      account: accountOf(element.creditorAccount) ?? result?.creditorAccount ?? null,
      name: nonEmpty(element.ultimateCreditor),
      amount: nonEmpty(amount.amount) ?? result?.amount ?? null,
      currency: nonEmpty(amount.currency) ?? result?.currency ?? null,
      message: messageOf(element) ?? nonEmpty(element.endToEndIdentification),
      // Without a result per payment, a bulk the bank rejected whole rejected each of them.
      status: status ?? (results && !results.payments && results.bulkStatus === 'RJCT' ? 'RJCT' : null),
      errorCodes: result?.errorCodes ?? [],
    };
  });
}

/** The day the bank first reported a payment paid (ACSC, ACCC or PART), in Iceland. */
function paidDateOf(events: readonly PaymentEvent[]): IsoDate | null {
  const paid = events.find((event) => reportedPaidStatuses.includes(event.transactionStatus ?? ''));
  return paid ? dayInReykjavik(paid.occurredAt) : null;
}

export function paymentStory(
  payment: Payment,
  events: readonly PaymentEvent[],
  banks: StoryBanks = NO_BANK_NAMES,
): PaymentStory {
  const body = record(payment.body);
  const details = payment.bankDetails;
  const bulk = payment.service === 'bulk-payments';
  const debtorAccount =
    accountOf(body.debtorAccount) ??
    (bulk && Array.isArray(body.payments) ? accountOf(record(body.payments[0]).debtorAccount) : null);
  const requestedDate = dayOf(body.requestedExecutionDate);
  const bankDate = dayOf(details?.requestedExecutionDate);
  const sawAcwc =
    payment.transactionStatus === 'ACWC' || events.some((event) => event.transactionStatus === 'ACWC');
  const change =
    requestedDate && bankDate && requestedDate !== bankDate ? 'date' : sawAcwc ? 'unstated' : null;
  const members = readBackMembers(payment);
  const creditorAccount = bulk
    ? null
    : (accountOf(body.creditorAccount) ?? nonEmpty(payment.creditorAccount));
  return {
    from: {
      account: debtorAccount,
      name: partyName(details?.debtorName ?? payment.bulkResults?.debtorName, debtorAccount),
      bank: banks.name(payment.bankId),
      address: null,
    },
    to: bulk
      ? null
      : {
          account: creditorAccount,
          name: recipientNameOf(payment),
          bank: creditorAccount ? banks.ofAccount(creditorAccount) : null,
          address: members.creditorAddress,
        },
    message:
      messageOf(body) ??
      details?.remittanceInformationUnstructured ??
      details?.remittanceInformationStructured ??
      null,
    partPayment: !bulk && isPartPayment(body),
    ownReference: nonEmpty(body.endToEndIdentification),
    bulkId: nonEmpty(body.paymentInformationId),
    requestedDate,
    requestedDayClosed: requestedDate ? (closedDayOf(requestedDate) ?? null) : null,
    bankDate,
    paidDate: paidDateOf(events),
    change,
    bulk: bulk ? bulkLinesOf(payment) : null,
    ...members,
  };
}

/**
 * The payment's members of spec 2.6 beyond its parties: the bank's word, else what the PSU sent; the recipient's
 * address as the PSU gave it, else as the bank holds it. A bulk's final recipients are its payments' own names
 * (bulkLinesOf), and it has no one recipient's bank, address or purpose code.
 */
export function readBackMembers(
  payment: Pick<Payment, 'service' | 'body' | 'bankDetails' | 'costs'>,
): ReadBackMembers {
  const body = record(payment.body);
  const details = payment.bankDetails;
  const bulk = payment.service === 'bulk-payments';
  return {
    onBehalfOf: details?.ultimateDebtor ?? nonEmpty(body.ultimateDebtor),
    finalRecipient: bulk ? null : (details?.ultimateCreditor ?? nonEmpty(body.ultimateCreditor)),
    creditorAgent: bulk ? null : (details?.creditorAgent ?? nonEmpty(body.creditorAgent)),
    creditorAddress: bulk ? null : (addressOf(body.creditorAddress) ?? addressOf(details?.creditorAddress)),
    chargeBearer: details?.chargeBearer ?? chargeBearerOf(body.chargeBearer),
    purposeCode: bulk ? null : (details?.icelandicPurposeCode ?? nonEmpty(body.icelandicPurposeCode)),
    chargesAccount: details?.chargesAccount ?? accountOf(body.chargesAccount),
    // The rate's contract: of the costs shown (storyCosts), the answer's or the read-back's.
    rateContract: storyCosts(payment)?.exchangeRateInformation?.contractIdentification ?? null,
  };
}

/**
 * The costs to show: those of the initiation answer (spec 2.5), with what the bank's read-back (spec 2.6)
 * adds where the answer had none of it: its list of fees (where the answer's had no entry that read), its rate.
 * An answer's rate whose exchange rate could not be read (its contract or type kept alone, lib/bank/costs.ts) is
 * no rate: the read-back's is shown, with what of the answer's it does not give.
 */
export function storyCosts(payment: Pick<Payment, 'costs' | 'bankDetails'>): PaymentCosts | null {
  const costs: PaymentCosts = { ...(payment.costs ?? {}) };
  const details = payment.bankDetails;
  // Where the answer had no fee it could read, the read-back's list, with how many of its entries did not read.
  if (!costs.transactionFeesDetails && (details?.transactionFeesDetails?.length || details?.unreadableFees)) {
    delete costs.unreadableFees;
    if (details.transactionFeesDetails?.length) costs.transactionFeesDetails = details.transactionFeesDetails;
    if (details.unreadableFees) costs.unreadableFees = details.unreadableFees;
  }
  if (!costs.exchangeRateInformation?.exchangeRate && details?.exchangeRateInformation)
    costs.exchangeRateInformation = {
      ...costs.exchangeRateInformation,
      ...(details.exchangeRateInformation as PaymentCosts['exchangeRateInformation']),
    };
  return Object.keys(costs).length > 0 ? costs : null;
}
