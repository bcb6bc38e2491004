import { Hono } from 'hono';
import type { Bank } from '../bank.js';
import { TppErrorException, tppError } from '../errors.js';
import { IDP_PATH } from '../identity/discovery.js';
import { bankContext, type SandboxEnv } from './env.js';
import { sendError } from './errors.js';
import { bankOffer } from './middleware/bank-offer.js';
import { requestBodyLimit } from './middleware/body-limit.js';
import { contractCheck } from './middleware/contract-check.js';
import { faultMiddleware } from './middleware/faults.js';
import { singleLanguagePages } from './middleware/page-language.js';
import { requestIdHeader } from './middleware/request-id.js';
import { securityMiddleware } from './middleware/security.js';
import { serverTiming } from './middleware/server-timing.js';
import { adminRoutes } from './routes/admin.js';
import { bankAppRoutes } from './routes/bank-app.js';
import { claimRoutes } from './routes/claims.js';
import { docsRoutes } from './routes/docs.js';
import { identityAdminRoutes } from './routes/identity-admin.js';
import { identityProviderRoutes } from './routes/identity-provider.js';
import { oauthRoutes } from './routes/oauth.js';
import { pisRoutes } from './routes/pis.js';
import { scaPageRoutes } from './routes/sca-pages.js';
import { webhookAdminRoutes } from './routes/webhook-admin.js';
import { webhooksServiceRoutes } from './routes/webhooks-service.js';

/** The HTTP face of one bank: every route group, with the bank set on each request (env.ts). */
export function createApp(bank: Bank, log: (message: string, error?: unknown) => void) {
  const app = new Hono<SandboxEnv>();
  // First, so that its time covers every other step.
  app.use('*', serverTiming);
  app.use(
    '*',
    bankContext(() => bank),
  );
  // Outermost after the bank: it sees every answer as the client gets it, faulted and error answers too.
  app.use('*', contractCheck);
  // X-Request-ID on every answer of the interfaces, whatever gave it (request-id.ts).
  for (const path of ['/psd2/*', '/business/*', '/events/*']) app.use(path, requestIdHeader);
  // Bounds on what one request may cost, before anything reads its body.
  app.use('*', requestBodyLimit);
  // Fault rules (admin: /sandbox/faults) act before any route; /sandbox and /docs are exempt.
  app.use('*', faultMiddleware);
  // TPP certificates (mutual TLS) and request signatures, for clients set to require them.
  app.use('*', securityMiddleware);
  // What this bank offers, and the languages of its pages (banks.ts).
  app.use('/psd2/api/v1/*', bankOffer);
  app.use('/sca/*', singleLanguagePages);
  app.route('/', oauthRoutes());
  app.route('/psd2/api/v1', pisRoutes());
  app.route('/sca', scaPageRoutes());
  app.route('/sandbox', adminRoutes());
  app.route('/docs', docsRoutes());
  app.route('/sandbox/decoupled', bankAppRoutes());
  app.route('/events/api/v1', webhooksServiceRoutes());
  app.route('/business', claimRoutes());
  app.route('/sandbox/webhooks', webhookAdminRoutes());
  app.route(IDP_PATH, identityProviderRoutes());
  app.route('/sandbox/idp', identityAdminRoutes());
  app.onError((error, c) => {
    if (error instanceof TppErrorException) return sendError(c, error.error);
    log(`${c.req.method} ${c.req.path} failed`, error);
    // 500 carries no defined body in the specification.
    return c.body(null, 500);
  });
  app.notFound((c) =>
    c.req.path.startsWith('/psd2/')
      ? sendError(c, tppError(404, 'RESOURCE_UNKNOWN', null, `No resource at ${c.req.path}.`))
      : c.body(null, 404),
  );
  return app;
}
