import { listClaims } from '@/lib/bank/claims';
import { banksOffering } from '@/lib/bank/directory';
import { inBank } from '@/lib/bank/scope';
import type { Db } from '@/lib/db';
import { markUnreadable, saveClaim } from '@/lib/db/queries/bills';
import { logger } from '@/lib/log';

/**
 * How a reading of the banks went: `staleBankIds` names the banks that could not be asked, `incompleteBankIds` those
 * that answered with bills the app could not read, or more than it reads (lib/bank/claims.ts `listClaims`).
 */
export type BillsFreshness =
  | { fresh: true }
  | { fresh: false; staleBankIds: string[]; incompleteBankIds: string[] };

/**
 * Reads a payor's claims from every bank of the directory that offers claims, each in its own scope (its
 * URLs, its business token), and records each claim as that bank's bill. A bank that cannot be reached is
 * named, and its bills shown as we last knew them: the bills table is kept current by the `claim.paid` events
 * too. The others are read all the same. A bank that answered with a claim the app cannot read, or more pages than
 * it reads, is named too: what was read of it is kept, and the PSU told that not every bill of it is shown.
 */
export async function refreshBillsFromBank(db: Db, payorId: string): Promise<BillsFreshness> {
  const readings = await Promise.all(
    banksOffering('claims').map(async (bank) => {
      try {
        const { claims, complete, unreadableIds } = await inBank(bank, () => listClaims(payorId));
        for (const claim of claims) await saveClaim(db, bank.id, claim);
        // A bill already known whose claim the bank now answers unreadably is kept as last read, but not paid here.
        await markUnreadable(db, bank.id, payorId, unreadableIds);
        if (!complete) logger.warn({ bankId: bank.id }, 'not every claim of a bank could be read');
        return { id: bank.id, outcome: complete ? 'read' : 'incomplete' };
      } catch (error) {
        logger.warn({ err: error, bankId: bank.id }, 'could not read claims from a bank');
        return { id: bank.id, outcome: 'stale' };
      }
    }),
  );
  const idsOf = (outcome: string) =>
    readings.filter((reading) => reading.outcome === outcome).map((reading) => reading.id);
  const staleBankIds = idsOf('stale');
  const incompleteBankIds = idsOf('incomplete');
  return staleBankIds.length + incompleteBankIds.length === 0
    ? { fresh: true }
    : { fresh: false, staleBankIds, incompleteBankIds };
}
