import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import { bankName } from '@/lib/bank/directory';
import type { PaymentService } from '@/lib/bank/payments';
import { claimNumberOf } from '@/lib/bills/bill-view';
import { accountAsKnown, withShownNumbers } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import appEn from '@/messages/en.json';
import appIs from '@/messages/is.json';
import netbankEn from '@/messages/netbank/en.json';
import netbankIs from '@/messages/netbank/is.json';
import storyEn from '@/messages/story/en.json';
import storyIs from '@/messages/story/is.json';
import { addressInWords } from './address-words';
import { rejectedByBank } from './amounts';
import { listedReference } from './bulk-id';
import { bulkCountOf, bulkNameLine, bulkRecipientsOf } from './bulk-recipients';
import { minorUnits } from './money/minor-units';
import type { BankOutcome } from './outcome';
import { purposeInWords } from './purpose-words';
import {
  bulkLinesOf,
  isPartPayment,
  type ReadBackMembers,
  readBackMembers,
  recipientNameOf,
  type StoryBulkLine,
} from './story';
import { displayStatusOf, endedUnpaidAsSaved, type MaybeListed, payDayOf, paymentOutcome } from './view';

/**
 * A payment as a customer reads it in an export or a statement: its moment in Iceland's time, its kind
 * and status in words, whom it paid, and its amount as a decimal with the currency's own number of
 * decimals. Made from the message files themselves, so that a route and a test build the same rows.
 * The Icelandic-Excel CSV and the PDF statement share it.
 */
export interface PaymentInWords extends MembersInWords {
  id: string;
  /** The moment it was made, in Iceland: "27.11.2026 14:05" (dd.mm.yyyy HH:MM, Atlantic/Reykjavik). */
  created: string;
  /** The day alone, "27.11.2026". */
  day: string;
  /**
   * The day it is paid on, "10.12.2026" (a standing order's first day), or in words where it is paid as
   * soon as possible.
   */
  payDay: string;
  kind: string;
  name: string;
  /** The recipient's account as the PSU knows it: "0133-26-012345", an IBAN, or a card number. */
  account: string;
  reference: string;
  /** The spec's amount with the currency's decimals ("12500", "1234.50"); the format is the caller's. */
  amount: string;
  currency: string;
  status: string;
  /** The bank's code behind `status`, for a reader who wants it; empty where the bank gave none. */
  statusCode: string;
  bank: string;
}

/**
 * What more the bank holds of a payment (spec 2.6), else what the PSU sent, as the payment's page and receipt say it
 * (lib/payments/story.ts `readBackMembers`): who pays the charges in words, the address on one line with its country
 * by name; each empty where there is none. A bulk's payments each carry the bulk's.
 */
export type MembersInWords = Record<keyof ReadBackMembers, string>;

/** The columns of `MembersInWords`, in the order the files give them. */
export const MEMBER_COLUMNS = [
  'onBehalfOf',
  'finalRecipient',
  'creditorAddress',
  'creditorAgent',
  'purposeCode',
  'chargeBearer',
  'chargesAccount',
  'rateContract',
] as const satisfies readonly (keyof MembersInWords)[];

/**
 * A payment's members of spec 2.6 in the words of `locale`; `account` writes the account the charges are taken
 * from (the Excel file as the PSU knows it, the plain file as the payment gives it).
 */
export function membersInWords(
  payment: Pick<MaybeListed, 'service' | 'body' | 'bankDetails' | 'costs'>,
  locale: Locale,
  account: (account: string) => string = accountAsKnown,
): MembersInWords {
  const t = exportTranslator(locale);
  const members = readBackMembers(payment);
  return {
    onBehalfOf: members.onBehalfOf ?? '',
    finalRecipient: members.finalRecipient ?? '',
    creditorAddress: members.creditorAddress ? addressInWords(members.creditorAddress, locale) : '',
    creditorAgent: members.creditorAgent ?? '',
    purposeCode: members.purposeCode ? purposeInWords(members.purposeCode, t) : '',
    chargeBearer: members.chargeBearer ? t(`story.chargeBearer.${members.chargeBearer}`) : '',
    chargesAccount: members.chargesAccount ? account(members.chargesAccount) : '',
    rateContract: members.rateContract ?? '',
  };
}

/**
 * A bulk whose id the form made, as the payments list names it where it would give the reference ("Fjöldagreiðsla",
 * "Bulk payment"; lib/payments/bulk-id.ts `listedReference`); null for any other payment, whose reference stands.
 */
