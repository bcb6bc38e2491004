import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AuthorisationRow } from '../../db/queries/authorisations.js';
import { sandboxNow } from '../../db/queries/clock.js';
import type { PaymentRow } from '../../db/queries/payments.js';
import { authorisationExpired } from '../../pis/payments.js';
import {
  amountToState,
  decideOnPages,
  pageAuthorisation,
  reviewNames,
  SESSION_SECONDS,
  sessionCsrfToken,
  signedInUser,
  signIn,
  stateAmount,
  waitingForPsu,
} from '../../sca/bank-pages.js';
import { FINAL_SCA } from '../../sca/decisions.js';
import { psuLanguage } from '../../shared/language.js';
import { secretEquals } from '../../shared/secrets.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { pageHeaders } from '../middleware/page-headers.js';
import { otherLanguage, pageLanguage, sameStepIn } from '../pages/language-switch.js';
import { type Confirmation, type Language, MESSAGES, paymentWords } from '../pages/messages.js';
import { loginPage, messagePage, reviewPage } from '../pages/sca-pages.js';
import {
  postedFromAnotherOrigin,
  type SignInForm,
  signInFormField,
  verifiedSignInField,
} from '../sign-in-csrf.js';

const COOKIE = 'sandbox_sca';

const self = (authorisationId: string) => `/sca/${encodeURIComponent(authorisationId)}`;

/** The anti-CSRF token of an authorisation's sign-in form: its cookie, under the authorisation's pages. */
const signInForm = (authorisationId: string): SignInForm => ({
  cookie: 'sandbox_sca_signin',
  path: self(authorisationId),
  purpose: `sca-sign-in ${authorisationId}`,
});

/** The page of an authorisation, with the language the PSU chose on these pages (if any) and `query`. */
function stepUrl(
  authorisationId: string,
  language: Language | undefined,
  query: Record<string, string> = {},
) {
  const params = new URLSearchParams(query);
  if (language) params.set('lang', language);
  const search = params.toString();
  return `${self(authorisationId)}${search ? `?${search}` : ''}`;
}

/** The name of the bank whose page this is (banks.ts). */
const bankOf = (c: SandboxContext) => c.get('bank').profile.name;

/** The same page in the other language. */
const switchHref = (c: SandboxContext, language: Language) => sameStepIn(c.req.url, otherLanguage(language));

/** What an authorisation's pages confirm: its payment, of its service, or the payment's cancellation. */
const confirmationOf = (authorisation: AuthorisationRow, payment: PaymentRow): Confirmation => ({
  service: payment.payment_service,
  cancellation: authorisation.kind === 'cancellation',
});

/**
 * The authorisation of the page; the 404 page when it is not one completed on these pages, and the page
 * saying so when its payment has waited for its PSU past the bank's window (pis/payments.ts).
 */
async function load(c: SandboxContext) {
  const db = c.get('db');
  const loaded = await pageAuthorisation(db, c.req.param('authorisationId') ?? '');
  const chosen = pageLanguage(c.req.query('lang'));
  if (!loaded) {
    // No payment says which language the PSU reads: the browser's own Accept-Language does, read as the bank
    // reads PSU-Accept-Language (neither Icelandic nor English named: English, as the other pages default). A
    // bank whose pages speak one language has sent the browser to it already (middleware/page-language.ts).
    const language = chosen ?? psuLanguage(c.req.header('Accept-Language'));
    c.header('Vary', 'Accept-Language');
    return c.html(messagePage(language, bankOf(c), MESSAGES[language].unknown, switchHref(c, language)), 404);
  }
  const language = chosen ?? loaded.payment.psu_accept_language;
  if (loaded.authorisation.kind === 'payment' && authorisationExpired(loaded.payment, await sandboxNow(db))) {
    c.header('Cache-Control', 'no-store');
    const confirmation = confirmationOf(loaded.authorisation, loaded.payment);
    return c.html(
      messagePage(
        language,
        bankOf(c),
        paymentWords(language, confirmation.service).expired,
        switchHref(c, language),
        confirmation,
      ),
      403,
    );
  }
  return loaded;
}

/** What the pages say once the PSU's part is over: the outcome of this authorisation where there is one. */
function outcomeText(language: Language, authorisation: AuthorisationRow, payment: PaymentRow): string {
  const m = paymentWords(language, payment.payment_service);
  // A payment cancelled meanwhile (through the TPP) was not declined by the PSU: it is cancelled.
  if (authorisation.kind !== 'cancellation' && payment.transaction_status === 'CANC') return m.cancelled;
  if (authorisation.sca_status === 'failed') return m.declined;
  if (authorisation.sca_status === 'finalised') {
    return authorisation.kind === 'cancellation' ? m.cancelled : m.approved;
  }
  return m.alreadyHandled;
}

/**
 * The 403 page of a form the bank did not serve to this browser (another site's page posting it): `text` says what
 * was not done; the authorisation is left as it was.
 */
function notVerified(
  c: SandboxContext,
  language: Language,
  text: 'notVerified' | 'signInNotVerified',
  authorisation: AuthorisationRow,
  payment: PaymentRow,
) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    messagePage(
      language,
      bankOf(c),
      MESSAGES[language][text],
      undefined,
      confirmationOf(authorisation, payment),
    ),
    403,
  );
}

/** The PSU signed in on this authorisation's pages by the cookie, and the CSRF token of that session. */
async function session(
  c: SandboxContext,
  authorisationId: string,
): Promise<{ username: string; csrf: string } | undefined> {
  const token = getCookie(c, COOKIE);
  const username = token ? await signedInUser(c.get('db'), token, authorisationId) : undefined;
  return token && username ? { username, csrf: sessionCsrfToken(token) } : undefined;
}

