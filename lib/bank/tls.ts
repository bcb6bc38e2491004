import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { type Settings, SettingsError, settings } from '@/lib/config';

/**
 * The business certificate as the TLS client certificate (mutual TLS) toward the bank, and an extra CA
 * for the bank's server certificate. Node 20's built-in fetch takes no client certificate without the
 * `undici` package (not a dependency here), so HTTPS calls with TLS settings go through `node:https`
 * with an Agent; everything else through fetch as before.
 */

export interface Certificate {
  /** The certificate and any chain that came with it, as PEM: what TLS sends. */
  pem: string;
  /** The first (the party's own) certificate. */
  leaf: X509Certificate;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

export function derToPem(der: Uint8Array, label = 'CERTIFICATE'): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function parseDer(bytes: Buffer): X509Certificate | undefined {
  try {
    return new X509Certificate(bytes);
  } catch {
    return undefined;
  }
}

/** The bytes a setting names: its own text when it is PEM, else the file it names, else undefined. */
function settingBytes(value: string): { bytes: Buffer; from: 'text' | 'file' } | undefined {
  if (value.includes('-----BEGIN')) return { bytes: Buffer.from(value.replace(/\\n/g, '\n')), from: 'text' };
  if (existsSync(value)) return { bytes: readFileSync(value), from: 'file' };
  return undefined;
}

/**
 * A certificate in any of the forms the bank's portal and its users deal in: PEM text; a file with PEM
 * (`.pem`, `.crt`, or a `.cer` saved as Base-64) or DER (a binary `.cer`); or the raw base64 of the DER
 * the portal takes, without BEGIN/END lines.
 */
export function loadCertificate(value: string, setting: string): Certificate {
  const source = settingBytes(value);
  const fail = (why: string): never => {
    throw new SettingsError(`${setting}: ${why}`);
  };
  let bytes: Buffer;
  if (source) bytes = source.bytes;
  else if (BASE64.test(value) && value.replace(/\s/g, '').length >= 100) bytes = Buffer.from(value, 'ascii');
  else return fail(`no file ${value} exists, and it is neither PEM nor base64 certificate text`);

  const text = bytes.toString('latin1');
  const blocks = text.match(PEM_CERTIFICATE);
  if (blocks) {
    try {
      const leaf = new X509Certificate(blocks[0]);
      return { pem: `${blocks.join('\n')}\n`, leaf };
    } catch {
      return fail('the PEM certificate could not be read');
    }
  }
  const der = parseDer(bytes);
  if (der) return { pem: derToPem(der.raw), leaf: der };
  if (BASE64.test(text)) {
    const decoded = parseDer(Buffer.from(text.replace(/\s/g, ''), 'base64'));
    if (decoded) return { pem: derToPem(decoded.raw), leaf: decoded };
  }
  return fail('not a certificate: expected PEM, DER (.cer) or the base64 of a DER certificate');
}

/** A private key: PEM text, a PEM or DER (PKCS#8 or PKCS#1) file, or base64 of the DER; maybe encrypted. */
export function loadPrivateKey(value: string, passphrase: string | undefined, setting: string): KeyObject {
  const source = settingBytes(value);
  let bytes: Buffer | undefined = source?.bytes;
  if (!bytes && BASE64.test(value) && value.replace(/\s/g, '').length >= 100)
    bytes = Buffer.from(value.replace(/\s/g, ''), 'base64');
  if (!bytes) throw new SettingsError(`${setting}: no file ${value} exists, and it is not PEM key text`);
  const attempts: Parameters<typeof createPrivateKey>[0][] = bytes.includes('-----BEGIN')
    ? [{ key: bytes, format: 'pem', passphrase }]
    : [
        { key: bytes, format: 'der', type: 'pkcs8', passphrase },
        { key: bytes, format: 'der', type: 'pkcs1' },
        { key: bytes, format: 'der', type: 'sec1' },
      ];
  let lastError: unknown;
  for (const attempt of attempts) {
    try {
      return createPrivateKey(attempt);
    } catch (error) {
      lastError = error;
    }
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new SettingsError(
    `${setting}: the private key could not be read (${reason})${passphrase ? '' : '; is it encrypted? set its passphrase'}`,
  );
}

/** A certificate and the key that belongs to it, checked to be a pair. */
export function loadKeyPair(
  certValue: string,
  keyValue: string,
  passphrase: string | undefined,
  names: { cert: string; key: string },
): { certificate: Certificate; key: KeyObject } {
  const certificate = loadCertificate(certValue, names.cert);
  const key = loadPrivateKey(keyValue, passphrase, names.key);
  if (!certificate.leaf.checkPrivateKey(key))
    throw new SettingsError(`${names.key} is not the private key of the certificate in ${names.cert}`);
  return { certificate, key };
}

export interface TlsMaterial {
  agent: https.Agent;
  clientCertificate?: Certificate;
}

/**
 * The bank's interfaces. `payments`: the payment interface, with the TPP's client credentials and
 * scope `pis:`, over the BANK_CLIENT_* certificate. `business`: the claims and other business
 * interfaces and the webhooks service (business spec part 5), with an online-banking user's
 * credentials and scope `openid b2b`, over the business certificate ("required both for the token
 * request and for every service request"): BANK_B2B_CLIENT_*, or BANK_CLIENT_* where those are unset,
 * so that one certificate can serve both. The bank keeps the two apart: each token is refused on the
 * other's interfaces.
 */
export type BankInterface = 'payments' | 'business';

/** The setting names of one interface's client certificate and key. */
function clientCertificateSettings(current: Settings, api: BankInterface) {
  const own = api === 'business' && (current.BANK_B2B_CLIENT_CERT || current.BANK_B2B_CLIENT_KEY);
  return own
    ? {
        cert: current.BANK_B2B_CLIENT_CERT,
        key: current.BANK_B2B_CLIENT_KEY,
        passphrase: current.BANK_B2B_CLIENT_KEY_PASSPHRASE,
        names: { cert: 'BANK_B2B_CLIENT_CERT', key: 'BANK_B2B_CLIENT_KEY' },
      }
    : {
        cert: current.BANK_CLIENT_CERT,
        key: current.BANK_CLIENT_KEY,
        passphrase: current.BANK_CLIENT_KEY_PASSPHRASE,
        names: { cert: 'BANK_CLIENT_CERT', key: 'BANK_CLIENT_KEY' },
      };
}

function buildTlsMaterial(current: Settings, api: BankInterface): TlsMaterial | undefined {
  const { cert, key, passphrase, names } = clientCertificateSettings(current, api);
  if (Boolean(cert) !== Boolean(key))
    throw new SettingsError(
      `${cert ? names.key : names.cert} is required when ${cert ? names.cert : names.key} is set`,
    );
  if (!cert && !current.BANK_CA_CERT) return undefined;
  const options: https.AgentOptions = { keepAlive: true };
  let clientCertificate: Certificate | undefined;
  if (cert && key) {
    const pair = loadKeyPair(cert, key, passphrase, names);
    clientCertificate = pair.certificate;
    options.cert = pair.certificate.pem;
    options.key = pair.key.export({ type: 'pkcs8', format: 'pem' });
  }
  // `ca` replaces Node's roots: keep them, so that a public bank certificate still verifies.
  if (current.BANK_CA_CERT)
    options.ca = [...rootCertificates, loadCertificate(current.BANK_CA_CERT, 'BANK_CA_CERT').pem];
  return { agent: new https.Agent(options), clientCertificate };
}

const cache: Partial<
  Record<BankInterface, { for: Settings; material: TlsMaterial | undefined; shared: boolean }>
> = {};

/**
 * The HTTPS agent the TLS settings describe for one interface, or undefined when none is set (built
 * once per settings). The business interface shares the payment interface's agent when it has no
 * certificate of its own.
 */
export function bankTlsMaterial(
  current: Settings = settings(),
  api: BankInterface = 'payments',
): TlsMaterial | undefined {
  const cached = cache[api];
  if (cached?.for === current) return cached.material;
  const shared = api === 'business' && !current.BANK_B2B_CLIENT_CERT && !current.BANK_B2B_CLIENT_KEY;
  const material = shared ? bankTlsMaterial(current, 'payments') : buildTlsMaterial(current, api);
  if (cached && !cached.shared) cached.material?.agent.destroy();
  cache[api] = { for: current, material, shared };
  return material;
}

export interface TransportInit {
  method: string;
  headers: Headers;
  body?: string;
  signal?: AbortSignal;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function httpsRequest(url: URL, init: TransportInit, agent: https.Agent): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const signal = init.signal;
    const aborted = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const headers: Record<string, string> = {};
    init.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    if (body) headers['content-length'] = String(body.length);
    const request = https.request(url, { method: init.method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        signal?.removeEventListener('abort', onAbort);
        const responseHeaders = new Headers();
        const raw = response.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) responseHeaders.append(raw[i] ?? '', raw[i + 1] ?? '');
        const status = response.statusCode ?? 502;
        resolve(
          new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
            status,
            statusText: response.statusMessage,
            headers: responseHeaders,
          }),
        );
      });
    });
    const onAbort = () => {
      request.destroy();
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? aborted() : error);
    });
    request.end(body);
  });
}

