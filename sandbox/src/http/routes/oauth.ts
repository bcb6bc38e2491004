import { type Context, Hono } from 'hono';
import { businessTokenResponse } from '../../business/auth.js';
import { issueToken } from '../../pis/auth.js';
import { beginOAuthSca, exchangeOAuthScaCode } from '../../sca/oauth.js';
import { businessCertificateRefusal } from '../../security/business-certificate.js';
import { PKCE_VALUE } from '../../shared/pkce.js';
import { secretEquals } from '../../shared/secrets.js';
import { readableBasicCredentials } from '../basic-credentials.js';
import type { SandboxEnv } from '../env.js';
import { tlsClientCertificate } from '../middleware/security.js';
import { messagePage } from '../pages/sca-pages.js';

const KNOWN_SCOPES = new Set(['pis:', 'ais:', 'openid', 'b2b']);
/** Why the bank takes no authorisation request for a payment, shown on its page. */
const OAUTH_REFUSALS = {
  payment: 'scope must be PIS:{paymentId} of your payment.',
  authorisation: 'This payment has no OAuth authorisation awaiting the PSU.',
  redirect:
    'redirect_uri must be at the address (scheme, host and port) of the TPP-Redirect-URI given for this payment.',
} as const;
/** RFC 7636 4.2: BASE64URL(SHA256(code_verifier)), without padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The authorization code grant of the OAuth SCA approach (BG IG 13.3): `client_id`, `code`, `redirect_uri` and
 * `code_verifier`. BG authenticates the TPP by its certificate (mutual TLS, checked before this where the client
 * requires one) and names no client secret; a secret that is sent must be the client's.
 */
async function codeGrant(
  c: Context<SandboxEnv>,
  form: URLSearchParams,
  clientId: string | null,
  clientSecret: string | null,
) {
  const client = clientId ? c.get('bank').findClientById(clientId) : undefined;
  if (!client || (clientSecret !== null && !secretEquals(client.clientSecret, clientSecret))) {
    c.header('WWW-Authenticate', 'Basic realm="sandbox"');
    return c.json({ error: 'invalid_client', error_description: 'Unknown client or wrong secret.' }, 401);
  }
  const code = form.get('code');
  const redirectUri = form.get('redirect_uri');
  const codeVerifier = form.get('code_verifier');
  const missing = !code ? 'code' : !redirectUri ? 'redirect_uri' : !codeVerifier ? 'code_verifier' : null;
  if (missing || !code || !redirectUri || !codeVerifier)
    return c.json({ error: 'invalid_request', error_description: `${missing} is required.` }, 400);
  if (!PKCE_VALUE.test(codeVerifier)) {
    return c.json(
      {
        error: 'invalid_request',
        error_description: 'code_verifier must be 43 to 128 unreserved characters.',
      },
      400,
    );
  }
  const ttl = c.get('config').tokenTtlSeconds;
  const exchanged = await exchangeOAuthScaCode(
    c.get('db'),
    { clientId: client.clientId, code, redirectUri, codeVerifier },
    ttl,
  );
  if (!exchanged.ok) return c.json({ error: 'invalid_grant', error_description: exchanged.description }, 400);
  return c.json({
    access_token: exchanged.accessToken,
    token_type: 'Bearer',
    expires_in: exchanged.expiresIn,
    scope: exchanged.scope,
  });
}

/**
 * POST /oauth/v2/oauth-token: the client credentials grant (RFC 6749 section 4.4), and the authorization code grant
 * of the OAuth SCA approach (BG IG 13.3); errors as in section 5.2.
 */
