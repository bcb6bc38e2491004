import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Db, getDb } from '@/lib/db';
import { kennitalaLinks, psuIdentities, psus } from '@/lib/db/schema';
import type { OidcPerson } from './oidc';
import { hashPassword } from './password-hash';

/**
 * A kennitala belongs to an account only when an identity provider vouched for it in a verified
 * claim (OpenID Connect, as Icelandic electronic ID works): never from what anyone typed. One
 * kennitala links to one account, and an account to one kennitala.
 */

export interface SessionPsu {
  id: string;
  email: string;
  name: string;
}

/** The account's verified kennitala, or null while it has none. */
export async function linkedKennitala(psuId: string, db?: Db): Promise<string | null> {
  const database = db ?? (await getDb());
  const [row] = await database
    .select({ kennitala: kennitalaLinks.kennitala })
    .from(kennitalaLinks)
    .where(eq(kennitalaLinks.psuId, psuId))
    .limit(1);
  return row?.kennitala ?? null;
}

export type LinkOutcome =
  | { ok: true; kennitala: string }
  | { ok: false; reason: 'noKennitala' | 'kennitalaTaken' | 'accountHasAnother' };

/**
 * Links the person's kennitala to this account: refused when the claim carries none, when another
 * account holds it, or when this account holds another. The provider's subject is tied to the
 * account too, so that signing in with the electronic ID later finds it.
 */
export async function linkKennitala(psuId: string, person: OidcPerson, db?: Db): Promise<LinkOutcome> {
  const { kennitala } = person;
  if (!kennitala) return { ok: false, reason: 'noKennitala' };
  const database = db ?? (await getDb());
  return database.transaction(async (tx) => {
    const [current] = await tx.select().from(kennitalaLinks).where(eq(kennitalaLinks.psuId, psuId));
    if (current) {
      return current.kennitala === kennitala
        ? { ok: true as const, kennitala }
        : { ok: false as const, reason: 'accountHasAnother' as const };
    }
    const [linked] = await tx
      .insert(kennitalaLinks)
      .values({ kennitala, psuId, issuer: person.issuer, subject: person.subject })
      .onConflictDoNothing()
      .returning();
    if (!linked) return { ok: false as const, reason: 'kennitalaTaken' as const };
    await tx
      .insert(psuIdentities)
      .values({ issuer: person.issuer, subject: person.subject, psuId })
      .onConflictDoNothing();
    return { ok: true as const, kennitala };
  });
}

const summary = { id: psus.id, email: psus.email, name: psus.displayName };

/**
 * The account an electronic-ID sign-in belongs to: the one this subject signed in as before; else
 * the one linked to the same kennitala (the provider vouches for it); else a new account holding
 * that link, whose password nobody knows until they set one. An e-mail claim never joins accounts,
 * and is never taken as verified by this app.
 */
export async function psuForOidc(person: OidcPerson, db?: Db): Promise<SessionPsu> {
  const database = db ?? (await getDb());
  const psu = await database.transaction(async (tx) => {
    const [bySubject] = await tx
      .select(summary)
      .from(psuIdentities)
      .innerJoin(psus, eq(psus.id, psuIdentities.psuId))
      .where(and(eq(psuIdentities.issuer, person.issuer), eq(psuIdentities.subject, person.subject)))
      .limit(1);
    if (bySubject) return bySubject;
    if (person.kennitala) {
      const [byKennitala] = await tx
        .select(summary)
        .from(kennitalaLinks)
        .innerJoin(psus, eq(psus.id, kennitalaLinks.psuId))
        .where(eq(kennitalaLinks.kennitala, person.kennitala))
        .limit(1);
      if (byKennitala) {
        await tx
          .insert(psuIdentities)
          .values({ issuer: person.issuer, subject: person.subject, psuId: byKennitala.id })
          .onConflictDoNothing();
        return byKennitala;
      }
    }
    const email =
      person.email ?? `${person.subject.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64)}@oidc.invalid`;
    const [taken] = await tx.select({ id: psus.id }).from(psus).where(eq(psus.email, email)).limit(1);
    const [created] = await tx
      .insert(psus)
      .values({
        // An e-mail already used by another account stays with it; this one gets a placeholder.
        email: taken ? `${randomBytes(8).toString('hex')}@oidc.invalid` : email,
        displayName: person.displayName,
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      })
      .returning(summary);
    if (!created) throw new Error('Could not create an account for an electronic-ID sign-in');
    await tx
      .insert(psuIdentities)
      .values({ issuer: person.issuer, subject: person.subject, psuId: created.id });
    return created;
  });
  // A subject seen before may carry a kennitala its account has not linked yet.
  if (person.kennitala) await linkKennitala(psu.id, person, database);
  return psu;
}
