/**
 * Webhook settings read from the environment when used (so a test may set them before starting a
 * sandbox): the callback timeout for verify and deliveries, and the default active-subscription limit.
 * A client's own limit can be raised or lowered with `PUT /sandbox/webhooks/limits/{username}`.
 */
function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function callbackTimeoutMs(): number {
  return positiveInt(process.env.SANDBOX_WEBHOOK_TIMEOUT_MS, 5000);
}

export function defaultSubscriptionLimit(): number {
  return positiveInt(process.env.SANDBOX_WEBHOOK_SUBSCRIPTION_LIMIT, 5);
}

/**
 * Spec part 6: after a failed attempt, one immediate retry, then 1, 2, 5, 15, 30, 60 minutes, 3, 6, 12, 24 hours
 * (each counted from the previous attempt); after the twelfth attempt the delivery is given up.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [
  0,
  60,
  120,
  300,
  900,
  1800,
  3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  24 * 3600,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
export const GIVEN_UP_BEFORE_DISABLING = 5;
