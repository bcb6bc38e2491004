import { createHmac, randomBytes } from 'node:crypto';
import { claimNumberShown } from '../claims/claims.js';
import { claimTargetOf } from '../claims/settlement.js';
import type { ExecutionDelays } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import { findAccountByReference, findAccountHolder, ownerOfAccount } from '../db/queries/accounts.js';
import {
  type AuthorisationRow,
  claimForOAuthApproval,
  findAuthorisation,
  hasSigned,
  updateAuthorisation,
} from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import { changingPayment, findPayment, type PaymentRow, setStatedAmount } from '../db/queries/payments.js';
import { findPsu } from '../db/queries/psus.js';
import { deleteScaSessions, insertScaSession, scaSessionUser } from '../db/queries/sca-sessions.js';
import type { Language } from '../shared/language.js';
import { currencyExponent, fractionDigits, fromMinorUnits, toMinorUnits } from '../shared/money.js';
import { verifyPassword } from '../shared/passwords.js';
import { sha256Hex } from '../shared/secrets.js';
import { mayActFor } from './approach.js';
import {
  cancellationNeedsSca,
  FINAL_SCA,
  failAuthorisation,
  finaliseAuthorisation,
  issueOAuthCode,
} from './decisions.js';

/**
 * The bank's SCA pages behind `scaRedirect` (redirect, OAuth and multilevel approaches): which authorisation a
 * page is about, who may sign in, and what approving or declining does. The pages themselves are served by
 * http/routes/sca-pages.ts.
 */

/** How long a PSU stays signed in on the pages of one authorisation. */
export const SESSION_SECONDS = 15 * 60;
const PAGE_APPROACHES = new Set(['REDIRECT', 'OAUTH', 'MULTILEVEL']);

export type SignInRefusal = 'credentials' | 'account' | 'signed';

/** Is this authorisation still waiting for the PSU on the bank's pages? */
export function waitingForPsu(authorisation: AuthorisationRow, payment: PaymentRow): boolean {
  if (FINAL_SCA.has(authorisation.sca_status) || authorisation.sca_status === 'unconfirmed') return false;
  return authorisation.kind === 'payment'
    ? payment.transaction_status === 'RCVD' || payment.transaction_status === 'PATC'
    : cancellationNeedsSca(payment);
}

/** The authorisation a page is about and its payment; undefined when it is not completed on these pages. */
export async function pageAuthorisation(
  db: Queryable,
  authorisationId: string,
): Promise<{ authorisation: AuthorisationRow; payment: PaymentRow } | undefined> {
  const authorisation = await findAuthorisation(db, authorisationId);
  const payment = authorisation ? await findPayment(db, authorisation.payment_id) : undefined;
  const onPages =
    authorisation &&
    PAGE_APPROACHES.has(authorisation.approach ?? 'REDIRECT') &&
    (authorisation.approach !== 'OAUTH' || authorisation.oauth_redirect_uri !== null);
  return authorisation && payment && onPages ? { authorisation, payment } : undefined;
}

/** The PSU signed in on the pages of this authorisation with the session token of its cookie. */
export async function signedInUser(db: Queryable, token: string, authorisationId: string) {
  return scaSessionUser(db, sha256Hex(token), authorisationId, await sandboxNow(db));
}

/**
 * The CSRF token of a session on the pages, the hidden field of its decision form: an HMAC keyed with the session's
 * token, so that only a page the bank served to that session carries it (the cookie is SameSite=Lax, and a page of
 * another port of the same host is the same site), and the page reveals nothing of the cookie.
 */
export function sessionCsrfToken(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('sca-decision-csrf').digest('base64url');
}

/** The people the review page names: the signed-in PSU, the debtor account's holder, the recipient if known. */
export interface ReviewNames {
  psuName: string;
  debtorName: string;
  creditorName: string;
  /** Of a payment of a claim: its number as people read it ("1111-66-000004"), shown in place of its key. */
  claimNumber?: string;
}

