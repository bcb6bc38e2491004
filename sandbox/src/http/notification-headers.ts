import type { MiddlewareHandler } from 'hono';
import { findPayment } from '../../db/queries/payments.js';
import { contentHeader, notificationPlan } from '../../notifications/content.js';
import type { SandboxEnv } from '../env.js';

const INITIATION_PATH = /^\/psd2\/api\/v1\/[^/]+\/[^/]+\/?$/;

/**
 * Adds ASPSP-Notification-Support (and, when true, ASPSP-Notification-Content) to every 201 of a payment
 * initiation, from what was stored with the payment (so an idempotent replay answers the same).
 */
export const notificationHeaders: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'POST' || c.res.status !== 201 || !INITIATION_PATH.test(c.req.path)) return;
  const location = c.res.headers.get('Location');
  const paymentId = location ? new URL(location, 'http://x').pathname.split('/').pop() : undefined;
  if (!paymentId) return;
  const row = await findPayment(c.var.db, paymentId);
  if (!row) return;
  const plan = notificationPlan(row.tpp_notification_uri, row.tpp_notification_content_preferred);
  c.res.headers.set('ASPSP-Notification-Support', String(plan.supported));
  if (plan.supported) c.res.headers.set('ASPSP-Notification-Content', contentHeader(plan));
};
