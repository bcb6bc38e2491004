import { callBank } from './client';
import { BankError, BankTokenError } from './errors';
import { linkUnder } from './links';
import { currentBank } from './scope';

/**
 * Reads a resource a webhook `self` link points to, in the bank's business interfaces (a claim, for
 * `claim.paid`), with the business token: a claim is visible to its claimant and payor only, and the
 * claimant is us (BANK_B2B_USERNAME). The outcome says what the event's processing should make of it.
 */
export type ResourceRead =
  | { ok: true; status: number; body: unknown }
  | { ok: false; kind: 'gone'; status: number }
  | { ok: false; kind: 'refused'; status: number }
  | { ok: false; kind: 'unavailable'; status?: number }
  | { ok: false; kind: 'outside_business_interface' };

/**
 * One read, sent once: a busy bank (429, 5xx), an unreachable one or a token the bank still refuses
 * after its one renewal is `unavailable`, and the event's job retries with its own backoff.
 */
export async function readBankResource(href: string): Promise<ResourceRead> {
  // Our bearer token goes only to the business interface we are configured for.
  const url = linkUnder(href, currentBank('business').urls.business);
  if (!url) return { ok: false, kind: 'outside_business_interface' };
  try {
    const response = await callBank('business', { method: 'GET', url: url.toString(), once: true });
    return { ok: true, status: response.status, body: response.body };
  } catch (error) {
    if (!(error instanceof BankError) || error instanceof BankTokenError)
      return { ok: false, kind: 'unavailable' };
    const { status } = error;
    if (status === 404 || status === 410) return { ok: false, kind: 'gone', status };
    if (status === 401 || status === 429 || status >= 500) return { ok: false, kind: 'unavailable', status };
    return { ok: false, kind: 'refused', status };
  }
}
