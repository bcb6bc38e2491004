import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import type { Payment, PaymentEvent } from '@/lib/db/schema';
import { accountDisplay, formatAmount, formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import appEn from '@/messages/en.json';
import appIs from '@/messages/is.json';
import noticesEn from '@/messages/notices/en.json';
import noticesIs from '@/messages/notices/is.json';

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
  heading: string;
  issued: string;
  lines: ReceiptLine[];
  historyTitle: string;
  history: { id: number; status: string; text: string }[];
  noHistory: string;
  footer: string;
}

const ACCOUNT_FIELDS = ['iban', 'bban', 'maskedPan', 'msisdn'] as const;

/** The account of an AccountReference (spec 2.4) in the body, in the first form it gives. */
function accountOf(reference: unknown): string | undefined {
  if (typeof reference !== 'object' || reference === null) return undefined;
  const fields = reference as Record<string, unknown>;
  const found = ACCOUNT_FIELDS.map((name) => fields[name]).find(
    (value) => typeof value === 'string' && value,
  );
  return found as string | undefined;
}

/** "0133-26-012345, kt. 010130-2989" with the IBAN beside it, or the account as the payment gives it. */
function accountLine(account: string, kennitalaLabel: (kennitala: string) => string) {
  const shown = accountDisplay(account);
  if (shown.kind === 'domestic') {
    return { value: `${shown.account}, ${kennitalaLabel(shown.kennitala)}`, detail: shown.iban };
  }
  return { value: shown.kind === 'iban' ? shown.iban : shown.text };
}

// Made from the message files themselves rather than a request's next-intl context, so that the PDF
// route and a test build the same receipt as the page.
const translators = {
  is: createTranslator({
    locale: 'is',
    messages: { ...appIs, ...noticesIs } as AbstractIntlMessages,
    onError: () => {},
  }),
  en: createTranslator({
    locale: 'en',
    messages: { ...appEn, ...noticesEn } as AbstractIntlMessages,
    onError: () => {},
  }),
};

type Translate = ((key: string, values?: Record<string, string>) => string) & { has(key: string): boolean };

/** The receipt of a payment in `locale`, issued at `now`. */
export function buildReceipt(
  payment: Payment,
  events: readonly PaymentEvent[],
  locale: Locale,
  now: Date,
): Receipt {
  const tAll = translators[locale] as unknown as Translate;
  const t = (key: string, values?: Record<string, string>) => tAll(`receipt.${key}`, values);
  const statusLabel = (status: string) =>
    tAll.has(`status.${status}.label`) ? tAll(`status.${status}.label`) : status;
  const kennitala = (value: string) => tAll('payment.kennitala', { kennitala: value });
  const atBank = payment.phase === 'initiated' || payment.bankPaymentId !== null;
  const debtor = accountOf(payment.body.debtorAccount);
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
      ...(payment.transactionStatus ? { detail: payment.transactionStatus } : {}),
    },
    {
      key: 'kind',
      label: t('kind'),
      value: tAll.has(`payments.service.${payment.service}`)
        ? tAll(`payments.service.${payment.service}`)
        : payment.service,
    },
    ...(debtor ? [{ key: 'debtor', label: t('debtor'), ...accountLine(debtor, kennitala) }] : []),
    ...(payment.creditorName ? [{ key: 'creditor', label: t('creditor'), value: payment.creditorName }] : []),
    {
      key: 'creditorAccount',
      label: t('creditorAccount'),
      ...accountLine(payment.creditorAccount, kennitala),
    },
    { key: 'amount', label: t('amount'), value: formatAmount(payment.amount, payment.currency, locale) },
    ...(payment.reference ? [{ key: 'reference', label: t('reference'), value: payment.reference }] : []),
    { key: 'created', label: t('created'), value: formatDateTime(payment.createdAt, locale) },
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
    heading: t('heading'),
    issued: t('issued', { date: formatDateTime(now, locale) }),
    lines,
    historyTitle: t('history'),
    history,
    noHistory: t('noHistory'),
    footer: t('footer'),
  };
}
