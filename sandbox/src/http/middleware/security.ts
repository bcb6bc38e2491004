import type { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { MiddlewareHandler } from 'hono';
import type { TppClient } from '../../config.js';
import { findAccessToken } from '../../db/queries/access-tokens.js';
import { fail } from '../../errors.js';
import { checkCertificate, parseCertificateHeader } from '../../security/certificates.js';
import { verifySignedRequest } from '../../security/signature.js';
import { bearerToken } from '../../shared/bearer.js';
import { sha256Hex } from '../../shared/secrets.js';
import { readableBasicCredentials } from '../basic-credentials.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { incomingOf } from '../incoming.js';

const TOKEN_PATH = '/oauth/v2/oauth-token';
const PIS_PREFIX = '/psd2/';

/** The certificate the client presented in the TLS handshake, when the request came over TLS. */
export function tlsClientCertificate(c: SandboxContext): X509Certificate | undefined {
  const socket = incomingOf(c)?.socket as Partial<TLSSocket> | undefined;
  if (!socket?.encrypted || typeof socket.getPeerX509Certificate !== 'function') return undefined;
  return socket.getPeerX509Certificate() ?? undefined;
}

/**
 * Which TPP client a request is from, as far as the request tells before the route checks it: the
 * `client_id` of a token request, else the owner of the bearer token, else the client with the
 * subscription key. Undefined when none matches: the route then refuses the request on its own terms.
 */
async function requestClient(c: SandboxContext): Promise<TppClient | undefined> {
  const bank = c.get('bank');
  if (c.req.path === TOKEN_PATH) {
    // Hono caches the body: the token route reads the same text again.
    const form = new URLSearchParams(await c.req.text());
    const clientId = form.get('client_id') ?? readableBasicCredentials(c.req.header('Authorization'))?.id;
    return clientId ? bank.findClientById(clientId) : undefined;
  }
  const bearer = bearerToken(c.req.header('Authorization') ?? '');
  if (bearer) {
    const token = await findAccessToken(c.get('db'), sha256Hex(bearer));
    const owner = token ? bank.findClientById(token.client_id) : undefined;
    if (owner) return owner;
  }
  const key = c.req.header('Ocp-Apim-Subscription-Key');
  const byKey = key ? c.get('config').clients.filter((client) => client.subscriptionKey === key) : [];
  return byKey.length === 1 ? byKey[0] : undefined;
}

/**
 * Going-live checks of a TPP's certificates and signatures, for the token endpoint and the PIS paths,
 * answered with part 7's 401 codes:
 * - a client certificate on TLS is checked whenever one is presented (CERTIFICATE_INVALID, _EXPIRED on the
 *   sandbox clock, _REVOKE, _BLOCKED); a client with `requireClientCertificate` must present one
 *   (CERTIFICATE_MISSING), also over plain HTTP, where there is none;
 * - on PIS paths, a client with `requireSignature` must sign every request (SIGNATURE_MISSING), with
 *   `TPP-Signature-Certificate` (CERTIFICATE_MISSING, then the certificate checks), and the signature must
 *   verify (SIGNATURE_INVALID). Clients without it keep the routes' own lighter Digest check.
 */
export const securityMiddleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const path = c.req.path;
  const isToken = path === TOKEN_PATH && c.req.method === 'POST';
  if (!isToken && !path.startsWith(PIS_PREFIX)) return next();
  const presented = tlsClientCertificate(c);
  const anyRequires = c.get('config').clients.some((k) => k.requireClientCertificate || k.requireSignature);
  if (!presented && !anyRequires) return next();
  const client = await requestClient(c);
  if (!client) return next();
  const mustSign = client.requireSignature === true && !isToken;
  if (!presented && !client.requireClientCertificate && !mustSign) return next();

  const registry = c.get('bank').certificates();
  const now = await c.get('clock').now();
  if (presented)
    checkCertificate(presented, client.certificateFingerprints, registry, now, 'client certificate');
  else if (client.requireClientCertificate) {
    fail(
      401,
      'CERTIFICATE_MISSING',
      'client certificate',
      'This TPP must present its certificate as the TLS client certificate (mutual TLS).',
    );
  }
  if (mustSign) {
    if (c.req.header('Signature') === undefined) {
      fail(
        401,
        'SIGNATURE_MISSING',
        'Signature',
        'This TPP must sign its requests: Digest, Signature and TPP-Signature-Certificate.',
      );
    }
    const certificateHeader = c.req.header('TPP-Signature-Certificate');
    if (!certificateHeader) {
      fail(
        401,
        'CERTIFICATE_MISSING',
        'TPP-Signature-Certificate',
        'TPP-Signature-Certificate is required with a Signature.',
      );
    }
    const signing = parseCertificateHeader(certificateHeader);
    if (!signing) {
      fail(
        401,
        'CERTIFICATE_INVALID',
        'TPP-Signature-Certificate',
        'TPP-Signature-Certificate must be the base64 of a DER X.509 certificate.',
      );
    }
    checkCertificate(signing, client.certificateFingerprints, registry, now, 'TPP-Signature-Certificate');
    const body = new Uint8Array(await c.req.arrayBuffer());
    verifySignedRequest((name) => c.req.header(name), body, signing);
  }
  return next();
};
