import { isUuid } from '@/lib/db/ids';

export const requestIdHeader = 'x-request-id';

/**
 * The request's id: the caller's `X-Request-ID` when it is a UUID (the bank sends one with every
 * notification and delivery, and Berlin Group calls for UUIDs), otherwise a new one. Anything else a
 * caller sends is dropped rather than logged, so a header cannot inject text into the logs.
 */
export function requestIdFrom(headers: Pick<Headers, 'get'>): string {
  const incoming = headers.get(requestIdHeader)?.trim();
  return incoming && isUuid(incoming) ? incoming.toLowerCase() : crypto.randomUUID();
}
