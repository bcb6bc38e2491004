import { Hono } from 'hono';
import type { SandboxContext } from './context.js';
import { sendError, TppErrorException, tppError } from './errors.js';
import { faultMiddleware } from './faults/middleware.js';
import { notificationHeaders } from './notifications/content.js';
import { adminRoutes } from './routes/admin.js';
import { businessRoutes } from './routes/business.js';
import { docsRoutes } from './routes/docs.js';
import { eventsRoutes, webhookAdminRoutes } from './routes/events.js';
import { oauthRoutes } from './routes/oauth.js';
import { pisRoutes } from './routes/pis.js';
import { scaRoutes } from './routes/sca.js';
import { bankAppRoutes } from './sca/bank-app.js';
import { securityMiddleware } from './security/middleware.js';

export function createApp(ctx: SandboxContext, log: (message: string, error?: unknown) => void) {
  const app = new Hono();
  // Fault rules (admin: /sandbox/faults) act before any route; /sandbox and /docs are exempt.
  app.use('*', faultMiddleware(ctx));
  // TPP certificates (mutual TLS) and request signatures, for clients set to require them.
  app.use('*', securityMiddleware(ctx));
  // ASPSP-Notification-Support / -Content on every 201 of an initiation.
  app.use('/psd2/api/v1/*', notificationHeaders(ctx));
  app.route('/', oauthRoutes(ctx));
  app.route('/psd2/api/v1', pisRoutes(ctx));
  app.route('/sca', scaRoutes(ctx));
  app.route('/sandbox', adminRoutes(ctx));
  app.route('/docs', docsRoutes());
  app.route('/sandbox/decoupled', bankAppRoutes(ctx));
  app.route('/events/api/v1', eventsRoutes(ctx));
  app.route('/business', businessRoutes(ctx));
  app.route('/sandbox/webhooks', webhookAdminRoutes(ctx));
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
