import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { isUuid } from '@/lib/db/ids';
import { bulkTemplates, type TemplateDetails } from '@/lib/db/saved-schema';

/**
 * The queries of the PSU's templates (lib/payments/saved/bulk-templates.ts), of every service since
 * single payments and standing orders have them too; every one is the PSU's only.
 */

export async function listBulkTemplates(db: Db, psuId: string) {
  return db
    .select({
      id: bulkTemplates.id,
      name: bulkTemplates.name,
      product: bulkTemplates.product,
      // How many payments the template holds: its body's list, as the bank was sent it; null without one.
      payments: sql<number | null>`case when jsonb_typeof(${bulkTemplates.body}->'payments') = 'array'
        then jsonb_array_length(${bulkTemplates.body}->'payments') end`,
    })
    .from(bulkTemplates)
    .where(and(eq(bulkTemplates.psuId, psuId), eq(bulkTemplates.service, 'bulk-payments')))
    .orderBy(desc(bulkTemplates.createdAt), desc(bulkTemplates.id));
}

export async function countBulkTemplates(db: Db, psuId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bulkTemplates)
    .where(eq(bulkTemplates.psuId, psuId));
  return row?.count ?? 0;
}

/** One of the PSU's templates; an id from an address that is no uuid finds none (PostgreSQL refuses it). */
export async function findBulkTemplate(db: Db, psuId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(bulkTemplates)
    .where(and(eq(bulkTemplates.id, id), eq(bulkTemplates.psuId, psuId)))
    .limit(1);
  return row;
}

export async function insertBulkTemplate(
  db: Db,
  psuId: string,
  template: {
    name: string;
    service?: PaymentService;
    product: PaymentProduct;
    body: Record<string, unknown>;
    details?: TemplateDetails | null;
  },
): Promise<string | undefined> {
  const [row] = await db
    .insert(bulkTemplates)
    .values({ psuId, ...template })
    .returning({ id: bulkTemplates.id });
  return row?.id;
}

export async function deleteBulkTemplate(db: Db, psuId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(bulkTemplates)
    .where(and(eq(bulkTemplates.id, id), eq(bulkTemplates.psuId, psuId)))
    .returning({ id: bulkTemplates.id });
  return rows.length > 0;
}

/** The PSU's templates of every service, or of one, by name in Icelandic order left to the caller. */
export async function listTemplates(db: Db, psuId: string, service?: PaymentService) {
  return db
    .select({
      id: bulkTemplates.id,
      name: bulkTemplates.name,
      service: bulkTemplates.service,
      product: bulkTemplates.product,
      body: bulkTemplates.body,
      details: bulkTemplates.details,
    })
    .from(bulkTemplates)
    .where(
      service
        ? and(eq(bulkTemplates.psuId, psuId), eq(bulkTemplates.service, service))
        : eq(bulkTemplates.psuId, psuId),
    )
    .orderBy(desc(bulkTemplates.createdAt), desc(bulkTemplates.id));
}
