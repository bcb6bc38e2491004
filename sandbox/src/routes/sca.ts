import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SandboxContext } from '../context.js';
import { findAccountByReference, ownerOfAccount } from '../db/queries/accounts.js';
import {
  type AuthorisationRow,
  claimForOAuthApproval,
  findAuthorisation,
  hasSigned,
  updateAuthorisation,
} from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import { findPayment, type PaymentRow } from '../db/queries/payments.js';
import { findPsu } from '../db/queries/psus.js';
import { deleteScaSessions, insertScaSession, scaSessionUser } from '../db/queries/sca-sessions.js';
import { mayActFor } from '../sca/approach.js';
import {
  cancellationNeedsSca,
  FINAL_SCA,
  failAuthorisation,
  finaliseAuthorisation,
  issueOAuthCode,
} from '../sca/decisions.js';
import { MESSAGES } from '../sca/messages.js';
import { loginPage, messagePage, reviewPage } from '../sca/pages.js';
import { verifyPassword } from '../shared/passwords.js';
import { sha256Hex } from '../shared/secrets.js';

const COOKIE = 'sandbox_sca';
const SESSION_SECONDS = 15 * 60;
const PAGE_APPROACHES = new Set(['REDIRECT', 'OAUTH', 'MULTILEVEL']);

/** Is this authorisation still waiting for the PSU on the bank's pages? */
function open(authorisation: AuthorisationRow, payment: PaymentRow): boolean {
  if (FINAL_SCA.has(authorisation.sca_status) || authorisation.sca_status === 'unconfirmed') return false;
  return authorisation.kind === 'payment'
    ? payment.transaction_status === 'RCVD' || payment.transaction_status === 'PATC'
    : cancellationNeedsSca(payment);
}

/**
 * The bank's SCA pages behind `scaRedirect`: sign in with online-banking credentials, review, approve or
 * decline. Every POST answers 303 (post-redirect-get); the bank-side login is an HttpOnly cookie scoped to /sca.
 */
