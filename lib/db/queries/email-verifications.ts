import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { emailVerifications, psus } from '@/lib/db/schema';

/** The queries of lib/auth/email-verification.ts; links expire by the database's clock. */

export async function insertEmailVerification(
  db: Db,
  link: { tokenHash: string; psuId: string; email: string; hours: number },
): Promise<void> {
  await db.insert(emailVerifications).values({
    tokenHash: link.tokenHash,
    psuId: link.psuId,
    email: link.email,
    expiresAt: sql`now() + make_interval(hours => ${link.hours})`,
  });
}

/**
 * Uses the link once: the account's, unused, not expired, and only while the account still has the
 * address it was sent to; then the address is verified. Whether it was.
 */
export async function consumeEmailVerification(db: Db, psuId: string, tokenHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash),
          eq(emailVerifications.psuId, psuId),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ email: emailVerifications.email });
    if (!used) return false;
    const [psu] = await tx
      .update(psus)
      .set({ emailVerifiedAt: sql`coalesce(${psus.emailVerifiedAt}, now())` })
      .where(and(eq(psus.id, psuId), eq(psus.email, used.email)))
      .returning({ id: psus.id });
    return psu !== undefined;
  });
}
