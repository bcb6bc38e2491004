// A TPP of the sandbox bank for the benchmarks: its token, and a payment initiation over loopback HTTP.
import { randomUUID } from 'node:crypto';
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

/** Initiates `body` as `service` and reads the whole answer; its status. */
export async function initiateAt(
  base: string,
  bearer: string,
  body: string,
  options: { client?: TppClient; service?: string } = {},
): Promise<number> {
  const client = options.client ?? DEFAULT_CLIENT;
  const response = await fetch(`${base}/psd2/api/v1/${options.service ?? 'payments'}/credit-transfers`, {
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
