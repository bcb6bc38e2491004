import { accountAsKnown, formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import type { StoryBulkLine } from './story';

/** One recipient of a bulk as a list names it: by name, or by account where the PSU gave no name. */
export type BulkRecipient = { name: string; account: null } | { name: null; account: string };

/** Who a bulk pays, as its row in a list says it: the first few recipients and how many others there are. */
export interface BulkRecipients {
  /** The first recipients in the order the PSU entered them, each once. */
  shown: BulkRecipient[];
  /** How many other recipients the bulk pays. */
  others: number;
}

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

/**
 * A bulk's payments where a list is to name the bulk by who it pays: a bulk of several payments, or of one
 * with a name (one without is named by its account, as a single payment is). Null for any other payment.
 */
export function bulkLinesToName(
  lines: readonly StoryBulkLine[] | null,
  elementCount: number | null,
): readonly StoryBulkLine[] | null {
  if (!lines) return null;
  return (elementCount ?? lines.length) > 1 || lines[0]?.name ? lines : null;
}

/** Who a bulk pays, as a list words it: each recipient shown as people write it, and the words for the others. */
export interface BulkRecipientWords {
  shown: { text: string; account: boolean }[];
  /** "and 3 more", by `more` (counts written by lib/format: "1.203"); null where the shown are all. */
  more: string | null;
}

export function bulkRecipientWords(
  lines: readonly StoryBulkLine[],
  locale: Locale,
  more: (othersShown: string) => string,
): BulkRecipientWords {
  const { shown, others } = bulkRecipients(lines);
  return {
    shown: shown.map((recipient) =>
      recipient.name !== null
        ? { text: recipient.name, account: false }
        : { text: accountAsKnown(recipient.account), account: true },
    ),
    more: others > 0 ? more(formatNumber(String(others), locale)) : null,
  };
}

/**
 * Who a bulk pays in a line: "Guðrún Helgadóttir, Þórður Ólafsson and 3 more". Empty where no payment names
 * anyone.
 */
export function bulkRecipientsLine(
  lines: readonly StoryBulkLine[],
  locale: Locale,
  more: (othersShown: string) => string,
): string {
  const words = bulkRecipientWords(lines, locale, more);
  const names = words.shown.map((recipient) => recipient.text).join(', ');
  return words.more ? `${names} ${words.more}` : names;
}

/**
 * Who a bulk pays and how many payments it holds, in one line: "Guðrún Helgadóttir, Þórður Ólafsson og 1 til
 * viðbótar (3 greiðslur)", where `count` words the number of payments ("3 greiðslur"); the count alone where no
 * payment names anyone; empty for a bulk of one payment without a name (its account says who).
 */
export function bulkNameLine(
  lines: readonly StoryBulkLine[],
  elementCount: number | null,
  locale: Locale,
  words: { more: (othersShown: string) => string; count: (count: number) => string },
): string {
  const count = elementCount ?? lines.length;
  const named = bulkLinesToName(lines, elementCount);
  const recipients = named && bulkRecipientsLine(named, locale, words.more);
  if (recipients) return `${recipients} (${words.count(count)})`;
  return count > 1 ? words.count(count) : '';
}
