import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  amountToState,
  decideOnPages,
  pageAuthorisation,
  reviewNames,
  SESSION_SECONDS,
  signedInUser,
  signIn,
  stateAmount,
  waitingForPsu,
} from '../../sca/bank-pages.js';
import { FINAL_SCA } from '../../sca/decisions.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { MESSAGES } from '../pages/messages.js';
import { loginPage, messagePage, reviewPage } from '../pages/sca-pages.js';

const COOKIE = 'sandbox_sca';

const self = (authorisationId: string) => `/sca/${encodeURIComponent(authorisationId)}`;

/** The authorisation of the page, or the 404 page when it is not one completed on these pages. */
async function load(c: SandboxContext) {
  return (
    (await pageAuthorisation(c.var.db, c.req.param('authorisationId') ?? '')) ??
    c.html(messagePage('en', MESSAGES.en.unknown), 404)
  );
}

async function sessionUser(c: SandboxContext, authorisationId: string): Promise<string | undefined> {
  const token = getCookie(c, COOKIE);
  return token ? signedInUser(c.var.db, token, authorisationId) : undefined;
}

/**
 * The bank's SCA pages behind `scaRedirect`: sign in with online-banking credentials, review, approve or
 * decline (sca/bank-pages.ts). Every POST answers 303 (post-redirect-get); the bank-side login is an HttpOnly
 * cookie scoped to /sca.
 */
export function scaPageRoutes() {
  const app = new Hono<SandboxEnv>();

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

  app.get('/:authorisationId', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    const language = payment.psu_accept_language;
    c.header('Cache-Control', 'no-store');
    if (!waitingForPsu(authorisation, payment)) {
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
    const names = await reviewNames(c.var.db, username, payment);
    const toState = amountToState(payment);
    return c.html(
      reviewPage(language, `${self(authorisation.id)}/decision`, payment, names.psuName, names.debtorName, {
        heading: authorisation.kind === 'cancellation' ? MESSAGES[language].cancelHeading : undefined,
        amountEntry: toState && { ...toState, invalid: c.req.query('error') === 'amount' },
      }),
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
    const signedIn = await signIn(c.var.db, authorisation, payment, username, password);
    if ('refused' in signedIn) return c.redirect(`${self(authorisation.id)}?error=${signedIn.refused}`, 303);
    setCookie(c, COOKIE, signedIn.token, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/sca',
      secure: c.var.bank.publicUrl().startsWith('https:'),
      maxAge: SESSION_SECONDS,
    });
    return c.redirect(self(authorisation.id), 303);
  });

  app.post('/:authorisationId/decision', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    const username = await sessionUser(c, authorisation.id);
    if (!username || !waitingForPsu(authorisation, payment)) {
      return c.redirect(self(authorisation.id), 303);
    }
    const form = await c.req.parseBody();
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'decline') return c.redirect(self(authorisation.id), 303);
    // Spec 2.1: a payment initiated without instructedAmount gets it here, from the PSU, before it is approved.
    if (decision === 'approve' && !(await stateAmount(c.var.db, payment, String(form.amount ?? '')))) {
      return c.redirect(`${self(authorisation.id)}?error=amount`, 303);
    }
    const applied = await decideOnPages(
      c.var.db,
      c.var.config.delays,
      authorisation,
      payment,
      decision,
      username,
    );
    if (!applied) return c.redirect(self(authorisation.id), 303);
    deleteCookie(c, COOKIE, { path: '/sca' });
    await (await c.var.bank.scheduler()).tick();
    if (authorisation.approach === 'OAUTH' && authorisation.oauth_redirect_uri) {
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
