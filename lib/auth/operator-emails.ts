import { settings } from '@/lib/config';

/**
 * The addresses on OPERATOR_EMAILS, in lower case. Being on the list grants nothing by itself: an
 * account gets the operator role once its address is verified (lib/auth/operator-roles.ts).
 */
export function operatorEmails(value = settings().OPERATOR_EMAILS): Set<string> {
  return new Set(
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}
