import { eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { auth } from '@/lib/auth';
import { getDb } from '@/lib/db';
import { psus } from '@/lib/db/schema';
import { redirect } from '@/lib/i18n/navigation';
import { operatorEmails } from './operator-emails';

export async function isOperatorPsu(psuId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ email: psus.email }).from(psus).where(eq(psus.id, psuId)).limit(1);
  return row !== undefined && operatorEmails().has(row.email.toLowerCase());
}

/** For server actions: the operator's PSU id, or null when not signed in as an operator. */
export async function currentOperatorId(): Promise<string | null> {
  const session = await auth();
  const psuId = session?.user?.id;
  if (!psuId) return null;
  return (await isOperatorPsu(psuId)) ? psuId : null;
}

/** For pages: sign-in first; a PSU who is not an operator gets a 404, the page is not theirs to know. */
export async function requireOperator(returnTo: string): Promise<string> {
  const session = await auth();
  const psuId = session?.user?.id;
  if (!psuId) {
    const locale = await getLocale();
    return redirect({ href: { pathname: '/sign-in', query: { returnTo } }, locale });
  }
  if (!(await isOperatorPsu(psuId))) notFound();
  return psuId;
}
