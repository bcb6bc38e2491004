import { listClaims } from '@/lib/bank/claims';
import type { Db } from '@/lib/db';
import { saveClaim } from '@/lib/db/queries/bills';
import { logger } from '@/lib/log';

/**
 * Reads a payor's claims from the bank and records them. When the bank cannot be reached the page
 * shows what we know, and says so: the bills table is kept current by the `claim.paid` events too.
 */
export async function refreshBillsFromBank(db: Db, payorId: string): Promise<'fresh' | 'stale'> {
  try {
    for (const claim of await listClaims(payorId)) await saveClaim(db, claim);
    return 'fresh';
  } catch (error) {
    logger.warn({ err: error }, 'could not read claims from the bank');
    return 'stale';
  }
}
