import type { Logger } from 'pino';
import { logger } from '@/lib/log';
import { requestIdHeader } from './request-id';

/**
 * A logger bound to the current request's `X-Request-ID` (set or accepted by proxy.ts), for server
 * actions, pages and route handlers. Bind ids and codes only; names, e-mail addresses, kennitölur,
 * accounts and amounts stay out of the logs.
 */
export async function requestLogger(
  bindings: Record<string, string | number | boolean> = {},
): Promise<Logger> {
  let requestId: string | undefined;
  try {
    const { headers } = await import('next/headers');
    requestId = (await headers()).get(requestIdHeader) ?? undefined;
  } catch {
    // Outside a request (jobs, start-up, tests): no id to bind.
  }
  return logger.child({ ...bindings, ...(requestId ? { requestId } : {}) });
}

/** The same for code that holds the request's headers already (route handlers). */
export function loggerFor(
  headers: Headers,
  bindings: Record<string, string | number | boolean> = {},
): Logger {
  const requestId = headers.get(requestIdHeader);
  return logger.child({ ...bindings, ...(requestId ? { requestId } : {}) });
}
