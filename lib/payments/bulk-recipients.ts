import { joinedBefore } from '@/lib/bank/bank-name';
import type { Payment } from '@/lib/db/schema';
import { accountAsKnown, formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import { paymentAmounts } from './amounts';
import type { BulkOverview, BulkRecipient, BulkRecipients } from './bulk-overview';
import { bulkLinesOf, type StoryBulkLine } from './story';

/**
 * A bulk's recipients from its payments (`PaymentStory.bulk`): each named recipient once, however many
 * payments go to them, and a payment without a name by its account. A payment with neither names no one.
 */
export function bulkRecipients(lines: readonly StoryBulkLine[], shown = 2): BulkRecipients {
  const recipients = new Map<string, BulkRecipient>();
  for (const { name, account } of lines) {
    const trimmed = name?.trim();
    if (trimmed) {
      if (!recipients.has(`name:${trimmed}`))
        recipients.set(`name:${trimmed}`, { name: trimmed, account: null });
    } else if (account && !recipients.has(`account:${account}`)) {
      recipients.set(`account:${account}`, { name: null, account });
    }
  }
  const all = [...recipients.values()];
  return { shown: all.slice(0, shown), others: Math.max(0, all.length - shown) };
}

/** The overview of a bulk about to be saved, from what the PSU sent and its summary's amount. */
export function bulkOverviewOf(bulk: Pick<Payment, 'body' | 'amount' | 'currency'>): BulkOverview {
  return {
    amounts: paymentAmounts({ ...bulk, service: 'bulk-payments' }),
    recipients: bulkRecipients(bulkLinesOf({ body: bulk.body, bulkResults: null })),
  };
}

/** Who a bulk pays: from its overview where it was kept, else from its payments. */
export function bulkRecipientsOf(
  payment: Pick<Payment, 'body' | 'bulkResults'> & { listOverview?: BulkOverview | null },
): BulkRecipients {
  return payment.listOverview?.recipients ?? bulkRecipients(bulkLinesOf(payment));
}

/**
 * A bulk's recipients where a list is to name the bulk by them: a bulk of several payments, or of one with a
 * name. Null for one without (named by its account, as a single payment is), or for no bulk.
 */
export function recipientsToName(
  recipients: BulkRecipients | null,
  elementCount: number | null,
): BulkRecipients | null {
  if (!recipients) return null;
  const count = elementCount ?? recipients.shown.length + recipients.others;
  return count > 1 || recipients.shown[0]?.name != null ? recipients : null;
}

/** How many payments a bulk holds: as saved with it, else counted from its payments. */
export function bulkCountOf(payment: Pick<Payment, 'elementCount' | 'body' | 'bulkResults'>): number {
  return payment.elementCount ?? bulkLinesOf(payment).length;
}

/**
 * Who a listed bulk pays, where the list names it by them, and how many payments it holds: from its overview,
 * else from its payments (its story's lines; a list reads a bulk with an overview without them).
 */
export function listedBulkRecipients(
  lines: readonly StoryBulkLine[] | null,
  overview: BulkOverview | null,
  elementCount: number | null,
): { recipients: BulkRecipients; count: number } | null {
  const recipients = recipientsToName(overview?.recipients ?? (lines && bulkRecipients(lines)), elementCount);
  return recipients && { recipients, count: elementCount ?? lines?.length ?? 0 };
}

/**
 * Who a bulk pays, as a list words it: each recipient shown as people write it, after the words that join it to
 * the one before ("", ", ", or " og " before the last where the shown are all), and the words for the others.
 */
export interface BulkRecipientWords {
  shown: { text: string; account: boolean; joinedBy: string }[];
  /** "and 3 more" ("and one more"), by `more` (counts written by lib/format: "1.203"); null where the shown are all. */
  more: string | null;
}

export function bulkRecipientWords(
  { shown, others }: BulkRecipients,
  locale: Locale,
  more: (others: number, othersShown: string) => string,
): BulkRecipientWords {
  // Where others follow ("and 3 more"), no shown name is the last.
  const last = others > 0 ? -1 : shown.length - 1;
  return {
    shown: shown.map((recipient, index) => ({
      ...(recipient.name !== null
        ? { text: recipient.name, account: false }
        : { text: accountAsKnown(recipient.account), account: true }),
      joinedBy: joinedBefore(index, last, locale),
    })),
    more: others > 0 ? more(others, formatNumber(String(others), locale)) : null,
  };
}

/**
 * Who a bulk pays in a line: "Guðrún Helgadóttir, Þórður Ólafsson and 3 more", or "Guðrún Helgadóttir and
 * Þórður Ólafsson" where those are all. Empty where no payment names anyone.
 */
export function bulkRecipientsLine(
  recipients: BulkRecipients,
  locale: Locale,
  more: (others: number, othersShown: string) => string,
): string {
  const words = bulkRecipientWords(recipients, locale, more);
  const names = words.shown.map((recipient) => recipient.joinedBy + recipient.text).join('');
  return words.more ? `${names} ${words.more}` : names;
}

/**
 * Who a bulk pays and how many payments it holds, in one line: "Guðrún Helgadóttir, Þórður Ólafsson og einn til
 * viðbótar (3 greiðslur)", where `count` words the number of payments ("3 greiðslur"); the count alone where no
 * payment names anyone; empty for a bulk of one payment without a name (its account says who).
 */
export function bulkNameLine(
  recipients: BulkRecipients,
  elementCount: number,
  locale: Locale,
  words: { more: (others: number, othersShown: string) => string; count: (count: number) => string },
): string {
  const toName = recipientsToName(recipients, elementCount);
  const named = toName && bulkRecipientsLine(toName, locale, words.more);
  if (named) return `${named} (${words.count(elementCount)})`;
  return elementCount > 1 ? words.count(elementCount) : '';
}
