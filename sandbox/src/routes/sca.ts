import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sandboxNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import {
  type AuthorisationRow,
  findAuthorisation,
  findPayment,
  type PaymentRow,
  setScaStatus,
} from '../pis/payments.js';
import {
  cancellationNeedsSca,
  FINAL_SCA,
  failAuthorisation,
  finaliseAuthorisation,
  issueOAuthCode,
  mayActFor,
} from '../sca/engine.js';
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
    const rows = await db.query<{ username: string }>(
      'SELECT username FROM sca_sessions WHERE id_hash = $1 AND authorisation_id = $2 AND expires_at > $3',
      [sha256Hex(token), authorisationId, await sandboxNow(db)],
    );
    return rows[0]?.username;
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
    const psu = await db.query<{ name: string }>('SELECT name FROM psus WHERE username = $1', [username]);
    const debtor = await db.query<{ name: string }>('SELECT name FROM accounts WHERE iban = $1', [
      payment.debtor_iban,
    ]);
    return c.html(
      reviewPage(
        language,
        `${self(authorisation.id)}/decision`,
        payment,
        psu[0]?.name ?? username,
        debtor[0]?.name ?? '',
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
    const psu = (
      await db.query<{ password_hash: string }>('SELECT password_hash FROM psus WHERE username = $1', [
        username,
      ])
    )[0];
    if (!psu || !verifyPassword(password, psu.password_hash)) {
      return c.redirect(`${self(authorisation.id)}?error=credentials`, 303);
    }
    const owner = await db.query<{ owner_username: string }>(
      'SELECT owner_username FROM accounts WHERE iban = $1',
      [payment.debtor_iban],
    );
    const ownerName = owner[0]?.owner_username ?? '';
    const allowed =
      (await mayActFor(db, username, ownerName)) &&
      (authorisation.psu_username === null || authorisation.psu_username === username);
    if (!allowed) return c.redirect(`${self(authorisation.id)}?error=account`, 303);
    if (authorisation.kind === 'payment' && payment.sca_approach === 'MULTILEVEL') {
      // Each signer signs once: a second signature by the same person does not count.
      const signed = await db.query(
        `SELECT 1 FROM authorisations WHERE payment_id = $1 AND kind = 'payment' AND sca_status = 'finalised'
         AND psu_username = $2`,
        [payment.id, username],
      );
      if (signed.length > 0) return c.redirect(`${self(authorisation.id)}?error=signed`, 303);
    }
    const token = randomBytes(32).toString('base64url');
    const now = await sandboxNow(db);
    await db.query(
      'INSERT INTO sca_sessions (id_hash, authorisation_id, username, expires_at) VALUES ($1, $2, $3, $4)',
      [sha256Hex(token), authorisation.id, username, now + SESSION_SECONDS * 1000],
    );
    await setScaStatus(db, authorisation.id, 'psuAuthenticated', now, username);
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
          const claimed = await tx.query(
            `UPDATE authorisations SET updated_at = $2 WHERE id = $1 AND sca_status NOT IN ('finalised', 'failed', 'exempted', 'unconfirmed') RETURNING id`,
            [authorisation.id, now],
          );
          if (claimed.length === 0) return null;
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
      await tx.query('DELETE FROM sca_sessions WHERE authorisation_id = $1', [authorisation.id]);
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
