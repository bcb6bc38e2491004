import { type Claim, getClaim } from '@/lib/bank/claims';
import type { DirectoryBank } from '@/lib/bank/directory';
import { inBank } from '@/lib/bank/scope';
import type { Db } from '@/lib/db';
import { markUnreadable, saveClaim } from '@/lib/db/queries/bills';

/**
 * The payor's claim at this bank as the bank has it now, for its Pay page, and kept as their bill; `unreadable` where
 * the bank answers a bill of theirs the app knows in a shape it cannot read (the bill is then marked so, and not
 * offered for paying until the bank answers it readably); undefined for none, or another payor's claim, which is
 * answered exactly like a missing one.
 */
export async function billToPay(
  db: Db,
  bank: DirectoryBank,
  claimId: string,
  payorId: string,
): Promise<Claim | 'unreadable' | undefined> {
  const claim = await inBank(bank, () => getClaim(claimId));
  if (claim === 'unreadable')
    return (await markUnreadable(db, bank.id, payorId, [claimId])) > 0 ? 'unreadable' : undefined;
  if (!claim || claim.payorId !== payorId) return undefined;
  await saveClaim(db, bank.id, claim);
  return claim;
}
