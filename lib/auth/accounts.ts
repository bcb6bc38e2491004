import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Db, getDb } from '@/lib/db';
import { psuIdentities, psus } from '@/lib/db/schema';
import type { OidcPerson } from './oidc';
import { hashPassword, needsRehash, passwordMatches } from './password-hash';

export interface SessionPsu {
  id: string;
  email: string;
  name: string;
}

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
  input: { email: string; displayName: string; kennitala?: string; password: string },
  db?: Db,
): Promise<CreatePsuResult> {
  const database = db ?? (await getDb());
  const passwordHash = await hashPassword(input.password);
  const [row] = await database
    .insert(psus)
    .values({
      email: input.email.toLowerCase(),
      displayName: input.displayName,
      kennitala: input.kennitala ?? null,
      passwordHash,
    })
    .onConflictDoNothing({ target: psus.email })
    .returning();
  if (!row) return { ok: false, reason: 'emailTaken' };
  return { ok: true, psu: { id: row.id, email: row.email, name: row.displayName } };
}

export async function findProfile(psuId: string, db?: Db) {
  const database = db ?? (await getDb());
  const [row] = await database
    .select({
      id: psus.id,
      email: psus.email,
      displayName: psus.displayName,
      kennitala: psus.kennitala,
      createdAt: psus.createdAt,
    })
    .from(psus)
    .where(eq(psus.id, psuId))
    .limit(1);
  return row;
}

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

/**
 * The PSU an OpenID sign-in belongs to: the one this subject signed in as before; else the one with
 * the same kennitala (the electronic ID vouches for it; an e-mail claim alone is never trusted to
 * join accounts); else a new PSU, whose password is unknown to anyone until they set one.
 */
export async function psuForOidc(person: OidcPerson, db?: Db): Promise<SessionPsu> {
  const database = db ?? (await getDb());
  return database.transaction(async (tx) => {
    const [linked] = await tx
      .select({ id: psus.id, email: psus.email, name: psus.displayName })
      .from(psuIdentities)
      .innerJoin(psus, eq(psus.id, psuIdentities.psuId))
      .where(and(eq(psuIdentities.issuer, person.issuer), eq(psuIdentities.subject, person.subject)))
      .limit(1);
    if (linked) return linked;
    let psu: SessionPsu | undefined;
    if (person.kennitala) {
      [psu] = await tx
        .select({ id: psus.id, email: psus.email, name: psus.displayName })
        .from(psus)
        .where(eq(psus.kennitala, person.kennitala))
        .limit(1);
    }
    if (!psu) {
      const email =
        person.email ?? `${person.subject.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64)}@oidc.invalid`;
      const [taken] = await tx.select({ id: psus.id }).from(psus).where(eq(psus.email, email)).limit(1);
      const [row] = await tx
        .insert(psus)
        .values({
          // An e-mail already used by a password account stays with it; this PSU gets a placeholder.
          email: taken ? `${randomBytes(8).toString('hex')}@oidc.invalid` : email,
          displayName: person.displayName,
          kennitala: person.kennitala ?? null,
          passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        })
        .returning({ id: psus.id, email: psus.email, name: psus.displayName });
      if (!row) throw new Error('Could not create a PSU for an OpenID sign-in');
      psu = row;
    }
    await tx
      .insert(psuIdentities)
      .values({ issuer: person.issuer, subject: person.subject, psuId: psu.id })
      .onConflictDoNothing();
    return psu;
  });
}