export function generatedBulkInWords(
  payment: Pick<MaybeListed, 'service' | 'reference'>,
  locale: Locale,
): string | null {
  if (listedReference(payment)?.kind !== 'bulk') return null;
  // The list's word breaks at its soft hyphen in a narrow column; a file has no column to break in.
  return exportTranslator(locale)('payments.bulkReference').replaceAll('\u00ad', '');
}

const translators = {
  is: createTranslator({
    locale: 'is',
    messages: { ...appIs, ...netbankIs, ...storyIs } as AbstractIntlMessages,
    onError: () => {},
  }),
  en: createTranslator({
    locale: 'en',
    messages: { ...appEn, ...netbankEn, ...storyEn } as AbstractIntlMessages,
    onError: () => {},
  }),
};

type Translate = ((key: string, values?: Record<string, string | number>) => string) & {
  has(key: string): boolean;
};

/** The translator of the export's words in `locale` (its headers, titles and statuses). */
export function exportTranslator(locale: Locale): Translate {
  return translators[locale] as unknown as Translate;
}

// Iceland keeps UTC all year, but the zone is named so that the moment is Iceland's by rule, not by luck.
const icelandicTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Atlantic/Reykjavik',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A day ("2026-12-10") as the exports write one: "10.12.2026". */
export const icelandicDay = (iso: string) => iso.split('-').reverse().join('.');

/** A moment as "dd.mm.yyyy HH:MM" in Iceland, and its day "dd.mm.yyyy". */
export function icelandicMoment(at: Date): { created: string; day: string } {
  const parts = Object.fromEntries(icelandicTime.formatToParts(at).map((part) => [part.type, part.value]));
  const day = `${parts.day}.${parts.month}.${parts.year}`;
  return { created: `${day} ${parts.hour}:${parts.minute}`, day };
}

/** The amount with exactly the currency's decimals ("12500" ISK, "1234.50" EUR), as a plain decimal. */
export function amountWithDecimals(amount: string, currency: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = minorUnits(currency) ?? fraction.length;
  let shown = fraction.padEnd(digits, '0');
  while (shown.length > digits && shown.endsWith('0')) shown = shown.slice(0, -1);
  const number = `${whole.replace(/^0+(?=\d)/, '')}${shown ? `.${shown}` : ''}`;
  return /[1-9]/.test(number) ? `${sign}${number}` : number;
}

/**
 * The PSU's reference for a payment as they read it: a bill's claim id, which its payment carries for the bank,
 * as the claim number people read ("Greiðsla kröfu nr. 0130-66-000123", of a part payment "Innborgun á kröfu nr.
 * …"); any other as written.
 */
export function referenceInWords(reference: string | null, locale: Locale, partPayment = false): string {
  const claim = reference ? claimNumberOf(reference) : null;
  if (!claim) return reference ?? '';
  return exportTranslator(locale)(partPayment ? 'story.claimPartMessage' : 'story.claimMessage', {
    number: claim,
  });
}

/**
 * A status in the export's words, as the payment's badge says it: a payment the PSU declined at the bank is
 * "not confirmed", not rejected by the bank; a standing order the bank runs is "active"; a status we have no
 * words for, as its code.
 */
export function statusInWords(
  t: Translate,
  status: string,
  outcome: BankOutcome | null,
  service?: PaymentService,
): string {
  if (outcome === 'declined' && t.has(`status.${status}.declinedLabel`))
    return t(`status.${status}.declinedLabel`);
  if (service === 'periodic-payments' && t.has(`status.${status}.standingLabel`))
    return t(`status.${status}.standingLabel`);
  return t.has(`status.${status}.label`) ? t(`status.${status}.label`) : status;
}

/**
 * Why the bank rejected a payment of a bulk, in words, as its page says it: each code it gave (ours for it, else
 * that we do not know it), or that it gave none; null for a payment it did not reject.
 */
export function bulkLineReasonInWords(
  t: Translate,
  line: Pick<StoryBulkLine, 'status' | 'errorCodes'>,
): string | null {
  if (!rejectedByBank(line)) return null;
  if (line.errorCodes.length === 0) return t('payment.bulk.noReason');
  return line.errorCodes
    .map((code) =>
      t.has(`bank.code.${code}`) ? t(`bank.code.${code}`) : t('payment.bulk.reasonUnknown', { code }),
    )
    .join(' ');
}

