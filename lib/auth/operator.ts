import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/lib/db';
import { holdsOperatorRole } from './operator-roles';
import { requirePsuId } from './session';

/**
 * Whether the account holds the operator role (lib/auth/operator-roles.ts): read once per page drawn, as
 * the session is (./session.ts), afresh for each action and route.
 */
export const isOperatorPsu = cache(async (psuId: string): Promise<boolean> => {
  return holdsOperatorRole(await getDb(), psuId);
});

/** For pages: sign-in first; a PSU who is not an operator gets a 404, the page is not theirs to know. */
export async function requireOperator(returnTo: string): Promise<string> {
  const psuId = await requirePsuId(returnTo);
  if (!(await isOperatorPsu(psuId))) notFound();
  return psuId;
}
