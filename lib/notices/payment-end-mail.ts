import type { PaymentService } from '@/lib/bank/payments';
import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import { claimPaymentEndMail, paymentEndRecipient, releasePaymentEndMail } from '@/lib/db/queries/notices';
import type { Payment } from '@/lib/db/schema';
import {
  accountAsKnown,
  formatAmount,
  formatAmounts,
  formatDate,
  formatNumber,
  withShownNumbers,
} from '@/lib/format';
import { type Locale, localeOrDefault } from '@/lib/i18n/routing';
import { logger } from '@/lib/log';
import { sendMail } from '@/lib/mail';
import { bulkAmountsSplit, paymentAmounts, rejectedByBank } from '@/lib/payments/amounts';
import { listedReference } from '@/lib/payments/bulk-id';
import { bulkCountOf, bulkRecipientsLine, bulkRecipientsOf } from '@/lib/payments/bulk-recipients';
import { todayInReykjavik } from '@/lib/payments/calendar';
import { bulkLineReasonInWords, exportTranslator, referenceInWords } from '@/lib/payments/export-words';
import { scheduleInWords } from '@/lib/payments/schedule-words';
import { standingOrderSchedule } from '@/lib/payments/standing-order';
import { isSettledForPsu } from '@/lib/payments/status';
import { bulkLinesOf, isPartPayment } from '@/lib/payments/story';
import { payDayOf } from '@/lib/payments/view';

/**
 * The statuses after which a payment has ended for the PSU: paid, rejected or cancelled (spec part 3), or a bulk
 * paid in part (PART: some of its payments paid, the others rejected); PART of another payment (the spec has it
 * for bulks only) is told as the bank's word that it was accepted in part.
 */
const PAYMENT_END_STATUSES: readonly string[] = ['ACSC', 'ACCC', 'RJCT', 'CANC', 'PART'];

/** Whether a status ends the payment for the PSU; a standing order's only when it has ended (lib/payments/status.ts). */
export function endsPayment(status: string, payment: { service: PaymentService; body?: unknown }): boolean {
  return payment.service === 'periodic-payments'
    ? isSettledForPsu(status, payment)
    : PAYMENT_END_STATUSES.includes(status);
}

type Ending = 'paid' | 'partial' | 'rejected' | 'cancelled';
/** A bulk or a standing order, named as such where its end is told (messages/GLOSSARY.md). */
type Kind = 'bulk' | 'standing';
/** What the bank said of it, in a sentence that names the payment by the PSU's own name for it ("named") where given. */
type Said = string | ((named: string) => string);
type KindTexts = Record<
  Kind,
  { subject: Partial<Record<Ending, string>>; said: Partial<Record<Ending, Said>> }
>;

function endingOf(status: string): Ending {
  if (status === 'RJCT') return 'rejected';
  if (status === 'CANC') return 'cancelled';
  if (status === 'PART') return 'partial';
  return 'paid';
}

/** A sentence ended once: a name that ends in its own full stop ("Leigusali ehf.") gets no second one. */
function closed(sentence: string): string {
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}

