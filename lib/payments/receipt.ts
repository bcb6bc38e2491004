import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import type { Payment, PaymentEvent } from '@/lib/db/schema';
import {
  accountAsKnown,
  accountDisplay,
  formatAmount,
  formatAmounts,
  formatDate,
  formatDateTime,
  formatNumber,
  withShownNumbers,
} from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import appEn from '@/messages/en.json';
import appIs from '@/messages/is.json';
import noticesEn from '@/messages/notices/en.json';
import noticesIs from '@/messages/notices/is.json';
import storyEn from '@/messages/story/en.json';
import storyIs from '@/messages/story/is.json';
import { addressInWords } from './address-words';
import { bulkAmountsSplit, paymentAmounts } from './amounts';
import { costsTotal } from './costs-total';
import { bulkLineReasonInWords, referenceInWords, statusInWords } from './export-words';
import { purposeInWords } from './purpose-words';
import { rateInWords, rateQuoteCurrency } from './rate-words';
import { type ReceiptKind, receiptKind } from './receipt-kind';
import { NO_BANK_NAMES, paymentStory, type StoryBanks, type StoryBulkLine, storyCosts } from './story';
import { refusalReasonOf } from './view';

/** One line of a receipt: what it is, and what the payment or the bank says. */
export interface ReceiptLine {
  key: string;
  label: string;
  value: string;
  /** A second line under the value: an Icelandic account's IBAN. */
  detail?: string;
}

/**
 * A payment's receipt in one language, the same for the printable page and the PDF. Status and
 * times are what the bank reported and when we learnt it; a payment the bank never accepted says
 * so instead of showing an id or a status of our own.
 */
export interface Receipt {
  locale: Locale;
  /** Null: nothing was paid or decided yet, so there is neither a receipt nor a statement to give. */
  kind: ReceiptKind | null;
  heading: string;
  /** For a statement or a bulk partly paid: what happened, in words. */
  happened: string | null;
  issued: string;
  lines: ReceiptLine[];
  historyTitle: string;
  history: { id: number; status: string; text: string }[];
  noHistory: string;
  footer: string;
}

/** "0133-26-012345, kt. 010130-2989" with the IBAN beside it, or the account as the payment gives it. */
function accountLine(account: string, kennitalaLabel: (kennitala: string) => string) {
  const shown = accountDisplay(account);
  if (shown.kind === 'domestic') {
    return { value: `${shown.account}, ${kennitalaLabel(shown.kennitala)}`, detail: shown.iban };
  }
  return { value: shown.kind === 'iban' ? shown.iban : shown.text };
}

/**
 * The recipient's bank, one line: the directory's name for it by its account number with the identification the
 * bank holds (creditorAgent, spec 2.6, a BICFI) beneath it, or the one of them there is.
 */
function creditorBankLines(bank: string | null, agent: string | null, label: string): ReceiptLine[] {
  const value = bank ?? agent;
  if (!value) return [];
  return [{ key: 'creditorBank', label, value, ...(bank && agent ? { detail: agent } : {}) }];
}

/**
 * Where the bank rejected some payments of a bulk: how many and how much, and what its account pays (the
 * rest), so that a receipt never gives the whole bulk as paid.
 */
function bulkSplitLines(
  bulk: StoryBulkLine[] | null,
  locale: Locale,
  tStory: (key: string, values?: Record<string, string | number>) => string,
): ReceiptLine[] {
  const split = bulk && bulkAmountsSplit(bulk);
  if (!split) return [];
  const count = tStory('paymentsCount', withShownNumbers({ count: split.rejectedCount }, locale));
  return [
    {
      key: 'rejectedAmount',
      label: tStory('rejectedAmount'),
      value: `${formatAmounts(split.rejected, locale)} (${count})`,
    },
    // Where it rejected them all, the statement says nothing was paid.
    ...(split.rest.length > 0
      ? [{ key: 'restAmount', label: tStory('restAmount'), value: formatAmounts(split.rest, locale) }]
      : []),
  ];
}

// Made from the message files themselves rather than a request's next-intl context, so that the PDF
// route and a test build the same receipt as the page.
const translators = {
  is: createTranslator({
    locale: 'is',
    messages: { ...appIs, ...noticesIs, ...storyIs } as AbstractIntlMessages,
    onError: () => {},
  }),
  en: createTranslator({
    locale: 'en',
    messages: { ...appEn, ...noticesEn, ...storyEn } as AbstractIntlMessages,
    onError: () => {},
  }),
};

type Translate = ((key: string, values?: Record<string, string | number>) => string) & {
  has(key: string): boolean;
};

/**
 * The receipt of a payment in `locale`, issued at `now`, naming the banks of its accounts that `banks` knows (a
 * PSU's receipt: the directory's, DIRECTORY_BANK_NAMES).
 */
