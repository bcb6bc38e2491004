import { settings } from '@/lib/config';
import { clientAddress } from './client-address';
import { hitLimit, limits } from './rate-limit';

/**
 * For payment actions (initiate, cancel): counts one call of this PSU and, past the limit, answers
 * what the action returns for any refusal. Usage, right after the session check:
 *
 *   const throttled = await throttlePaymentAction(psuId); if (throttled) return throttled;
 */
export async function throttlePaymentAction(
  psuId: string,
): Promise<{ ok: false; messageKey: string } | undefined> {
  const verdict = await hitLimit(limits().paymentActionsPerPsu, psuId);
  return verdict.allowed ? undefined : { ok: false, messageKey: 'security.actionThrottled' };
}

/**
 * For public route handlers that want a limit shared by every instance (proxy.ts already guards
 * /api/notifications and /api/webhooks per instance in memory): a 429 to return, or undefined.
 *
 *   const throttled = await throttlePublicRoute(request.headers); if (throttled) return throttled;
 */
export async function throttlePublicRoute(headers: Headers): Promise<Response | undefined> {
  const address = clientAddress(headers, settings().TRUSTED_PROXY_COUNT);
  const verdict = await hitLimit(limits().publicPerAddress, address);
  if (verdict.allowed) return undefined;
  return Response.json(
    { error: 'rate_limited', retryAfterSeconds: verdict.retryAfterSeconds },
    {
      status: 429,
      headers: { 'Retry-After': String(verdict.retryAfterSeconds), 'Cache-Control': 'no-store' },
    },
  );
}