/** The day a payment is paid on as the exports write it; a standing order's first day, "From 10.12.2026". */
export function payDayInWords(t: Translate, payDay: string, service: PaymentService): string {
  return service === 'periodic-payments' ? t('payments.payDayFrom', { date: payDay }) : payDay;
}

/** One payment in words, in `locale`. */
export function paymentInWords(payment: MaybeListed, locale: Locale): PaymentInWords {
  const t = exportTranslator(locale);
  const statusCode = displayStatusOf(payment);
  const bulk = payment.service === 'bulk-payments' && (payment.elementCount ?? 0) > 1;
  const payDay = payDayOf(payment);
  // Who is paid: the recipient's name before the PSU's own name for the payment (a standing order's); a bulk's
  // recipients as the history names them.
  const name =
    recipientNameOf(payment) ??
    payment.label ??
    (payment.service === 'bulk-payments'
      ? bulkNameLine(bulkRecipientsOf(payment), bulkCountOf(payment), locale, {
          more: (others, shown) => t('payments.moreRecipients', { others, shown }),
          count: (count) => t('waiting.bulkCount', withShownNumbers({ count }, locale)),
        })
      : '');
  return {
    id: payment.id,
    ...icelandicMoment(payment.createdAt),
    payDay: payDay
      ? payDayInWords(t, icelandicDay(payDay), payment.service)
      : endedUnpaidAsSaved(payment)
        ? ''
        : t('payments.payDayAsap'),
    kind: t.has(`payments.service.${payment.service}`)
      ? t(`payments.service.${payment.service}`)
      : payment.service,
    name,
    account: bulk ? '' : accountAsKnown(payment.creditorAccount),
    reference:
      generatedBulkInWords(payment, locale) ??
      referenceInWords(payment.reference, locale, isPartPayment(payment.body)),
    amount: amountWithDecimals(payment.amount, payment.currency),
    currency: payment.currency,
    status: statusInWords(t, statusCode, paymentOutcome(payment), payment.service),
    // The bank's own code; none for a payment the bank gave no status (refused, not sent, its answer lost).
    statusCode: payment.phase === 'initiated' ? statusCode : '',
    bank: bankName(payment.bankId) ?? payment.bankId,
    ...membersInWords(payment, locale),
  };
}

/**
 * A payment as the exports list it: one line, or a bulk's payments each on a line of its own (whom it paid, how
 * much, and what the bank said of it where it said so), so that a file names everyone a bulk paid and its amounts
 * add up to what was debited. A bulk whose payments the row does not hold is one line, as the history shows it.
 */
export function paymentLinesInWords(payment: MaybeListed, locale: Locale): PaymentInWords[] {
  const whole = paymentInWords(payment, locale);
  const lines = payment.service === 'bulk-payments' ? bulkLinesOf(payment) : [];
  if (lines.length === 0) return [whole];
  const t = exportTranslator(locale);
  return lines.map((line) => ({
    ...whole,
    ...bulkLineWords(t, line, lines.length, whole.statusCode, locale),
    name: line.name ?? '',
    account: line.account ? accountAsKnown(line.account) : '',
    // Its own message, else the bulk's (its name, as the PSU gave it).
    reference: line.message ? referenceInWords(line.message, locale) : whole.reference,
    amount: line.amount && line.currency ? amountWithDecimals(line.amount, line.currency) : '',
    currency: line.currency ?? '',
  }));
}

/**
 * A bulk's payment as a line of an export names it ("Bulk payment (1 of 3)"), and gives the bank's word on it where
 * that differs from the bulk's (`bulkStatus`, the bulk's code), in words and code, with why it was rejected as the
 * payment's page says it; otherwise the bulk's stands.
 */
export function bulkLineWords(
  t: Translate,
  line: StoryBulkLine,
  count: number,
  bulkStatus: string,
  locale: Locale,
): { kind: string; status?: string; statusCode?: string } {
  const kind = t('exports.bulkPart', withShownNumbers({ position: line.position, count }, locale));
  const reason = bulkLineReasonInWords(t, line);
  if (!line.status || (line.status === bulkStatus && !reason)) return { kind };
  const status = statusInWords(t, line.status, null);
  return { kind, status: reason ? `${status}. ${reason}` : status, statusCode: line.status };
}