/**
 * How a call reaches the bank: over HTTPS with the interface's TLS settings when they are set,
 * otherwise fetch. Built before the call, so that a setting that cannot be read is a SettingsError,
 * not a network error. Redirects are never followed.
 */
export function bankTransport(
  api: BankInterface = 'payments',
): (url: string, init: TransportInit) => Promise<Response> {
  const material = bankTlsMaterial(settings(), api);
  return (url, init) => {
    const parsed = new URL(url);
    if (material && parsed.protocol === 'https:') return httpsRequest(parsed, init, material.agent);
    return fetch(url, { ...init, redirect: 'manual' });
  };
}

/**
 * `fetch` over the bank's TLS settings, for a read outside the bank's interfaces that takes no token,
 * key or signature (the OAuth server's metadata, lib/bank/authorisations.ts). Bodies are sent as text.
 */
export const bankTlsFetch = (async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
  const request = input instanceof Request ? input : undefined;
  const body = init.body ?? (request?.body ? await request.text() : undefined);
  if (body !== undefined && body !== null && typeof body !== 'string')
    throw new TypeError('bankTlsFetch sends string bodies only');
  return bankTransport()(request ? request.url : input.toString(), {
    method: init.method ?? request?.method ?? 'GET',
    headers: new Headers(init.headers ?? request?.headers),
    body: body ?? undefined,
    signal: init.signal ?? request?.signal ?? undefined,
  });
}) as typeof fetch;
