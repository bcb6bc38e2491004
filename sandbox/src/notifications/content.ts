import type { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { FINAL_STATUSES } from '../pis/payments.js';

/**
 * Resource status notifications (Berlin Group "Lean Push", implicit subscription): what the sandbox promises
 * at initiation, and which status changes that promise covers.
 */
export type NotificationContent = 'SCA' | 'PROCESS' | 'LAST';

const ORDER: readonly NotificationContent[] = ['SCA', 'PROCESS', 'LAST'];

/** Without TPP-Notification-Content-Preferred the sandbox sends every transactionStatus change. */
export const DEFAULT_CONTENT: readonly NotificationContent[] = ['PROCESS'];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An acceptable TPP-Notification-URI: absolute https, or plain http to a loopback host (127.0.0.1, localhost,
 * ::1) so that a TPP on the same machine can be notified in development. No credentials in the URI. Its domain
 * is checked at initiation against the certificate the TPP presents (inCertificateDomain).
 */
export function acceptableNotificationUri(uri: string | null | undefined): boolean {
  if (!uri || uri.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Whether a TPP-Notification-URI is in the domain of the TPP's website certificate: its host among the certificate's
 * SubjectAltNames, or its CN where it has no DNS name, wildcards considered (payment spec part 6; BG Lean Push IG
 * 5.2). A request without a certificate (plain HTTP, or TLS without one) names no domain, and is not checked.
 */
export function inCertificateDomain(uri: string, certificate: X509Certificate | undefined): boolean {
  if (!certificate) return true;
  const host = new URL(uri).hostname.replace(/^\[|\]$/g, '');
  return (isIP(host) ? certificate.checkIP(host) : certificate.checkHost(host)) !== undefined;
}

/** `status=SCA, PROCESS` → ['SCA', 'PROCESS']; anything unreadable → undefined. */
export function parseContentPreferred(value: string | null | undefined): NotificationContent[] | undefined {
  if (!value) return undefined;
  const match = /^\s*status\s*=(.+)$/.exec(value);
  if (!match?.[1]) return undefined;
  const values = match[1].split(',').map((v) => v.trim());
  if (!values.every((v): v is NotificationContent => (ORDER as readonly string[]).includes(v)))
    return undefined;
  return values;
}

export interface NotificationPlan {
  supported: boolean;
  /** What is sent, in the order SCA, PROCESS, LAST. Empty when not supported. */
  content: NotificationContent[];
}

/** The sandbox honours every content the TPP asks for, and PROCESS when it asks for none. */
export function notificationPlan(
  uri: string | null | undefined,
  preferred: string | null | undefined,
): NotificationPlan {
  if (!acceptableNotificationUri(uri)) return { supported: false, content: [] };
  const wanted = new Set(parseContentPreferred(preferred) ?? DEFAULT_CONTENT);
  return { supported: true, content: ORDER.filter((c) => wanted.has(c)) };
}

export function contentHeader(plan: NotificationPlan): string {
  return `status=${plan.content.join(',')}`;
}

/**
 * The last status a payment reaches in this sandbox: a final one, or ACSP for a standing order (its executions
 * do not change the order's own status).
 */
export function isLastStatus(status: string, paymentService: string): boolean {
  return FINAL_STATUSES.has(status) || (paymentService === 'periodic-payments' && status === 'ACSP');
}

/**
 * Whether a change of this kind is covered by the plan. LAST is "only a notification on the last
 * transactionStatus" (payment spec part 6; BG Lean Push IG 5.1): a final status that a later change of the same
 * payment has already superseded (ACSC when ACCC follows at once) is not the last and is not sent.
 */
export function wanted(
  plan: NotificationPlan,
  change: { kind: 'transaction' | 'sca'; status: string; service: string; superseded: boolean },
) {
  if (!plan.supported) return false;
  if (change.kind === 'sca') return plan.content.includes('SCA');
  if (plan.content.includes('PROCESS')) return true;
  return plan.content.includes('LAST') && isLastStatus(change.status, change.service) && !change.superseded;
}
