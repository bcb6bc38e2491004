import { eq } from 'drizzle-orm';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { psus } from '@/lib/db/schema';

/**
 * The `PSU-ID` header value for a request to the bank on this PSU's behalf: their kennitala, when
 * the operator has turned `BANK_SEND_PSU_ID` on and the profile holds one; otherwise undefined, and
 * the header is left out.
 */
export async function psuIdHeaderFor(psuId: string, db?: Db): Promise<string | undefined> {
  if (!settings().BANK_SEND_PSU_ID) return undefined;
  const database = db ?? (await getDb());
  const [row] = await database
    .select({ kennitala: psus.kennitala })
    .from(psus)
    .where(eq(psus.id, psuId))
    .limit(1);
  return row?.kennitala ?? undefined;
}
