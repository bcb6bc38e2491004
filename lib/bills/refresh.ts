import { listClaims } from '@/lib/bank/claims';
import { banksOffering } from '@/lib/bank/directory';
import { inBank } from '@/lib/bank/scope';
import type { Db } from '@/lib/db';
import { saveClaim } from '@/lib/db/queries/bills';
import { logger } from '@/lib/log';

/** How a reading of the banks went: `stale` names the banks that could not be asked. */
export type BillsFreshness = { fresh: true } | { fresh: false; staleBankIds: string[] };

/**
 * Reads a payor's claims from every bank of the directory that offers claims, each in its own scope (its
 * URLs, its business token), and records each claim as that bank's bill. A bank that cannot be reached is
 * named, and its bills shown as we last knew them: the bills table is kept current by the `claim.paid` events
 * too. The others are read all the same.
 */
export async function refreshBillsFromBank(db: Db, payorId: string): Promise<BillsFreshness> {
  const readings = await Promise.all(
    banksOffering('claims').map(async (bank) => {
      try {
        const claims = await inBank(bank, () => listClaims(payorId));
        for (const claim of claims) await saveClaim(db, bank.id, claim);
        return undefined;
      } catch (error) {
        logger.warn({ err: error, bankId: bank.id }, 'could not read claims from a bank');
        return bank.id;
      }
    }),
  );
  const staleBankIds = readings.filter((id): id is string => id !== undefined);
  return staleBankIds.length === 0 ? { fresh: true } : { fresh: false, staleBankIds };
}
