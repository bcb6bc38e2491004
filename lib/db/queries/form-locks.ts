import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';

/**
 * Holds a lock on one form of one PSU until `tx` ends, so that attempts of that form sent at once
 * are decided one after the other (lib/payments/submission-attempts.ts).
 */
export async function lockForm(tx: Db, psuId: string, submissionId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${psuId}:${submissionId}`}))`);
}
