import type { MiddlewareHandler } from 'hono';
import { authenticateTpp } from '../../pis/auth.js';
import type { SandboxEnv } from '../env.js';

/** Every PIS call: the subscription key, then the bearer token (pis/auth.ts); sets `tppClientId` and `now`. */
export const tppAuth: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const { clientId, now } = await authenticateTpp(c.get('db'), c.get('config').clients, {
    subscriptionKey: c.req.header('Ocp-Apim-Subscription-Key'),
    authorization: c.req.header('Authorization'),
  });
  c.set('tppClientId', clientId);
  c.set('now', now);
  await next();
};
