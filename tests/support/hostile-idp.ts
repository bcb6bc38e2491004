import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

/**
 * An OpenID Connect provider on 127.0.0.1 that the test steers, to play a hostile or broken
 * electronic-ID service against the app's real sign-in: discovery, an authorization endpoint that
 * sends the browser straight back with a code, a token endpoint that answers with whatever ID token
 * the test asks for, userinfo, and the published key set (`jwks_uri`).
 *
 * What the next token is made of: `claims` override or remove (`undefined`) the honest ones (`iss`
 * this issuer, `aud` the client, `sub`, `iat` now, `exp` in ten minutes, the request's `nonce`);
 * `key` picks the published key, a key the provider never published (under a published or an unknown
 * `kid`), or a key published only later (the provider rotating its keys).
 */
export type SigningKey = 'published' | 'unpublished' | 'unpublishedWithPublishedKid' | 'rotated';

export interface NextToken {
  claims?: Record<string, unknown>;
  key?: SigningKey;
}

export interface HostileIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the next token endpoint answer carries; reset to honest after each one. */
  next(token: NextToken): void;
  /** Publishes the `rotated` key beside the first one, as a provider rotating its keys does. */
  publishRotatedKey(): void;
  /** How many times the key set was fetched. */
  readonly jwksRequests: number;
  /** Overrides of the discovery document (e.g. an `http:` `jwks_uri`). */
  discovery: Record<string, unknown>;
  close(): Promise<void>;
}

interface Key {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

async function body(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startHostileIdp(person: Record<string, unknown>): Promise<HostileIdp> {
  const clientId = 'greidsla-test';
  const clientSecret = randomBytes(16).toString('hex');
  const [published, unpublished, rotated] = await Promise.all([
    newKey('published-1'),
    newKey('never-published'),
    newKey('rotated-2'),
  ]);
  const publishedKeys: Key[] = [published];
  const codes = new Map<string, { nonce?: string }>();
  let next: NextToken = {};
  let jwksRequests = 0;
  let issuer = '';

  async function idToken(nonce: string | undefined): Promise<string> {
    const token = next;
    next = {};
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: issuer,
      aud: clientId,
      iat: now,
      exp: now + 600,
      ...(nonce ? { nonce } : {}),
      ...person,
      ...token.claims,
    };
    for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
    const key =
      token.key === 'unpublished' || token.key === 'unpublishedWithPublishedKid'
        ? unpublished
        : token.key === 'rotated'
          ? rotated
          : published;
    const kid = token.key === 'unpublishedWithPublishedKid' ? published.kid : key.kid;
    // `iat` and `exp` are set as given, not by jose, so that a token can claim any time.
    return new SignJWT(claims as JWTPayload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key.privateKey);
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(value));
    };
    (async () => {
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${idp.issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          ...idp.discovery,
        });
      }
      if (url.pathname === '/jwks') {
        jwksRequests += 1;
        return json(200, { keys: publishedKeys.map((key) => key.publicJwk) });
      }
      if (url.pathname === '/authorize') {
        const code = randomBytes(12).toString('hex');
        codes.set(code, { nonce: url.searchParams.get('nonce') ?? undefined });
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        const state = url.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        response.writeHead(302, { Location: back.toString() });
        return response.end();
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = await body(request);
        const grant = codes.get(form.get('code') ?? '');
        if (!grant) return json(400, { error: 'invalid_grant' });
        codes.delete(form.get('code') ?? '');
        return json(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 600,
          id_token: await idToken(grant.nonce),
        });
      }
      if (url.pathname === '/userinfo') return json(200, person);
      return json(404, { error: 'not_found' });
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idp: HostileIdp = {
    issuer,
    clientId,
    clientSecret,
    discovery: {},
    next(token) {
      next = token;
    },
    publishRotatedKey() {
      if (!publishedKeys.includes(rotated)) publishedKeys.push(rotated);
    },
    get jwksRequests() {
      return jwksRequests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return idp;
}