export function scaRoutes(ctx: SandboxContext) {
  const app = new Hono();

  // An approval page must not be framed (clickjacking) and loads nothing from elsewhere. No form-action
  // directive: browsers apply it to the 303 that follows a form post, which goes to the TPP.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    );
    c.res.headers.set('X-Frame-Options', 'DENY');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  });

  async function load(
    c: Context,
  ): Promise<{ authorisation: AuthorisationRow; payment: PaymentRow } | Response> {
    const db = await ctx.db();
    const authorisation = await findAuthorisation(db, c.req.param('authorisationId') ?? '');
    const payment = authorisation ? await findPayment(db, authorisation.payment_id) : undefined;
    const onPages =
      authorisation &&
      PAGE_APPROACHES.has(authorisation.approach ?? 'REDIRECT') &&
      (authorisation.approach !== 'OAUTH' || authorisation.oauth_redirect_uri !== null);
    if (!authorisation || !payment || !onPages) return c.html(messagePage('en', MESSAGES.en.unknown), 404);
    return { authorisation, payment };
  }

  async function sessionUser(c: Context, authorisationId: string): Promise<string | undefined> {
    const token = getCookie(c, COOKIE);
    if (!token) return undefined;
    const db = await ctx.db();
    return scaSessionUser(db, sha256Hex(token), authorisationId, await sandboxNow(db));
  }

  const self = (authorisationId: string) => `/sca/${encodeURIComponent(authorisationId)}`;

  app.get('/:authorisationId', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    const language = payment.psu_accept_language;
    c.header('Cache-Control', 'no-store');
    if (!open(authorisation, payment)) {
      return c.html(messagePage(language, MESSAGES[language].alreadyHandled));
    }
    const username = await sessionUser(c, authorisation.id);
    if (!username) {
      const error = c.req.query('error');
      return c.html(
        loginPage(
          language,
          `${self(authorisation.id)}/login`,
          error === 'credentials' || error === 'account' || error === 'signed' ? error : null,
        ),
      );
    }
    const db = await ctx.db();
    const psu = await findPsu(db, username);
    const debtor = await findAccountByReference(db, { iban: payment.debtor_iban });
    return c.html(
      reviewPage(
        language,
        `${self(authorisation.id)}/decision`,
        payment,
        psu?.name ?? username,
        debtor?.name ?? '',
        authorisation.kind === 'cancellation' ? MESSAGES[language].cancelHeading : undefined,
      ),
    );
  });

  app.post('/:authorisationId/login', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    if (FINAL_SCA.has(authorisation.sca_status)) return c.redirect(self(authorisation.id), 303);
    const form = await c.req.parseBody();
    const username = typeof form.username === 'string' ? form.username.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const db = await ctx.db();
    const psu = await findPsu(db, username);
    if (!psu || !verifyPassword(password, psu.password_hash)) {
      return c.redirect(`${self(authorisation.id)}?error=credentials`, 303);
    }
    const ownerName = (await ownerOfAccount(db, payment.debtor_iban)) ?? '';
    const allowed =
      (await mayActFor(db, username, ownerName)) &&
      (authorisation.psu_username === null || authorisation.psu_username === username);
    if (!allowed) return c.redirect(`${self(authorisation.id)}?error=account`, 303);
    if (authorisation.kind === 'payment' && payment.sca_approach === 'MULTILEVEL') {
      // Each signer signs once: a second signature by the same person does not count.
      if (await hasSigned(db, payment.id, username))
        return c.redirect(`${self(authorisation.id)}?error=signed`, 303);
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
    setCookie(c, COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/sca',
      secure: ctx.publicUrl().startsWith('https:'),
      maxAge: SESSION_SECONDS,
    });
    return c.redirect(self(authorisation.id), 303);
  });

  app.post('/:authorisationId/decision', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    const username = await sessionUser(c, authorisation.id);
    if (!username || !open(authorisation, payment)) {
      return c.redirect(self(authorisation.id), 303);
    }
    const form = await c.req.parseBody();
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'decline') return c.redirect(self(authorisation.id), 303);
    const db = await ctx.db();
    const oauth = authorisation.approach === 'OAUTH';
    const applied = await db.transaction(async (tx): Promise<{ code: string | null } | null> => {
      const now = await sandboxNow(tx);
      // Of two concurrent decisions (double click, two tabs) only one applies: the others find it closed.
      const current = await findAuthorisation(tx, authorisation.id);
      const currentPayment = await findPayment(tx, payment.id);
      if (!current || !currentPayment || !open(current, currentPayment)) return null;
      let code: string | null = null;
      if (decision === 'approve') {
        if (oauth) {
          if (!(await claimForOAuthApproval(tx, authorisation.id, now))) return null;
          code = await issueOAuthCode(tx, authorisation.id, now, username);
        } else if (!(await finaliseAuthorisation(tx, ctx.config.delays, authorisation.id, now, username))) {
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
    if (!applied) return c.redirect(self(authorisation.id), 303);
    deleteCookie(c, COOKIE, { path: '/sca' });
    await (await ctx.scheduler()).tick();
    if (oauth && authorisation.oauth_redirect_uri) {
      const back = new URL(authorisation.oauth_redirect_uri);
      if (applied.code) back.searchParams.set('code', applied.code);
      else back.searchParams.set('error', 'access_denied');
      if (authorisation.oauth_state !== null) back.searchParams.set('state', authorisation.oauth_state);
      c.header('Location', back.toString());
      return c.body(null, 303);
    }
    const ok = authorisation.tpp_redirect_uri ?? payment.tpp_redirect_uri;
    const nok = authorisation.tpp_nok_redirect_uri ?? payment.tpp_nok_redirect_uri ?? ok;
    const target = decision === 'approve' ? ok : nok;
    if (!target) {
      const m = MESSAGES[payment.psu_accept_language];
      const text =
        decision === 'approve'
          ? authorisation.kind === 'cancellation'
            ? m.cancelled
            : m.approved
          : m.declined;
      return c.html(messagePage(payment.psu_accept_language, text));
    }
    // Exactly the URI the TPP gave: nothing is added or re-encoded.
    c.header('Location', target);
    return c.body(null, 303);
  });

  return app;
}
