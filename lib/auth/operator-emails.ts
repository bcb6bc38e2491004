import { settings } from '@/lib/config';

/**
 * Operators manage the webhook subscriptions of the company (the events page). There is no role
 * model yet: an operator is a PSU whose e-mail address is in OPERATOR_EMAILS. The address is read
 * from the database by the session's PSU id, not from the session token.
 */
export function operatorEmails(value = settings().OPERATOR_EMAILS): Set<string> {
  return new Set(
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}
