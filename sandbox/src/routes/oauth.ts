import { Hono } from 'hono';
import { businessTokenResponse } from '../business/auth.js';
import type { SandboxContext } from '../context.js';
import { secretEquals } from '../lib/secrets.js';
import { issueToken } from '../pis/auth.js';

const KNOWN_SCOPES = new Set(['pis:', 'ais:', 'openid', 'b2b']);

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return {
    id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
    secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
  };
}

/** POST /oauth/v2/oauth-token: the client credentials grant (RFC 6749 section 4.4), errors as in section 5.2. */
export function oauthRoutes(ctx: SandboxContext) {
  const app = new Hono();
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
    const basic = basicCredentials(c.req.header('Authorization'));
    const clientId = form.get('client_id') ?? basic?.id ?? null;
    const clientSecret = form.get('client_secret') ?? basic?.secret ?? null;
    const scope = (form.get('scope') ?? '').trim();
    c.header('Cache-Control', 'no-store');
    if (!grantType)
      return c.json({ error: 'invalid_request', error_description: 'grant_type is required.' }, 400);
    if (grantType !== 'client_credentials') {
      return c.json(
        { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported.' },
        400,
      );
    }
    // Business interfaces (webhooks service, claims): an online-banking user's credentials, scope `openid b2b`.
    const requested = scope.split(/\s+/).filter(Boolean);
    if (requested.includes('b2b') && !requested.includes('pis:')) {
      const answer = await businessTokenResponse(ctx, clientId, clientSecret, requested);
      return c.json(answer.body, answer.status);
    }
    const client = clientId ? ctx.findClientById(clientId) : undefined;
    if (!client || !clientSecret || !secretEquals(client.clientSecret, clientSecret)) {
      c.header('WWW-Authenticate', 'Basic realm="sandbox"');
      return c.json({ error: 'invalid_client', error_description: 'Unknown client or wrong secret.' }, 401);
    }
    const scopes = scope.split(/\s+/).filter(Boolean);
    if (!scopes.includes('pis:') || scopes.some((s) => !KNOWN_SCOPES.has(s))) {
      return c.json(
        {
          error: 'invalid_scope',
          error_description: 'The scope must include pis: (known scopes: pis: ais:).',
        },
        400,
      );
    }
    const normalised = [...new Set(scopes)].join(' ');
    const token = await issueToken(await ctx.db(), client.clientId, normalised, ctx.config.tokenTtlSeconds);
    return c.json({
      access_token: token,
      token_type: 'Bearer',
      expires_in: ctx.config.tokenTtlSeconds,
      scope: normalised,
    });
  });
  return app;
}
