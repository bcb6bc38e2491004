const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside (a URL, a form) can be one of our uuid ids: checked before it reaches a
 * query, where PostgreSQL would refuse it with an error rather than find nothing.
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
