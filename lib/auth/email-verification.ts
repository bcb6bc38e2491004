import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { consumeEmailVerification, insertEmailVerification } from '@/lib/db/queries/email-verifications';
import { psus } from '@/lib/db/schema';
import { sendMail } from '@/lib/mail';
import { grantListedOperator } from './operator-roles';

/**
 * An e-mail address grants nothing until its owner proves they read it: sign-up sends a link with
 * a random token (only its hash is kept), and the address is verified when the account's owner,
 * signed in, confirms that link within a day. Both are needed: the token shows the mailbox is
 * theirs, the session that the account is; a link opened by anyone else (a mail scanner, a
 * forwarded message) verifies nothing.
 */

const LINK_HOURS = 24;

const texts = {
  is: {
    subject: 'Staðfestu netfangið þitt hjá Greiðslu',
    body: (link: string) =>
      `Halló,\n\nOpnaðu þennan hlekk á meðan innskráning þín í Greiðslu er virk til að staðfesta netfangið þitt:\n\n${link}\n\nHlekkurinn gildir í ${LINK_HOURS} klukkustundir. Ef þú stofnaðir ekki aðgang geturðu hunsað þennan póst.\n`,
  },
  en: {
    subject: 'Confirm your e-mail address at Greiðsla',
    body: (link: string) =>
      `Hello,\n\nOpen this link while signed in to Greiðsla to confirm your e-mail address:\n\n${link}\n\nThe link is valid for ${LINK_HOURS} hours. If you did not create an account, you can ignore this message.\n`,
  },
} as const;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Sends a new verification link to the account's current address, in the page's language. */
export async function sendVerificationLink(psuId: string, locale: 'is' | 'en', db?: Db): Promise<void> {
  const database = db ?? (await getDb());
  const [psu] = await database.select({ email: psus.email }).from(psus).where(eq(psus.id, psuId));
  if (!psu || psu.email.endsWith('.invalid')) return;
  const token = randomBytes(32).toString('base64url');
  await insertEmailVerification(database, {
    tokenHash: hashOf(token),
    psuId,
    email: psu.email,
    hours: LINK_HOURS,
  });
  const link = new URL(`/${locale}/verify-email`, settings().APP_BASE_URL);
  link.searchParams.set('token', token);
  await sendMail({
    to: psu.email,
    subject: texts[locale].subject,
    text: texts[locale].body(link.toString()),
  });
}

export type VerifyOutcome = 'verified' | 'invalid';

/**
 * Verifies the signed-in account's address with a token from its link: once, before it expires,
 * and only while the address is still the one the link was sent to. A token of another account is
 * answered like an unknown one. A verified address on OPERATOR_EMAILS gets the operator role.
 */
export async function verifyEmail(psuId: string, token: string, db?: Db): Promise<VerifyOutcome> {
  const database = db ?? (await getDb());
  const verified = await consumeEmailVerification(database, psuId, hashOf(token));
  if (!verified) return 'invalid';
  await grantListedOperator(database, psuId);
  return 'verified';
}
