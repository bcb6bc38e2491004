import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { psus } from '@/lib/db/schema';

/**
 * The account an operator's command names by its e-mail address (as typed: any case, spaces around): its id, and
 * when its owner confirmed the address (null: never). Undefined where no account has it.
 */
export async function accountNamedByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; verifiedAt: Date | null } | undefined> {
  const [psu] = await db
    .select({ id: psus.id, verifiedAt: psus.emailVerifiedAt })
    .from(psus)
    .where(eq(psus.email, email.trim().toLowerCase()));
  return psu;
}
