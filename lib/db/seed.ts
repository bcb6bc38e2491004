import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/auth/password-hash';
import { settings } from '@/lib/config';
import { holderMandates } from './holder-schema';
import { kennitalaLinks, psus } from './schema';
import type { Db } from './types';

/**
 * The demo PSUs that README shows; their kennitölur match the sandbox bank's demo customers. They
 * are the operator's own accounts (SEED_DEMO_PSU, never in production): their e-mail counts as
 * verified and their kennitala as linked, with `DEMO_ISSUER` standing in for an identity provider, and the
 * demo PSU may pay for the sandbox's company (`actsFor`, lib/auth/account-holders.ts).
 */
export const demoPsus = [
  {
    email: 'demo@greidsla.is',
    password: 'greidsla-demo',
    displayName: 'Jón Jónsson',
    kennitala: '0101302989',
    /** Pays for the sandbox's company Bókhaldskerfi ehf., whose bank confirms straight through (IOBWS). */
    actsFor: ['6403164039'],
  },
  {
    email: 'anna@greidsla.is',
    password: 'greidsla-demo',
    displayName: 'Anna Sigurðardóttir',
    kennitala: '1203892039',
    actsFor: [],
  },
] as const;

export const demoPsu = demoPsus[0];

export const DEMO_ISSUER = 'urn:greidsla:demo-seed';

export async function seedDemoPsu(db: Db): Promise<void> {
  if (!settings().SEED_DEMO_PSU) return;
  const existing = new Set((await db.select({ email: psus.email }).from(psus)).map((row) => row.email));
  for (const psu of demoPsus) {
    if (!existing.has(psu.email)) {
      await db
        .insert(psus)
        .values({
          email: psu.email,
          passwordHash: await hashPassword(psu.password),
          displayName: psu.displayName,
        })
        .onConflictDoNothing({ target: psus.email });
    }
    // Also for a data dir made before e-mails were verified and kennitölur linked.
    await db
      .update(psus)
      .set({ emailVerifiedAt: sql`now()` })
      .where(and(eq(psus.email, psu.email), isNull(psus.emailVerifiedAt)));
    const [row] = await db.select({ id: psus.id }).from(psus).where(eq(psus.email, psu.email));
    if (row) {
      await db
        .insert(kennitalaLinks)
        .values({ kennitala: psu.kennitala, psuId: row.id, issuer: DEMO_ISSUER, subject: psu.email })
        .onConflictDoNothing();
      for (const holderKennitala of psu.actsFor) {
        await db
          .insert(holderMandates)
          .values({ psuId: row.id, holderKennitala, grantedBy: 'demo-seed' })
          .onConflictDoNothing();
      }
    }
  }
}