/**
 * The bank's SCA pages behind `scaRedirect`: sign in with online-banking credentials, review, approve or
 * decline (sca/bank-pages.ts). Every POST answers 303 (post-redirect-get); the bank-side login is an HttpOnly
 * cookie scoped to /sca.
 */
export function scaPageRoutes() {
  const app = new Hono<SandboxEnv>();

  app.use('*', pageHeaders);

  // Every page in the language of PSU-Accept-Language, or the one the PSU chose with the switch (`lang`).
  app.get('/:authorisationId', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    const language = pageLanguage(c.req.query('lang')) ?? payment.psu_accept_language;
    c.header('Cache-Control', 'no-store');
    if (!waitingForPsu(authorisation, payment)) {
      return c.html(
        messagePage(
          language,
          bankOf(c),
          outcomeText(language, authorisation, payment),
          switchHref(c, language),
          confirmationOf(authorisation, payment),
        ),
      );
    }
    const signedIn = await session(c, authorisation.id);
    if (!signedIn) {
      const error = c.req.query('error');
      return c.html(
        loginPage(
          language,
          bankOf(c),
          `${self(authorisation.id)}/login`,
          error === 'credentials' || error === 'account' || error === 'signed' ? error : null,
          confirmationOf(authorisation, payment),
          { csrf: signInFormField(c, signInForm(authorisation.id)) },
        ),
      );
    }
    const names = await reviewNames(c.get('db'), signedIn.username, payment);
    const toState = amountToState(payment);
    return c.html(
      reviewPage(language, bankOf(c), `${self(authorisation.id)}/decision`, payment, names, {
        csrf: signedIn.csrf,
        confirmation: confirmationOf(authorisation, payment),
        amountEntry: toState && { ...toState, invalid: c.req.query('error') === 'amount' },
        switchHref: switchHref(c, language),
      }),
    );
  });

  app.post('/:authorisationId/login', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    const form = await c.req.parseBody();
    const chosen = pageLanguage(form.lang);
    // No session exists yet to bind the form to: the sign-in page's own cookie and its double in the form, so that
    // another site's page cannot sign the PSU in as someone else (login CSRF) for the PSU to approve under.
    const csrf = verifiedSignInField(c, signInForm(authorisation.id), form.csrf);
    if (!csrf) {
      const language = chosen ?? payment.psu_accept_language;
      return notVerified(c, language, 'signInNotVerified', authorisation, payment);
    }
    if (FINAL_SCA.has(authorisation.sca_status)) return c.redirect(stepUrl(authorisation.id, chosen), 303);
    const username = typeof form.username === 'string' ? form.username.trim() : '';
    const switchTo = pageLanguage(form.switchTo);
    if (switchTo) {
      // The language switch of the sign-in form: the same form in the other language, the user ID kept.
      c.header('Cache-Control', 'no-store');
      return c.html(
        loginPage(
          switchTo,
          bankOf(c),
          `${self(authorisation.id)}/login`,
          null,
          confirmationOf(authorisation, payment),
          { csrf, username },
        ),
      );
    }
    const password = typeof form.password === 'string' ? form.password : '';
    const signedIn = await signIn(c.get('db'), authorisation, payment, username, password);
    if ('refused' in signedIn) {
      return c.redirect(stepUrl(authorisation.id, chosen, { error: signedIn.refused }), 303);
    }
    setCookie(c, COOKIE, signedIn.token, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/sca',
      secure: c.get('bank').publicUrl().startsWith('https:'),
      maxAge: SESSION_SECONDS,
    });
    return c.redirect(stepUrl(authorisation.id, chosen), 303);
  });

  app.post('/:authorisationId/decision', async (c) => {
    const loaded = await load(c);
    if (loaded instanceof Response) return loaded;
    const { authorisation, payment } = loaded;
    const form = await c.req.parseBody();
    const chosen = pageLanguage(form.lang);
    const signedIn = await session(c, authorisation.id);
    if (!signedIn || !waitingForPsu(authorisation, payment)) {
      return c.redirect(stepUrl(authorisation.id, chosen), 303);
    }
    // A form the bank did not serve to this session (another site's page posting with the PSU's cookie), or one the
    // browser says came from a page of another origin: refused.
    if (
      !secretEquals(typeof form.csrf === 'string' ? form.csrf : '', signedIn.csrf) ||
      postedFromAnotherOrigin(c)
    ) {
      const language = chosen ?? payment.psu_accept_language;
      return notVerified(c, language, 'notVerified', authorisation, payment);
    }
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'decline') {
      return c.redirect(stepUrl(authorisation.id, chosen), 303);
    }
    // Spec 2.1: a payment initiated without instructedAmount gets it here, from the PSU, before it is approved.
    if (decision === 'approve' && !(await stateAmount(c.get('db'), payment, String(form.amount ?? '')))) {
      return c.redirect(stepUrl(authorisation.id, chosen, { error: 'amount' }), 303);
    }
    const applied = await decideOnPages(
      c.get('db'),
      c.get('config').delays,
      authorisation,
      payment,
      decision,
      signedIn.username,
    );
    if (!applied) return c.redirect(stepUrl(authorisation.id, chosen), 303);
    deleteCookie(c, COOKIE, { path: '/sca' });
    await (await c.get('bank').scheduler()).tick();
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
    // No TPP address to go back to: the page of the authorisation says how it ended.
    if (!target) return c.redirect(stepUrl(authorisation.id, chosen), 303);
    // Exactly the URI the TPP gave: nothing is added or re-encoded.
    c.header('Location', target);
    return c.body(null, 303);
  });

  return app;
}
