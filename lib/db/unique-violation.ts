/**
 * Whether `error` (as node-postgres or PGlite raise it, possibly wrapped by drizzle as its `cause`) is a
 * unique violation (SQLSTATE 23505) of the index or constraint `name`.
 */
export function isUniqueViolationOf(error: unknown, name: string): boolean {
  for (let at: unknown = error, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const { code, constraint, message } = at as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505')
      return constraint === name || (typeof message === 'string' && message.includes(`"${name}"`));
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}