export function buildReceipt(
  payment: Payment,
  events: readonly PaymentEvent[],
  locale: Locale,
  now: Date,
  banks: StoryBanks = NO_BANK_NAMES,
): Receipt {
  const tAll = translators[locale] as unknown as Translate;
  const t = (key: string, values?: Record<string, string>) => tAll(`receipt.${key}`, values);
  const kennitala = (value: string) => tAll('payment.kennitala', { kennitala: value });
  const atBank = payment.phase === 'initiated' || payment.bankPaymentId !== null;
  const story = paymentStory(payment, events, banks);
  const kind = receiptKind(payment);
  const refusalReason = refusalReasonOf(payment);
  // Declined by the PSU at the bank: "not confirmed", as the payment's page says, not the bank's rejection.
  const statusLabel = (status: string) =>
    statusInWords(tAll, status, kind === 'declined' ? 'declined' : null);
  const tStory = (key: string, values?: Record<string, string | number>) =>
    tAll(`story.receipt.${key}`, values);
  const money = (value: { amount: string; currency: string }) =>
    formatAmount(value.amount, value.currency, locale);
  const costs = storyCosts(payment);
  const amounts = paymentAmounts(payment);
  const total = costs ? costsTotal(amounts, costs) : null;
  const rate = costs?.exchangeRateInformation;
  const rateShown = rateInWords(
    rate,
    locale,
    (key, values) => tAll(`payment.costs.${key}`, values),
    rateQuoteCurrency(rate, total, amounts),
  );
  const paid = kind === 'paid' || kind === 'partial';
  const date = story.bankDate ?? story.requestedDate ?? (paid ? story.paidDate : null);
  // Nothing paid (refused, rejected, cancelled): the day is the one asked for, or the bank was to pay on.
  const dateLabel = paid
    ? tStory('executionDate')
    : story.bankDate
      ? tAll('story.bankDate.stopped')
      : tAll('story.requestedDate');
  const feeWords = (costs?.transactionFeesDetails ?? []).map((fee) => {
    const known = tAll.has(`bankWords.fee.${fee.feeType}`);
    return `${known ? tAll(`bankWords.fee.${fee.feeType}`) : tAll('bankWords.fee.unknown')} ${money(fee.value)}`;
  });
  // Entries of the bank's list of fees that could not be read: the receipt says so, as the payment's page does.
  const unreadableFees = costs?.unreadableFees ?? 0;
  const feesUnreadable =
    unreadableFees > 0
      ? tAll('payment.costs.feesUnreadable', {
          count: unreadableFees,
          countShown: formatNumber(String(unreadableFees), locale),
        })
      : null;
  const feeDetail = [
    ...(feeWords.length > 0 ? [feeWords.join(' · ')] : []),
    ...(feesUnreadable ? [feesUnreadable] : []),
  ];
  const lines: ReceiptLine[] = [
    {
      key: 'bankPaymentId',
      label: t('bankPaymentId'),
      value: payment.bankPaymentId ?? payment.clashingBankPaymentId ?? t('notAtBank'),
    },
    {
      key: 'status',
      label: t('status'),
      // The bank's refusal of the initiation is what it said; before any answer there is no status.
      value:
        payment.phase === 'refused' || payment.phase === 'unfollowable'
          ? statusLabel(payment.phase)
          : atBank && payment.transactionStatus
            ? statusLabel(payment.transactionStatus)
            : t('noStatus'),
    },
    // Refused at its initiation: why, as the bank said it, in words (every code of spec part 7 has them).
    ...(refusalReason ? [{ key: 'reason', label: t('reason'), value: tAll(refusalReason) }] : []),
    {
      key: 'kind',
      label: t('kind'),
      value: tAll.has(`payments.service.${payment.service}`)
        ? tAll(`payments.service.${payment.service}`)
        : payment.service,
    },
    ...(story.from.name ? [{ key: 'debtorName', label: tStory('payer'), value: story.from.name }] : []),
    ...(story.from.account
      ? [{ key: 'debtor', label: t('debtor'), ...accountLine(story.from.account, kennitala) }]
      : []),
    // Which bank the money left and, where the directory knows it, which it went to.
    ...(story.from.bank ? [{ key: 'debtorBank', label: t('debtorBank'), value: story.from.bank }] : []),
    // What more the bank holds of the payment (spec 2.6), else what the PSU sent, as the payment's page says it.
    ...(story.onBehalfOf
      ? [{ key: 'onBehalfOf', label: tAll('story.onBehalfOf'), value: story.onBehalfOf }]
      : []),
    ...(story.to?.name ? [{ key: 'creditor', label: t('creditor'), value: story.to.name }] : []),
    ...(story.finalRecipient
      ? [{ key: 'finalRecipient', label: tAll('story.finalRecipient'), value: story.finalRecipient }]
      : []),
    ...(story.to?.account
      ? [{ key: 'creditorAccount', label: t('creditorAccount'), ...accountLine(story.to.account, kennitala) }]
      : []),
    ...(story.to?.address
      ? [
          {
            key: 'creditorAddress',
            label: t('creditorAddress'),
            value: addressInWords(story.to.address, locale),
          },
        ]
      : []),
    ...creditorBankLines(story.to?.bank ?? null, story.creditorAgent, t('creditorBank')),
    { key: 'amount', label: t('amount'), value: formatAmounts(amounts, locale) },
    ...bulkSplitLines(story.bulk, locale, tStory),
    ...(total?.fees
      ? [
          {
            key: 'fees',
            label: tStory('fees'),
            value: money(total.fees),
            ...(feeDetail.length > 0 ? { detail: feeDetail.join(' ') } : {}),
          },
        ]
      : feesUnreadable
        ? [{ key: 'fees', label: tStory('fees'), value: feesUnreadable }]
        : []),
    ...(rateShown
      ? [{ key: 'exchangeRate', label: tAll('payment.costs.exchangeRate'), value: rateShown }]
      : []),
    ...(story.rateContract
      ? [{ key: 'rateContract', label: tAll('payment.costs.rateContract'), value: story.rateContract }]
      : []),
    ...(story.chargeBearer
      ? [
          {
            key: 'chargeBearer',
            label: tAll('story.chargeBearer.label'),
            value: tAll(`story.chargeBearer.${story.chargeBearer}`),
          },
        ]
      : []),
    ...(story.chargesAccount
      ? [
          {
            key: 'chargesAccount',
            label: tAll('story.chargesAccount'),
            ...accountLine(story.chargesAccount, kennitala),
          },
        ]
      : []),
    ...(total && total.kind !== 'unknown' && kind === 'paid'
      ? [
          {
            key: 'total',
            label: tAll('story.total.title'),
            // Converted at the bank's rate: as near as we can tell, the bank works out the exact amount.
            value:
              total.kind === 'converted' ? t('about', { amount: money(total.total) }) : money(total.total),
          },
        ]
      : []),
    ...(date ? [{ key: 'executionDate', label: dateLabel, value: formatDate(date, locale) }] : []),
    ...(story.message
      ? [
          {
            key: 'message',
            label: tStory('message'),
            value: referenceInWords(story.message, locale, story.partPayment),
          },
        ]
      : []),
    ...(story.ownReference ? [{ key: 'reference', label: t('reference'), value: story.ownReference }] : []),
    ...(story.purposeCode
      ? [
          {
            key: 'purposeCode',
            label: tAll('story.purposeCode'),
            value: purposeInWords(story.purposeCode, tAll),
          },
        ]
      : []),
    ...(story.bulkId ? [{ key: 'bulkId', label: tAll('story.bulkId'), value: story.bulkId }] : []),
    { key: 'created', label: t('created'), value: formatDateTime(payment.createdAt, locale) },
    ...(story.bulk ?? []).map((line) => ({
      key: `payment-${line.position}`,
      label: tStory('paymentNumber', withShownNumbers({ position: line.position }, locale)),
      value: [
        line.name,
        line.account ? accountAsKnown(line.account) : null,
        line.amount && line.currency ? money({ amount: line.amount, currency: line.currency }) : null,
        // Its message to the recipient, a bill's claim id as the claim number people read.
        line.message ? referenceInWords(line.message, locale) : null,
        line.status ? statusLabel(line.status) : null,
        bulkLineReasonInWords(tAll, line),
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  ];
  const history = events.flatMap((event) =>
    event.transactionStatus
      ? [
          {
            id: event.id,
            status: event.transactionStatus,
            text: t('statusAt', {
              status: statusLabel(event.transactionStatus),
              time: formatDateTime(event.occurredAt, locale, { seconds: true }),
            }),
          },
        ]
      : [],
  );
  return {
    locale,
    kind,
    heading: tStory(
      kind === 'paid' && payment.service === 'bulk-payments'
        ? 'heading.paidBulk'
        : `heading.${kind ?? 'paid'}`,
    ),
    happened: kind && kind !== 'paid' ? tStory(`happened.${kind}`) : null,
    issued: t('issued', { date: formatDateTime(now, locale) }),
    lines,
    historyTitle: t('history'),
    history,
    noHistory: t('noHistory'),
    footer: kind === 'paid' || kind === 'partial' ? t('footer') : tStory('statementFooter'),
  };
}
