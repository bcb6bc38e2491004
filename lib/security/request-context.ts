import { AsyncLocalStorage } from 'node:async_hooks';
import { processGlobal } from '@/lib/server/process-global';
import { requestIdFrom } from './request-id';

interface RequestContext {
  requestId: string;
}

// One store per process: route handlers, actions and lib/log.ts may sit in different chunks.
const storage = processGlobal('requestContext', () => new AsyncLocalStorage<RequestContext>());

/** The `X-Request-ID` of the request being served, or undefined outside one (jobs, start-up). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` as part of the request these headers came with; every log line inside carries its id. */
export function runInRequest<T>(headers: Pick<Headers, 'get'>, work: () => Promise<T>): Promise<T> {
  return storage.run({ requestId: requestIdFrom(headers) }, work);
}

/**
 * A route handler whose work, down to the bank calls and database writes it makes, logs under the
 * request's `X-Request-ID` (proxy.ts accepts the caller's UUID or sets a new one).
 */
export function withRequestId<Req extends Request, Rest extends unknown[], R>(
  handler: (request: Req, ...rest: Rest) => Promise<R>,
): (request: Req, ...rest: Rest) => Promise<R> {
  return (request, ...rest) => runInRequest(request.headers, () => handler(request, ...rest));
}

/** The same for a server action, which reaches its request's headers through next/headers. */
export async function inActionRequest<T>(work: () => Promise<T>): Promise<T> {
  const { headers } = await import('next/headers');
  return runInRequest(await headers(), work);
}
