import { z } from 'zod';
import type { Db } from '@/lib/db';
import { paymentHistoryPage } from '@/lib/db/queries/payments';
import { transactionStatuses } from './status';

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * The list's filters as they arrive in the URL. Anything malformed is dropped rather than refused:
 * a hand-edited link still shows a list.
 */
export const historyFiltersSchema = z.object({
  status: z
    .enum([...transactionStatuses, 'new', 'refused'])
    .optional()
    .catch(undefined),
  service: z.enum(['payments', 'bulk-payments', 'periodic-payments']).optional().catch(undefined),
  from: dateParam,
  to: dateParam,
  q: z.string().trim().max(100).optional().catch(undefined),
  after: z.string().max(200).optional().catch(undefined),
});

export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

/** Every payment matching the filters, in pages, for the CSV export. */
export async function* allMatchingPayments(db: Db, psuId: string, filters: HistoryFilters) {
  let after: string | undefined;
  do {
    const page = await paymentHistoryPage(db, psuId, { ...filters, after }, 500);
    yield* page.rows;
    after = page.next;
  } while (after);
}
