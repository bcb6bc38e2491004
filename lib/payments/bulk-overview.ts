// What a list shows of a bulk payment, as types alone: the schema keeps a bulk's overview in a column of its
// own (`payments.list_overview`), and ./bulk-recipients.ts, which reads payments, makes it.
import type { Money } from '@/lib/bank/costs';

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
 * What a list shows of a bulk, kept beside it when it is saved (`payments.list_overview`), so that a list reads
 * neither its payments nor adds them up again: a bulk of 10,000 payments is a few megabytes.
 */
export interface BulkOverview {
  /** Its payments added up by currency (./amounts.ts `paymentAmounts`). */
  amounts: Money[];
  recipients: BulkRecipients;
}
