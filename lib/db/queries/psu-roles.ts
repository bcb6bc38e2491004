import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { psuRoles } from '@/lib/db/schema';

/** Whether the account `psuId` names (a value, or a column of the query) holds `role`, as a condition to select. */
export function roleHeldBy(psuId: string | AnyColumn, role: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${psuRoles} where ${psuRoles.psuId} = ${psuId} and ${psuRoles.role} = ${role})`;
}
