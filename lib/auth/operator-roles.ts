import { type AnyColumn, and, eq, inArray, isNotNull, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { roleHeldBy } from '@/lib/db/queries/psu-roles';
import { psuRoles, psus } from '@/lib/db/schema';
import { accountNamedByEmail } from './command-account';
import { operatorEmails } from './operator-emails';

/**
 * The operator role (the events page) is held in the database. It is granted by a command
 * (`npm run grant-operator -- <email>`), or by the app to an account whose address is on
 * OPERATOR_EMAILS once that address is verified: registering a listed address grants nothing by
 * itself. What the list gave, the list takes back when the address leaves it.
 */
export const OPERATOR = 'operator';

export type GrantedBy = 'command' | 'OPERATOR_EMAILS';

/** Grants the role to this account when its verified address is on OPERATOR_EMAILS. */
export async function grantListedOperator(
  db: Db,
  psuId: string,
  listed = operatorEmails(),
): Promise<boolean> {
  const [psu] = await db
    .select({ email: psus.email })
    .from(psus)
    .where(and(eq(psus.id, psuId), isNotNull(psus.emailVerifiedAt)));
  if (!psu || !listed.has(psu.email.toLowerCase())) return false;
  await db
    .insert(psuRoles)
    .values({ psuId, role: OPERATOR, grantedBy: 'OPERATOR_EMAILS' })
    .onConflictDoNothing();
  return true;
}

/**
 * At start: the role for every verified address on the list, and none left from the list for an
 * address that has left it. Roles granted by the command stay.
 */
export async function syncListedOperators(db: Db, listed = operatorEmails()): Promise<void> {
  // Addresses are stored in lower case (lib/auth/accounts.ts), as the list is read.
  const emails = [...listed, ''];
  const verifiedListed = db
    .select({ id: psus.id })
    .from(psus)
    .where(and(inArray(psus.email, emails), isNotNull(psus.emailVerifiedAt)));
  await db
    .delete(psuRoles)
    .where(
      and(
        eq(psuRoles.role, OPERATOR),
        eq(psuRoles.grantedBy, 'OPERATOR_EMAILS'),
        notInArray(psuRoles.psuId, verifiedListed),
      ),
    );
  for (const { id } of await verifiedListed) {
    await db
      .insert(psuRoles)
      .values({ psuId: id, role: OPERATOR, grantedBy: 'OPERATOR_EMAILS' })
      .onConflictDoNothing();
  }
}

export type CommandOutcome = 'granted' | 'revoked' | 'unchanged' | 'noSuchAccount' | 'notVerified';

/**
 * The command's grant: only for an account whose owner proved its address, as the list's is; anyone may sign up
 * with an address before its owner does, and the role would go to them.
 */
export async function grantOperatorByCommand(db: Db, email: string): Promise<CommandOutcome> {
  const psu = await accountNamedByEmail(db, email);
  if (!psu) return 'noSuchAccount';
  if (psu.verifiedAt === null) return 'notVerified';
  // A role the list gave becomes the command's, so it stays when the address leaves the list.
  await db
    .insert(psuRoles)
    .values({ psuId: psu.id, role: OPERATOR, grantedBy: 'command' })
    .onConflictDoUpdate({ target: [psuRoles.psuId, psuRoles.role], set: { grantedBy: 'command' } });
  return 'granted';
}

export async function revokeOperatorByCommand(db: Db, email: string): Promise<CommandOutcome> {
  const psu = await accountNamedByEmail(db, email);
  if (!psu) return 'noSuchAccount';
  const deleted = await db
    .delete(psuRoles)
    .where(and(eq(psuRoles.psuId, psu.id), eq(psuRoles.role, OPERATOR)))
    .returning({ psuId: psuRoles.psuId });
  return deleted.length > 0 ? 'revoked' : 'unchanged';
}

/**
 * Whether the account `psuId` names holds the operator role, as a condition a query selects: on its own here,
 * and with the profile every signed-in page reads for its header (lib/auth/accounts.ts, `findProfile`).
 */
export function operatorRoleOf(psuId: string | AnyColumn): SQL<boolean> {
  return roleHeldBy(psuId, OPERATOR);
}

export async function holdsOperatorRole(db: Db, psuId: string): Promise<boolean> {
  const [row] = await db
    .select({ operator: operatorRoleOf(psuId) })
    .from(psus)
    .where(eq(psus.id, psuId));
  return row?.operator === true;
}