export async function reviewNames(
  db: Queryable,
  username: string,
  payment: PaymentRow,
): Promise<ReviewNames> {
  const psu = await findPsu(db, username);
  const debtor = await findAccountByReference(db, { iban: payment.debtor_iban });
  // A bill's claimant; else the name the payment gives; else the holder of the recipient's account where it is
  // this bank's own (a standing order's body has no creditorName, spec 2.2).
  const body = payment.body as {
    creditorName?: unknown;
    creditorAccount?: { iban?: unknown; bban?: unknown };
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const recipient = { iban: text(body.creditorAccount?.iban), bban: text(body.creditorAccount?.bban) };
  const target = await claimTargetOf(db, body);
  const claim = target?.found ? target.claim : undefined;
  const creditor =
    claim?.claimant_name ??
    text(body.creditorName) ??
    (recipient.iban || recipient.bban
      ? (await findAccountHolder(db, (await findAccountByReference(db, recipient))?.iban))?.name
      : undefined);
  return {
    psuName: psu?.name ?? username,
    debtorName: debtor?.name ?? '',
    creditorName: creditor ?? '',
    ...(claim ? { claimNumber: claimNumberShown(claim.branch, claim.claim_no) } : {}),
  };
}

/**
 * Signs a PSU in with online-banking credentials: only the debtor account's owner (or one of a company's
 * signers, each signing once), and only the PSU a PSU-ID named. Returns the session token for the cookie, or why
 * the PSU was refused.
 */
export async function signIn(
  db: Queryable,
  authorisation: AuthorisationRow,
  payment: PaymentRow,
  username: string,
  password: string,
): Promise<{ token: string } | { refused: SignInRefusal }> {
  const psu = await findPsu(db, username);
  if (!psu || !verifyPassword(password, psu.password_hash)) return { refused: 'credentials' };
  const ownerName = (await ownerOfAccount(db, payment.debtor_iban)) ?? '';
  const allowed =
    (await mayActFor(db, username, ownerName)) &&
    (authorisation.psu_username === null || authorisation.psu_username === username);
  if (!allowed) return { refused: 'account' };
  if (authorisation.kind === 'payment' && payment.sca_approach === 'MULTILEVEL') {
    // Each signer signs once: a second signature by the same person does not count.
    if (await hasSigned(db, payment.id, username)) return { refused: 'signed' };
  }
  const token = randomBytes(32).toString('base64url');
  const now = await sandboxNow(db);
  await insertScaSession(db, {
    idHash: sha256Hex(token),
    authorisationId: authorisation.id,
    username,
    expiresAt: now + SESSION_SECONDS * 1000,
  });
  await updateAuthorisation(db, authorisation.id, {
    sca_status: 'psuAuthenticated',
    updated_at: now,
    psu_username: username,
  });
  return { token };
}

/**
 * The PSU approves or declines on the pages. Approving finalises the authorisation, except for OAuth, where it
 * issues the code the TPP confirms with (returned). Of two concurrent decisions (double click, two tabs) only
 * one applies: null for the others.
 */
export async function decideOnPages(
  db: Db,
  delays: ExecutionDelays,
  authorisation: AuthorisationRow,
  payment: PaymentRow,
  decision: 'approve' | 'decline',
  username: string,
): Promise<{ code: string | null } | null> {
  return changingPayment(db, payment.id, async (tx, currentPayment) => {
    const now = await sandboxNow(tx);
    const current = await findAuthorisation(tx, authorisation.id);
    if (!current || !currentPayment || !waitingForPsu(current, currentPayment)) return null;
    let code: string | null = null;
    if (decision === 'approve') {
      if (authorisation.approach === 'OAUTH') {
        if (!(await claimForOAuthApproval(tx, authorisation.id, now))) return null;
        code = await issueOAuthCode(tx, authorisation.id, now, username);
      } else if (!(await finaliseAuthorisation(tx, delays, authorisation.id, now, username))) {
        return null;
      }
    } else if (
      !(await failAuthorisation(
        tx,
        authorisation.id,
        now,
        authorisation.kind === 'payment' ? 'SCA declined by the PSU' : 'cancellation declined',
        username,
      ))
    ) {
      return null;
    }
    await deleteScaSessions(tx, authorisation.id);
    return { code };
  });
}

/** A payment initiated without instructedAmount that pays no claim: the PSU states the amount on the review page. */
export function amountToState(payment: PaymentRow): { currency: string } | undefined {
  if (payment.payment_service !== 'payments') return undefined;
  const amount = payment.body.instructedAmount;
  return amount === undefined || amount === null ? { currency: payment.total_currency ?? 'ISK' } : undefined;
}

/**
 * The amount the PSU typed, in the page's language (`15.000` or `1.234,50` in Icelandic, `15,000` or `1,234.50` in
 * English; plain digits in either), as a spec 2.4 amount of `currency`: positive, at most 14 integer digits and no
 * more fraction digits than the currency has. Undefined when it is none of these.
 */
export function readStatedAmount(text: string, currency: string, language: Language): string | undefined {
  const [group, decimal] = language === 'is' ? ['.', ','] : [',', '.'];
  const compact = text.replace(/[\s\u00a0]/g, '');
  const parts = compact.split(decimal);
  if (parts.length > 2) return undefined;
  const whole = (parts[0] ?? '').split(group).join('');
  const amount = parts.length === 2 ? `${whole}.${parts[1]}` : whole;
  if (!/^[0-9]{1,14}(\.[0-9]{1,3})?$/.test(amount)) return undefined;
  if (fractionDigits(amount) > currencyExponent(currency)) return undefined;
  const minor = toMinorUnits(amount, currency);
  return minor > 0n ? fromMinorUnits(minor, currency) : undefined;
}

/** Records the amount the PSU stated for the payment (before it is approved); false when it is not one. */
export async function stateAmount(db: Queryable, payment: PaymentRow, text: string): Promise<boolean> {
  const needed = amountToState(payment);
  if (!needed) return true;
  const amount = readStatedAmount(text, needed.currency, payment.psu_accept_language);
  if (amount === undefined) return false;
  await setStatedAmount(
    db,
    payment.id,
    { currency: needed.currency, amount },
    toMinorUnits(amount, needed.currency),
    await sandboxNow(db),
  );
  return true;
}