const texts = {
  is: {
    subject: {
      paid: 'Greiðsla framkvæmd',
      partial: 'Greiðsla samþykkt að hluta',
      rejected: 'Greiðslu hafnað',
      cancelled: 'Greiðsla afturkölluð',
    },
    said: {
      paid: 'Bankinn þinn segir að greiðslan hafi verið framkvæmd',
      partial: 'Bankinn þinn segist hafa samþykkt greiðsluna aðeins að hluta',
      rejected: 'Bankinn þinn hafnaði greiðslunni',
      // Whoever cancelled it: the PSU, mostly.
      cancelled: 'Greiðslan var afturkölluð',
    },
    of: {
      bulk: {
        subject: {
          paid: 'Fjöldagreiðsla framkvæmd',
          partial: 'Fjöldagreiðsla samþykkt að hluta',
          rejected: 'Fjöldagreiðslu hafnað',
          cancelled: 'Fjöldagreiðsla afturkölluð',
        },
        said: {
          paid: 'Bankinn þinn segir að fjöldagreiðslan hafi verið framkvæmd',
          partial: 'Bankinn þinn samþykkti sumar greiðslurnar og hafnaði hinum',
          rejected: 'Bankinn þinn hafnaði fjöldagreiðslunni',
          cancelled: 'Fjöldagreiðslan var afturkölluð',
        },
      },
      standing: {
        subject: { rejected: 'Fastri greiðslu hafnað', cancelled: 'Föst greiðsla afturkölluð' },
        // Its name as the PSU gave it, after the word for it, in quotation marks: "Fasta greiðslan „Húsaleiga“".
        said: {
          rejected: (named) => `Bankinn þinn hafnaði föstu greiðslunni${named}`,
          cancelled: (named) => `Fasta greiðslan${named} var afturkölluð`,
        },
      },
    } satisfies KindTexts as KindTexts,
    // The recipient's name as written: never after "til", which would decline it (messages/GLOSSARY.md).
    what: (amount: string, recipient: string) => `${amount}, viðtakandi ${recipient}`,
    // Icelandic takes the singular after 1, 21, 31, … (but not 11).
    bulk: (amount: string, count: number) =>
      `${amount} í ${formatNumber(String(count), 'is')} ${count % 10 === 1 && count % 100 !== 11 ? 'greiðslu' : 'greiðslum'}`,
    // Who a bulk pays, after its amount, the names as written (never declined): "viðtakendur Guðrún, Þórður".
    bulkTo: (recipients: string, several: boolean) =>
      `, ${several ? 'viðtakendur' : 'viðtakandi'} ${recipients}`,
    see: { paid: 'Sjáðu greiðsluna og kvittunina hér', ended: 'Sjáðu greiðsluna hér' },
    named: (label: string) => ` „${label}“`,
    payDay: 'Greiðsludagur',
    // Above the payments of a bulk that the bank rejected, each a line: "– Þórður Ólafsson, 24.000 kr.: why".
    notPaid: 'Ekki greitt',
    // The payment's message to the recipient, as the payments list heads it.
    reference: 'Skilaboð',
    // "Góðan dag", as a bank writes to a customer; the name as the PSU gave it, in the nominative of address.
    body: (name: string, said: string, what: string, details: string, see: string, link: string) =>
      `Góðan dag ${name},\n\n${said}: ${closed(what)}\n\n${details}${see}:\n${link}\n\nÞú færð þennan póst af því að þú baðst um hann á aðgangssíðunni þinni í Greiðslu; þar geturðu líka afþakkað hann.\n`,
  },
  en: {
    subject: {
      paid: 'Payment made',
      partial: 'Payment partly accepted',
      rejected: 'Payment rejected',
      cancelled: 'Payment cancelled',
    },
    said: {
      paid: 'Your bank says the payment has been paid',
      partial: 'Your bank says it accepted the payment only in part',
      rejected: 'Your bank rejected the payment',
      cancelled: 'The payment was cancelled',
    },
    of: {
      bulk: {
        subject: {
          paid: 'Bulk payment made',
          partial: 'Bulk payment partly accepted',
          rejected: 'Bulk payment rejected',
          cancelled: 'Bulk payment cancelled',
        },
        said: {
          paid: 'Your bank says the bulk payment has been paid',
          partial: 'Your bank accepted some of the payments and rejected the others',
          rejected: 'Your bank rejected the bulk payment',
          cancelled: 'The bulk payment was cancelled',
        },
      },
      standing: {
        subject: { rejected: 'Standing order rejected', cancelled: 'Standing order cancelled' },
        said: {
          rejected: (named) => `Your bank rejected the standing order${named}`,
          cancelled: (named) => `The standing order${named} was cancelled`,
        },
      },
    } satisfies KindTexts as KindTexts,
    what: (amount: string, recipient: string) => `${amount} to ${recipient}`,
    bulk: (amount: string, count: number) =>
      `${amount} in ${formatNumber(String(count), 'en')} ${count === 1 ? 'payment' : 'payments'}`,
    bulkTo: (recipients: string) => ` to ${recipients}`,
    see: { paid: 'See the payment and its receipt here', ended: 'See the payment here' },
    named: (label: string) => ` “${label}”`,
    payDay: 'Payment date',
    notPaid: 'Not paid',
    reference: 'Message',
    body: (name: string, said: string, what: string, details: string, see: string, link: string) =>
      `Hello ${name},\n\n${said}: ${closed(what)}\n\n${details}${see}:\n${link}\n\nYou get this message because you asked for it on your account page at Greiðsla, where you can also turn it off.\n`,
  },
} as const;

/**
 * A bulk's amount, how many payments it holds and who they pay, as the history names them: "44.750 kr. í 3
 * greiðslum, viðtakendur Guðrún Helgadóttir, Þórður Ólafsson og einn til viðbótar".
 */
function bulkInWords(payment: Payment, amount: string, locale: Locale): string {
  const text = texts[locale];
  const counted = text.bulk(amount, bulkCountOf(payment));
  const t = exportTranslator(locale);
  const recipients = bulkRecipientsOf(payment);
  const named = bulkRecipientsLine(recipients, locale, (others, shown) =>
    t('payments.moreRecipients', { others, shown }),
  );
  if (!named) return counted;
  return `${counted}${text.bulkTo(named, recipients.shown.length + recipients.others > 1)}`;
}

// The payments of a bulk the bank rejected that the mail names; the page names them all.
const REJECTED_NAMED = 3;

/**
 * Of a bulk the bank paid in part, as its receipt splits it: what left the PSU's account and what the bank
 * rejected, each with how many payments; then whom it did not pay (the name the bulk gave, else the account),
 * how much and why, a few of them and how many more. Nothing where the bank said nothing of each payment.
 */
