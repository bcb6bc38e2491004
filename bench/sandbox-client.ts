// A TPP of the sandbox bank for the benchmarks: its token, and a payment initiation over loopback HTTP.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CLIENT, type TppClient } from '../sandbox/src/config';

/** A single payment from the demo PSU jon to an account at another bank. */
export const NORMAL_PAYMENT = JSON.stringify({
  debtorAccount: { iban: 'IS140159260076545510730339' },
  creditorAccount: { iban: 'IS030115260123450101302989' },
  creditorName: 'Guðrún Helgadóttir',
  instructedAmount: { currency: 'ISK', amount: '15000' },
  remittanceInformationUnstructured: 'Leiga',
});

export async function tppToken(base: string, client: TppClient = DEFAULT_CLIENT): Promise<string> {
  const response = await fetch(`${base}/oauth/v2/oauth-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      scope: 'pis:',
    }),
  });
  if (!response.ok) throw new Error(`token: HTTP ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Initiates `body` as `service` and reads the whole answer; its status. `prefix` is the payment
 * interface's path under `base` (`/psd2` at the sandbox bank).
 */
export async function initiateAt(
  base: string,
  bearer: string,
  body: string,
  options: { client?: TppClient; service?: string; prefix?: string } = {},
): Promise<number> {
  const client = options.client ?? DEFAULT_CLIENT;
  const prefix = options.prefix ?? '/psd2';
  const response = await fetch(`${base}${prefix}/api/v1/${options.service ?? 'payments'}/credit-transfers`, {
    method: 'POST',
    headers: {
      'Ocp-Apim-Subscription-Key': client.subscriptionKey,
      Authorization: `Bearer ${bearer}`,
      'X-Request-ID': randomUUID(),
      'PSU-IP-Address': '192.0.2.10',
      'TPP-Redirect-URI': 'http://localhost:3000/return',
      'Content-Type': 'application/json',
    },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

export interface LoadResult {
  count: number;
  errors: number;
  perSecond: number;
  /** Latencies of the answered initiations, sorted (ms). */
  latencies: number[];
}

/**
 * `concurrency` clients initiating `NORMAL_PAYMENT` back to back for `seconds`, after a one-second
 * warm-up; an answer other than 201 counts as an error.
 */
export async function initiationLoad(
  base: string,
  bearer: string,
  { seconds, concurrency, prefix }: { seconds: number; concurrency: number; prefix?: string },
): Promise<LoadResult> {
  const loop = async (until: number, latencies: number[] | undefined, errors: { n: number }) => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await initiateAt(base, bearer, NORMAL_PAYMENT, { prefix });
      if (status !== 201) errors.n++;
      else latencies?.push(performance.now() - started);
    }
  };
  const warm = performance.now() + 1000;
  await Promise.all(Array.from({ length: concurrency }, () => loop(warm, undefined, { n: 0 })));
  const latencies: number[] = [];
  const errors = { n: 0 };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, () => loop(started + seconds * 1000, latencies, errors)),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, errors: errors.n, perSecond: latencies.length / elapsed, latencies };
}