export function oauthRoutes() {
  const app = new Hono<SandboxEnv>();
  app.post('/oauth/v2/oauth-token', async (c) => {
    const contentType = c.req.header('Content-Type') ?? '';
    if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return c.json(
        {
          error: 'invalid_request',
          error_description: 'Send the form as application/x-www-form-urlencoded.',
        },
        400,
      );
    }
    const form = new URLSearchParams(await c.req.text());
    const grantType = form.get('grant_type');
    // Client credentials in the form (as the bank's examples show) or in HTTP Basic (RFC 6749 section 2.3.1).
    const basic = readableBasicCredentials(c.req.header('Authorization'));
    const clientId = form.get('client_id') ?? basic?.id ?? null;
    const clientSecret = form.get('client_secret') ?? basic?.secret ?? null;
    const scope = (form.get('scope') ?? '').trim();
    c.header('Cache-Control', 'no-store');
    if (!grantType)
      return c.json({ error: 'invalid_request', error_description: 'grant_type is required.' }, 400);
    if (grantType === 'authorization_code') return codeGrant(c, form, clientId, clientSecret);
    if (grantType !== 'client_credentials') {
      return c.json(
        {
          error: 'unsupported_grant_type',
          error_description: 'Only client_credentials and authorization_code are supported.',
        },
        400,
      );
    }
    // Business interfaces (webhooks service, claims): an online-banking user's credentials, scope `openid b2b`.
    // A request with part of it (`openid` alone) is one of these too, and refused for its scope, not its client.
    const requested = scope.split(/\s+/).filter(Boolean);
    const business = requested.includes('b2b') || requested.includes('openid');
    if (business && !requested.includes('pis:') && !requested.includes('ais:')) {
      // Business spec part 5: the business certificate is required for the token request too (RFC 8705 2.1:
      // a client that fails mutual-TLS authentication is invalid_client).
      const refused = businessCertificateRefusal(
        tlsClientCertificate(c),
        c.get('config').businessCertificate,
        c.get('bank').certificates(),
        await c.get('clock').now(),
      );
      if (refused) {
        return c.json(
          { error: 'invalid_client', error_description: `${refused.code}: ${refused.detail}` },
          401,
        );
      }
      const answer = await businessTokenResponse(
        c.get('db'),
        c.get('config').tokenTtlSeconds,
        clientId,
        clientSecret,
        requested,
      );
      return c.json(answer.body, answer.status);
    }
    const client = clientId ? c.get('bank').findClientById(clientId) : undefined;
    if (!client || !clientSecret || !secretEquals(client.clientSecret, clientSecret)) {
      c.header('WWW-Authenticate', 'Basic realm="sandbox"');
      return c.json({ error: 'invalid_client', error_description: 'Unknown client or wrong secret.' }, 401);
    }
    // Spec part 5: `pis:` is the scope of this interface, and `ais:` exists for account information. An
    // `ais:` token is issued as the bank would issue it; the payment interface then refuses it (401
    // TOKEN_INVALID: associated with the TPP, not valid for the addressed service).
    const scopes = scope.split(/\s+/).filter(Boolean);
    const tppScope = scopes.includes('pis:') || scopes.includes('ais:');
    if (!tppScope || scopes.some((s) => !KNOWN_SCOPES.has(s))) {
      return c.json(
        {
          error: 'invalid_scope',
          error_description: 'The scope must include pis: or ais: (known scopes: pis: ais:).',
        },
        400,
      );
    }
    const normalised = [...new Set(scopes)].join(' ');
    const ttl = c.get('config').tokenTtlSeconds;
    const token = await issueToken(c.get('db'), client.clientId, normalised, ttl);
    return c.json({
      access_token: token,
      token_type: 'Bearer',
      expires_in: ttl,
      scope: normalised,
    });
  });
  // RFC 8414 metadata: the target of the scaOAuth link.
  app.get('/.well-known/oauth-authorization-server', (c) => {
    const base = c.get('bank').publicUrl();
    return c.json({
      issuer: base,
      authorization_endpoint: `${base}/oauth/v2/authorize`,
      token_endpoint: `${base}/oauth/v2/oauth-token`,
      response_types_supported: ['code'],
      grant_types_supported: ['client_credentials', 'authorization_code'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['pis:', 'ais:', 'PIS:{paymentId}'],
    });
  });

  /**
   * OAuth SCA of one payment: `scope=PIS:{paymentId}` names the payment; the PSU signs in and approves on the
   * bank's SCA pages, which then redirect to `redirect_uri?code=…&state=…`. Parameter errors are shown as a page
   * (never redirected to an unverified URI), as RFC 6749 section 4.1.2.1 asks.
   */
  app.get('/oauth/v2/authorize', async (c) => {
    const q = (name: string) => c.req.query(name) ?? '';
    const problem = (text: string) => c.html(messagePage('en', c.get('bank').profile.name, text), 400);
    const client = c.get('bank').findClientById(q('client_id'));
    if (!client) return problem('Unknown client_id.');
    let redirect: URL;
    try {
      redirect = new URL(q('redirect_uri'));
      if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') throw new Error('scheme');
    } catch {
      return problem('redirect_uri must be an absolute http(s) URL.');
    }
    if (q('response_type') !== 'code') return problem('response_type must be code.');
    // BG IG 13.1: code_challenge is mandatory. Without a method RFC 7636 4.3 means plain, which this bank does
    // not take (its metadata offers S256 alone).
    const challenge = c.req.query('code_challenge');
    if (challenge === undefined) return problem('code_challenge is required (PKCE with S256, BG IG 13.1).');
    if (c.req.query('code_challenge_method') !== 'S256')
      return problem('code_challenge_method must be S256; plain is not accepted.');
    if (!S256_CHALLENGE.test(challenge))
      return problem('code_challenge must be the BASE64URL of a SHA-256 (43 characters).');
    const begun = await beginOAuthSca(c.get('db'), {
      clientId: client.clientId,
      paymentId: /^PIS:(.+)$/.exec(q('scope').trim())?.[1],
      // As sent: the token request must name it identically (RFC 6749 4.1.3).
      redirectUri: q('redirect_uri'),
      state: c.req.query('state') ?? null,
      codeChallenge: challenge,
    });
    if ('refused' in begun) {
      return problem(OAUTH_REFUSALS[begun.refused]);
    }
    return c.redirect(`/sca/${begun.authorisationId}`, 302);
  });

  return app;
}