function bulkSplitInWords(payment: Payment, locale: Locale): string[] {
  const lines = bulkLinesOf(payment);
  const split = bulkAmountsSplit(lines);
  if (!split) return [];
  const t = exportTranslator(locale);
  const counted = (amounts: Parameters<typeof formatAmounts>[0], count: number) =>
    `${formatAmounts(amounts, locale)} (${t('story.receipt.paymentsCount', withShownNumbers({ count }, locale))})`;
  const rejected = lines.filter(rejectedByBank);
  const others = rejected.length - REJECTED_NAMED;
  return [
    ...(split.rest.length > 0
      ? [`${t('story.receipt.restAmount')}: ${counted(split.rest, lines.length - rejected.length)}`]
      : []),
    `${t('story.receipt.rejectedAmount')}: ${counted(split.rejected, split.rejectedCount)}`,
    `${texts[locale].notPaid}:`,
    ...rejected.slice(0, REJECTED_NAMED).map((line) => {
      const who = [
        line.name ?? (line.account ? accountAsKnown(line.account) : null),
        line.amount && line.currency ? formatAmount(line.amount, line.currency, locale) : null,
      ].filter(Boolean);
      return `– ${who.join(', ')}: ${bulkLineReasonInWords(t, line)}`;
    }),
    ...(others > 0
      ? [`– ${t('payments.moreRecipients', { others, shown: formatNumber(String(others), locale) })}`]
      : []),
  ];
}

/**
 * The lines under what was paid: the day it was paid on (the bank's day, the day asked for, else today, when
 * the bank tells us), for a payment paid in whole or in part; a standing order's schedule; of a bulk paid in part, what the bank rejected;
 * and the PSU's reference for it, where they gave one.
 */
function detailsOf(payment: Payment, ending: Ending, locale: Locale): string {
  const text = texts[locale];
  const paid = (ending === 'paid' || ending === 'partial') && payment.service !== 'periodic-payments';
  const lines = [
    // A standing order's schedule, as its page gives it: it is what ended, not one payment of it.
    payment.service === 'periodic-payments' &&
      `${exportTranslator(locale)('story.schedule')}: ${scheduleInWords(standingOrderSchedule(payment, todayInReykjavik()), locale)}`,
    paid && `${text.payDay}: ${formatDate(payDayOf(payment) ?? todayInReykjavik(), locale)}`,
    ...(ending === 'partial' && payment.service === 'bulk-payments' ? bulkSplitInWords(payment, locale) : []),
    // A bulk's id that the bulk form made is no message of the PSU's (lib/payments/bulk-id.ts `listedReference`).
    listedReference(payment)?.kind === 'words' &&
      `${text.reference}: ${referenceInWords(payment.reference, locale, isPartPayment(payment.body))}`,
  ].filter(Boolean);
  return lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
}

/**
 * E-mails the PSU, once, that their payment has ended, if they asked for it and their address is
 * verified. The right to send is taken in the database before the message goes, so duplicate
 * notifications, concurrent polls and a second final status (ACSC, then ACCC) send nothing more;
 * if sending fails the right is given back and the failure logged, and the next reading of an
 * ended status (a notification, the PSU's page) tries again.
 */
export async function mailPaymentEnd(
  db: Db,
  paymentId: string,
): Promise<'sent' | 'not-wanted' | 'sent-before' | 'failed'> {
  const row = await paymentEndRecipient(db, paymentId);
  const status = row?.payment.transactionStatus;
  if (!row || !status || !endsPayment(status, row.payment)) return 'not-wanted';
  if (!row.mailOnPaymentEnd || !row.emailVerifiedAt) return 'not-wanted';
  if (!(await claimPaymentEndMail(db, paymentId, status))) return 'sent-before';
  const { payment } = row;
  const locale = localeOrDefault(payment.uiLocale);
  const text = texts[locale];
  const ending = endingOf(status);
  const amount = formatAmounts(paymentAmounts(payment), locale);
  const what =
    payment.service === 'bulk-payments'
      ? bulkInWords(payment, amount, locale)
      : text.what(amount, payment.creditorName ?? accountAsKnown(payment.creditorAccount));
  const link = new URL(`/${locale}/payments/${payment.id}`, settings().APP_BASE_URL).toString();
  const kind: Kind | undefined =
    payment.service === 'bulk-payments'
      ? 'bulk'
      : payment.service === 'periodic-payments'
        ? 'standing'
        : undefined;
  const own = kind && text.of[kind];
  const said = own?.said[ending] ?? text.said[ending];
  try {
    await sendMail({
      to: row.email,
      subject: own?.subject[ending] ?? text.subject[ending],
      // Only a payment paid, or a bulk paid in part, has a receipt; a rejected or cancelled one has a statement.
      text: text.body(
        row.displayName,
        typeof said === 'function' ? said(payment.label ? text.named(payment.label) : '') : said,
        what,
        detailsOf(payment, ending, locale),
        text.see[ending === 'paid' || (ending === 'partial' && kind === 'bulk') ? 'paid' : 'ended'],
        link,
      ),
    });
    return 'sent';
  } catch (error) {
    await releasePaymentEndMail(db, paymentId);
    logger.warn(
      { paymentId, err: error instanceof Error ? error.message : error },
      'payment-end mail not sent',
    );
    return 'failed';
  }
}
