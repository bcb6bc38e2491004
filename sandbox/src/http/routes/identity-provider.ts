import { Hono } from 'hono';
import { beginAuthorization } from '../../identity/authorization.js';
import { IDP_PATH, issuerOf, openidConfiguration } from '../../identity/discovery.js';
import { publicKeySet } from '../../identity/keys.js';
import { cancelSignIn, pendingSignIn, signInPerson } from '../../identity/sign-in.js';
import { exchangeCode } from '../../identity/token.js';
import { userInfo } from '../../identity/userinfo.js';
import { bearerToken } from '../../shared/bearer.js';
import { basicCredentials } from '../basic-credentials.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { pageHeaders } from '../middleware/page-headers.js';
import { IDENTITY_MESSAGES } from '../pages/identity-messages.js';
import { identityMessagePage, signInPage } from '../pages/identity-pages.js';
import { otherLanguage, pageLanguage, sameStepIn } from '../pages/language-switch.js';
import type { Language } from '../pages/messages.js';
import { type SignInForm, signInFormField, verifiedSignInField } from '../sign-in-csrf.js';

const issuer = (c: SandboxContext) => issuerOf(c.get('bank').publicUrl());
const signInPath = (signInId: string) => `${IDP_PATH}/signin/${encodeURIComponent(signInId)}`;

