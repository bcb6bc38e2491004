import { contentHeader, notificationPlan } from '../notifications/content.js';
import type { SandboxContext } from './env.js';

/**
 * ASPSP-Notification-Support (and, when true, ASPSP-Notification-Content) on a 201 of a payment initiation, from
 * the TPP-Notification-URI and TPP-Notification-Content-Preferred stored with the payment (so an idempotent
 * replay answers the same). Set by the initiation route, which holds those values: nothing is read again.
 */
export function setNotificationHeaders(
  c: SandboxContext,
  payment: { tpp_notification_uri: string | null; tpp_notification_content_preferred: string | null },
): void {
  const plan = notificationPlan(payment.tpp_notification_uri, payment.tpp_notification_content_preferred);
  c.header('ASPSP-Notification-Support', String(plan.supported));
  if (plan.supported) c.header('ASPSP-Notification-Content', contentHeader(plan));
}
