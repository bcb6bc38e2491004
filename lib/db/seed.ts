import bcrypt from 'bcryptjs';
import { settings } from '@/lib/config';
import type { Db } from './index';
import { psus } from './schema';

/** The demo PSU that README shows; its kennitala matches the sandbox bank's demo customer. */
export const demoPsu = {
  email: 'demo@greidsla.is',
  password: 'greidsla-demo',
  displayName: 'Jón Jónsson',
  kennitala: '5510730339',
} as const;

export async function seedDemoPsu(db: Db): Promise<void> {
  if (!settings().SEED_DEMO_PSU) return;
  const passwordHash = await bcrypt.hash(demoPsu.password, 10);
  await db
    .insert(psus)
    .values({
      email: demoPsu.email,
      passwordHash,
      displayName: demoPsu.displayName,
      kennitala: demoPsu.kennitala,
    })
    .onConflictDoNothing({ target: psus.email });
}
