import { notFound } from 'next/navigation';
import { isClaimId } from '@/lib/bank/claims';
import { isUuid } from '@/lib/db/ids';
import { isLocale } from '@/lib/i18n/routing';

/**
 * Every `[param]` of a page or route under app/ has a known form, and is checked against it before it
 * reaches the bank or the database: a value of another form names nothing we hold, and is answered
 * like a missing one (the not-found page, or 404), never with an error of ours. A new dynamic segment
 * gets its kind here; tests/security/path-params.test.ts holds every one found under app/ to a kind.
 */
export const PATH_PARAM_FORMS = {
  /** `[locale]`: one of the app's languages. */
  locale: isLocale,
  /** `[id]`, `[paymentId]`: our payment's uuid. */
  paymentId: isUuid,
  /** `[subscriptionId]`: our webhook subscription's uuid. */
  subscriptionId: isUuid,
  /** `[token]` of a notification URI: 32 random bytes, base64url (lib/payments/notifications.ts). */
  notificationToken: (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value),
  /** `[claimId]`: a claim id as the claims interface builds it (lib/bank/claims.ts `claimIdOf`). */
  claimId: isClaimId,
} as const satisfies Record<string, (value: string) => boolean>;

export type PathParamKind = keyof typeof PATH_PARAM_FORMS;

/** A segment as the address carries it, percent-decoded; undefined when its encoding is broken. */
export function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Whether a path parameter has the form of its kind. */
export function isPathParam(kind: PathParamKind, value: string | undefined): value is string {
  return typeof value === 'string' && PATH_PARAM_FORMS[kind](value);
}

/** For a page: the parameter when it has its kind's form, else the not-found page. */
export function pathParamOrNotFound(kind: PathParamKind, value: string | undefined): string {
  if (!isPathParam(kind, value)) notFound();
  return value;
}
