import type { BankCall } from '@/lib/bank/observer';
import { KENNITALA } from '@/lib/security/log-scrub';

/** Which of a bank's interfaces a call went to. */
export type BankInterfaceName = 'payments' | 'claims' | 'webhooks' | 'token';

export interface BankCallKind {
  bankInterface: BankInterfaceName;
  /** What the call did, from a bounded set (metrics label it by this): initiate, status, cancel, … */
  operation: string;
  /** The URL's path without its query string, kennitala-like digit runs masked. */
  path: string;
  /** For an initiation: the payment service and product of its path. */
  service?: string;
  product?: string;
}

interface BankUrls {
  payments: string;
  auth: string;
  events: string;
  business: string;
}

const PAYMENT_SERVICES = 'payments|bulk-payments|periodic-payments';
const initiationPath = new RegExp(`/(${PAYMENT_SERVICES})/([a-z-]+)/?$`);

/** The path of a URL as the trail keeps it: no query string or fragment, no kennitala. */
export function auditPath(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.replace(/[?#].*$/, '');
  }
  return path.replace(KENNITALA, '…').slice(0, 500);
}

function under(url: string, base: string | undefined): boolean {
  return base !== undefined && (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`));
}

/** A payment interface call, by its method and the end of its path (links the bank gave end alike). */
function paymentOperation(method: string, path: string): Omit<BankCallKind, 'bankInterface' | 'path'> {
  const initiation = initiationPath.exec(path);
  if (method === 'POST' && initiation && !/\/authorisations\/?$/.test(path))
    return { operation: 'initiate', service: initiation[1], product: initiation[2] };
  if (/\/cancellation-authorisations(\/[^/]+)?\/?$/.test(path)) {
    if (method === 'POST') return { operation: 'start-cancellation-authorisation' };
    if (method === 'PUT') return { operation: 'update-cancellation-authorisation' };
    return { operation: 'cancellation-sca-status' };
  }
  if (/\/authorisations\/?$/.test(path))
    return { operation: method === 'POST' ? 'start-authorisation' : 'authorisations' };
  if (/\/authorisations\/[^/]+\/?$/.test(path))
    return { operation: method === 'PUT' ? 'update-authorisation' : 'sca-status' };
  if (/\/status\/?$/.test(path)) return { operation: 'status' };
  if (method === 'DELETE') return { operation: 'cancel' };
  if (method === 'GET' && new RegExp(`/(${PAYMENT_SERVICES})/[a-z-]+/[^/]+/?$`).test(path))
    return { operation: 'read-payment' };
  return { operation: `${method.toLowerCase()}-other` };
}

function webhooksOperation(method: string, rest: string): string {
  const parts = rest
    .replace(/^\/api\/v\d+\/subscriptions/, '')
    .split('/')
    .filter(Boolean);
  if (parts.length === 0) return method === 'POST' ? 'subscribe' : 'list-subscriptions';
  const action = parts[1];
  if (!action) {
    if (method === 'PUT') return 'update-subscription';
    if (method === 'DELETE') return 'delete-subscription';
    return 'read-subscription';
  }
  if (action === 'verify' || action === 'replay' || action === 'deliveries') return action;
  return `${method.toLowerCase()}-other`;
}

function claimsOperation(method: string, path: string): string {
  if (method !== 'GET') return `${method.toLowerCase()}-other`;
  return /\/claims\/?$/.test(path)
    ? 'list-claims'
    : /\/claims\/[^/]+\/?$/.test(path)
      ? 'read-claim'
      : 'read-resource';
}

/**
 * What a call to a bank was, from its URL against the bank's interface URLs (lib/bank/directory.ts):
 * token requests, the payment interface, the webhooks service and the business interfaces (claims).
 * Without the bank's URLs (no bank in scope), the call's own interface and path decide.
 */
export function bankCallKind(call: BankCall, urls?: BankUrls): BankCallKind {
  const path = auditPath(call.url);
  if (call.token) return { bankInterface: 'token', operation: 'token', path };
  const bare = call.url.replace(/[?#].*$/, '');
  if (urls && under(bare, urls.events))
    return {
      bankInterface: 'webhooks',
      operation: webhooksOperation(call.method, bare.slice(urls.events.length)),
      path,
    };
  if (call.api === 'business')
    return { bankInterface: 'claims', operation: claimsOperation(call.method, path), path };
  return { bankInterface: 'payments', ...paymentOperation(call.method, path), path };
}
