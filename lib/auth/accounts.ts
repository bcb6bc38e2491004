import { eq } from 'drizzle-orm';
import { cache } from 'react';
import { type Db, getDb } from '@/lib/db';
import { kennitalaLinks, psus } from '@/lib/db/schema';
import type { SessionPsu } from './identity';
import { operatorRoleOf } from './operator-roles';
import { hashPassword, needsRehash, passwordMatches } from './password-hash';

/**
 * The PSU with this e-mail and password, or null; as slow for an unknown e-mail as for a wrong
 * password. A right password hashed at another cost is hashed again at today's.
 */
export async function checkPassword(email: string, password: string, db?: Db): Promise<SessionPsu | null> {
  const database = db ?? (await getDb());
  const [psu] = await database.select().from(psus).where(eq(psus.email, email.toLowerCase())).limit(1);
  if (!(await passwordMatches(password, psu?.passwordHash)) || !psu) return null;
  if (needsRehash(psu.passwordHash)) {
    await database
      .update(psus)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(psus.id, psu.id));
  }
  return { id: psu.id, email: psu.email, name: psu.displayName };
}

export type CreatePsuResult = { ok: true; psu: SessionPsu } | { ok: false; reason: 'emailTaken' };

export async function createPsu(
  input: { email: string; displayName: string; password: string },
  db?: Db,
): Promise<CreatePsuResult> {
  const database = db ?? (await getDb());
  const passwordHash = await hashPassword(input.password);
  const [row] = await database
    .insert(psus)
    .values({
      email: input.email.toLowerCase(),
      displayName: input.displayName,
      passwordHash,
    })
    .onConflictDoNothing({ target: psus.email })
    .returning();
  if (!row) return { ok: false, reason: 'emailTaken' };
  return { ok: true, psu: { id: row.id, email: row.email, name: row.displayName } };
}

/**
 * The account page's profile: the e-mail and whether it is verified, the verified kennitala if any, and whether
 * it holds the operator role (the header's menu). Read once per page drawn (React's `cache`: the header, its
 * notice and the page all ask), afresh for each action.
 */
export const findProfile = cache(async (psuId: string, db?: Db) => {
  const database = db ?? (await getDb());
  const [row] = await database
    .select({
      id: psus.id,
      email: psus.email,
      emailVerifiedAt: psus.emailVerifiedAt,
      displayName: psus.displayName,
      kennitala: kennitalaLinks.kennitala,
      createdAt: psus.createdAt,
      operator: operatorRoleOf(psus.id),
    })
    .from(psus)
    .leftJoin(kennitalaLinks, eq(kennitalaLinks.psuId, psus.id))
    .where(eq(psus.id, psuId))
    .limit(1);
  return row;
});

export type ChangePasswordResult = { ok: true } | { ok: false; reason: 'wrongPassword' };

export async function changePassword(
  psuId: string,
  currentPassword: string,
  newPassword: string,
  db?: Db,
): Promise<ChangePasswordResult> {
  const database = db ?? (await getDb());
  const [row] = await database.select().from(psus).where(eq(psus.id, psuId)).limit(1);
  if (!(await passwordMatches(currentPassword, row?.passwordHash)) || !row) {
    return { ok: false, reason: 'wrongPassword' };
  }
  const passwordHash = await hashPassword(newPassword);
  await database.update(psus).set({ passwordHash }).where(eq(psus.id, psuId));
  return { ok: true };
}
