import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { isUuid } from '../../shared/uuid.js';
import type { SandboxEnv } from '../env.js';

/**
 * Every answer of the interfaces whose calls carry `X-Request-ID` (payment initiation, claims, the webhooks
 * service) carries one too, as IOBWS 3.2 requires of every response, refusals and faults included: the request's
 * own where it is a UUID, otherwise a fresh UUID of the bank's, so that an answer to a request without a usable id
 * still has one and never repeats what the client sent unchecked (docs/sandbox-extras.md).
 */
export const requestIdHeader: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  await next();
  const sent = c.req.header('X-Request-ID');
  c.res.headers.set('X-Request-ID', sent && isUuid(sent) ? sent : randomUUID());
};
