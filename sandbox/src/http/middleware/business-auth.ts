import type { MiddlewareHandler } from 'hono';
import { authenticateBusiness } from '../../business/auth.js';
import { problem } from '../../business/errors.js';
import { businessCertificateRefusal } from '../../security/business-certificate.js';
import { isUuid } from '../../shared/uuid.js';
import type { SandboxEnv } from '../env.js';
import { tlsClientCertificate } from './security.js';

/**
 * Every call to the webhooks service and the business interfaces: `X-Request-ID` (UUID; the answer's: request-id.ts),
 * the business certificate where required (security/business-certificate.ts), then the subscription key and the
 * business token (business/auth.ts); sets `businessCaller`.
 */
export const businessAuth: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const requestId = c.req.header('X-Request-ID');
  if (!requestId) problem(400, 'REQUEST_ID_MISSING', 'The X-Request-ID header is required.');
  if (!isUuid(requestId)) problem(400, 'REQUEST_ID_INVALID', 'X-Request-ID must be a UUID.');
  const settings = c.get('config').businessCertificate;
  const refused = businessCertificateRefusal(
    tlsClientCertificate(c),
    settings,
    c.get('bank').certificates(),
    await c.get('clock').now(),
  );
  if (refused) problem(401, refused.code, refused.detail);
  c.set(
    'businessCaller',
    await authenticateBusiness(
      c.get('db'),
      c.get('config').clients,
      {
        subscriptionKey: c.req.header('Ocp-Apim-Subscription-Key'),
        authorization: c.req.header('Authorization'),
      },
      settings?.required === true,
    ),
  );
  await next();
};
