import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { Issued, Pki } from '../../tests/going-live/pki.js';

export interface TlsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test convenience
  json: any;
}

/**
 * A request over TLS to a sandbox's HTTPS listener (trusting the test bank CA), presenting `tls` as the client
 * certificate, or none. Node's fetch cannot present a client certificate, hence node:https.
 */
export function tlsCall(
  pki: Pki,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; tls: Issued | null },
): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ca: readFileSync(pki.bankCa.cert),
        ...(options.tls ? { cert: readFileSync(options.tls.cert), key: readFileSync(options.tls.key) } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = {};
          try {
            json = text ? JSON.parse(text) : {};
          } catch {
            json = {};
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A token request (client credentials, form-encoded) over TLS. */
export function tlsTokenRequest(
  pki: Pki,
  base: string,
  form: Record<string, string>,
  tls: Issued | null,
): Promise<TlsAnswer> {
  return tlsCall(pki, `${base}/oauth/v2/oauth-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    tls,
  });
}
