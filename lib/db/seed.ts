import { hashPassword } from '@/lib/auth/password-hash';
import { settings } from '@/lib/config';
import type { Db } from './index';
import { psus } from './schema';

/** The demo PSUs that README shows; their kennitölur match the sandbox bank's demo customers. */
export const demoPsus = [
  {
    email: 'demo@greidsla.is',
    password: 'greidsla-demo',
    displayName: 'Jón Jónsson',
    kennitala: '0101302989',
  },
  {
    email: 'anna@greidsla.is',
    password: 'greidsla-demo',
    displayName: 'Anna Sigurðardóttir',
    kennitala: '1203892039',
  },
] as const;

export const demoPsu = demoPsus[0];

export async function seedDemoPsu(db: Db): Promise<void> {
  if (!settings().SEED_DEMO_PSU) return;
  const existing = new Set((await db.select({ email: psus.email }).from(psus)).map((row) => row.email));
  for (const psu of demoPsus) {
    if (existing.has(psu.email)) continue;
    const passwordHash = await hashPassword(psu.password);
    await db
      .insert(psus)
      .values({ email: psu.email, passwordHash, displayName: psu.displayName, kennitala: psu.kennitala })
      .onConflictDoNothing({ target: psus.email });
  }
}