/** The anti-CSRF token of a sign-in's form: its cookie, under the sign-in page's path. */
const signInForm = (signInId: string): SignInForm => ({
  cookie: 'sandbox_idp_signin',
  path: signInPath(signInId),
  purpose: `idp-sign-in ${signInId}`,
});
const isForm = (c: SandboxContext) =>
  (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/** The page saying a sign-in is unknown or over, in `language`, with a link to it in the other. */
function expiredPage(c: SandboxContext, language: Language) {
  const href = c.req.method === 'GET' ? sameStepIn(c.req.url, otherLanguage(language)) : undefined;
  return c.html(
    identityMessagePage(language, c.get('bank').profile.name, IDENTITY_MESSAGES[language].expired, href),
    404,
  );
}

/**
 * The bank as an electronic-ID provider (OpenID Connect), mounted at `/idp`: discovery, JWKS, authorization
 * code with PKCE (S256) and its sign-in page, token (client_secret_basic or client_secret_post), userinfo.
 * src/identity decides; this reads requests and writes answers.
 */
export function identityProviderRoutes() {
  const app = new Hono<SandboxEnv>();
  app.use('/authorize', pageHeaders);
  app.use('/signin/*', pageHeaders);

  app.get('/.well-known/openid-configuration', (c) => c.json(openidConfiguration(issuer(c))));
  app.get('/jwks', async (c) => c.json(await publicKeySet(c.get('db'))));

  // OpenID Connect Core 3.1.2.1: the authorization endpoint takes GET and POST (form).
  const authorize = async (c: SandboxContext, values: (name: string) => string[]) => {
    const outcome = await beginAuthorization(c.get('db'), {
      clients: c.get('config').idpClients,
      issuer: issuer(c),
      values,
      acceptLanguage: c.req.header('Accept-Language'),
    });
    if (outcome.kind === 'signIn') return c.redirect(signInPath(outcome.signInId), 303);
    if (outcome.kind === 'redirect') return c.redirect(outcome.location, 303);
    const language = pageLanguage(c.req.query('lang')) ?? pageLanguage(values('ui_locales')[0]) ?? 'is';
    const m = IDENTITY_MESSAGES[language];
    const text = outcome.problem === 'client' ? m.unknownClient : m.unknownRedirect;
    const href = c.req.method === 'GET' ? sameStepIn(c.req.url, otherLanguage(language)) : undefined;
    return c.html(identityMessagePage(language, c.get('bank').profile.name, text, href), 400);
  };
  app.get('/authorize', (c) => authorize(c, (name) => c.req.queries(name) ?? []));
  app.post('/authorize', async (c) => {
    const form = new URLSearchParams(isForm(c) ? await c.req.text() : '');
    return authorize(c, (name) => form.getAll(name));
  });

  app.get('/signin/:signInId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const signInId = c.req.param('signInId');
    const signIn = await pendingSignIn(c.get('db'), signInId);
    const chosen = pageLanguage(c.req.query('lang'));
    if (!signIn) return expiredPage(c, chosen ?? 'is');
    const language = chosen ?? signIn.language;
    return c.html(
      signInPage(language, c.get('bank').profile.name, {
        action: signInPath(signInId),
        csrf: signInFormField(c, signInForm(signInId)),
        host: new URL(signIn.redirect_uri).host,
        scopes: signIn.scope.split(' '),
        error: false,
        kennitala: '',
      }),
    );
  });

  app.post('/signin/:signInId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const signInId = c.req.param('signInId');
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const signIn = await pendingSignIn(c.get('db'), signInId);
    const language = pageLanguage(form.switchTo) ?? pageLanguage(form.lang) ?? signIn?.language ?? 'is';
    if (!signIn) return expiredPage(c, language);
    // A form this provider did not serve to this browser (another site's page signing the visitor in as someone
    // else, or cancelling): refused, the sign-in left as it was.
    const csrf = verifiedSignInField(c, signInForm(signInId), form.csrf);
    if (!csrf) {
      const shown = pageLanguage(form.lang) ?? signIn.language;
      const notVerified = IDENTITY_MESSAGES[shown].notVerified;
      return c.html(identityMessagePage(shown, c.get('bank').profile.name, notVerified), 403);
    }
    const again = (error: boolean) =>
      signInPage(language, c.get('bank').profile.name, {
        action: signInPath(signInId),
        csrf,
        host: new URL(signIn.redirect_uri).host,
        scopes: signIn.scope.split(' '),
        error,
        kennitala: text('kennitala'),
      });
    // The language switch: the same form in the other language, the kennitala kept, the PIN not.
    if (pageLanguage(form.switchTo)) return c.html(again(false));
    const outcome =
      text('action') === 'cancel'
        ? await cancelSignIn(c.get('db'), issuer(c), signInId)
        : await signInPerson(c.get('db'), issuer(c), signInId, {
            kennitala: text('kennitala'),
            pin: text('pin'),
          });
    if ('location' in outcome) return c.redirect(outcome.location, 303);
    if (outcome.refused === 'credentials') return c.html(again(true), 400);
    return expiredPage(c, language);
  });

  app.post('/token', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    if (!isForm(c)) {
      return c.json(
        {
          error: 'invalid_request',
          error_description: 'Send the form as application/x-www-form-urlencoded.',
        },
        400,
      );
    }
    const answer = await exchangeCode(c.get('db'), {
      clients: c.get('config').idpClients,
      issuer: issuer(c),
      form: new URLSearchParams(await c.req.text()),
      basic: basicCredentials(c.req.header('Authorization')),
    });
    if (answer.status === 401) c.header('WWW-Authenticate', 'Basic realm="idp"');
    return c.json(answer.body, answer.status);
  });

  // RFC 6750 2.1 and 3: the access token as a Bearer header; a missing one gets a bare challenge.
  app.on(['GET', 'POST'], '/userinfo', async (c) => {
    c.header('Cache-Control', 'no-store');
    const bearer = bearerToken(c.req.header('Authorization') ?? '');
    const claims = bearer ? await userInfo(c.get('db'), bearer) : undefined;
    if (!claims) {
      c.header(
        'WWW-Authenticate',
        c.req.header('Authorization') === undefined
          ? 'Bearer realm="idp"'
          : 'Bearer realm="idp", error="invalid_token", error_description="The access token is not valid."',
      );
      return c.body(null, 401);
    }
    return c.json(claims);
  });

  return app;
}
