import { createHmac, timingSafeEqual } from 'node:crypto';
import { settings } from '@/lib/config';

/**
 * The `state` carried through the bank's redirect back to us. It is a MAC of the payment and its
 * owner, so a return link works only for that payment and only in that PSU's session; nothing needs
 * storing, and a retried initiation sends the same redirect URIs. A standing-order change's cancellation
 * of the old order binds the change's id too (`change`): only that cancellation's return sends the new
 * order, not the return of a stop the PSU asked for beside it.
 */
export function returnState(paymentId: string, psuId: string, change?: string): string {
  return createHmac('sha256', settings().AUTH_SECRET)
    .update(`return:${paymentId}:${psuId}${change ? `:change:${change}` : ''}`)
    .digest('base64url');
}

export function isValidReturnState(
  state: string,
  paymentId: string,
  psuId: string,
  change?: string,
): boolean {
  const expected = Buffer.from(returnState(paymentId, psuId, change));
  const given = Buffer.from(state);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function returnUris(paymentId: string, psuId: string, change?: string): { ok: string; nok: string } {
  const base = `${settings().APP_BASE_URL}/api/payments/${paymentId}/return`;
  const state = returnState(paymentId, psuId, change);
  const bound = change ? `&change=${encodeURIComponent(change)}` : '';
  return {
    ok: `${base}?outcome=ok&state=${state}${bound}`,
    nok: `${base}?outcome=nok&state=${state}${bound}`,
  };
}
