import type { MiddlewareHandler } from 'hono';
import { fail } from '../../errors.js';
import { authenticateTpp } from '../../pis/auth.js';
import type { SandboxEnv } from '../env.js';

/**
 * Every PIS call: the subscription key, then the bearer token (pis/auth.ts); sets `tppClientId`, `now` and, for a
 * token of an OAuth SCA code, `tokenAuthorisationId`. Such a token authorises the requests on its own payment
 * (BG IG 13.6), and nothing else: 401 TOKEN_INVALID (spec part 7: "not valid for the addressed service/resource").
 */
export const tppAuth: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const { clientId, now, boundTo } = await authenticateTpp(c.get('db'), c.get('config').clients, {
    subscriptionKey: c.req.header('Ocp-Apim-Subscription-Key'),
    authorization: c.req.header('Authorization'),
  });
  if (boundTo && c.req.param('paymentId') !== boundTo.paymentId) {
    fail(
      401,
      'TOKEN_INVALID',
      'Authorization',
      `This access token is of the OAuth SCA of payment ${boundTo.paymentId} (scope PIS:${boundTo.paymentId}) alone.`,
    );
  }
  c.set('tppClientId', clientId);
  c.set('now', now);
  c.set('tokenAuthorisationId', boundTo?.authorisationId ?? null);
  await next();
};
