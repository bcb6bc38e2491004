export const requestIdHeader = 'x-request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The request's id: the caller's `X-Request-ID` when it is a UUID (the bank sends one with every
 * notification and delivery, and Berlin Group calls for UUIDs), otherwise a new one. Anything else a
 * caller sends is dropped rather than logged, so a header cannot inject text into the logs.
 */
export function requestIdFrom(headers: Pick<Headers, 'get'>): string {
  const incoming = headers.get(requestIdHeader)?.trim();
  return incoming && UUID.test(incoming) ? incoming.toLowerCase() : crypto.randomUUID();
}
