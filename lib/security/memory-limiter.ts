/**
 * A fixed-window counter in this process's memory: the fast path for high-volume public routes,
 * where a database write per request would cost more than the request. Across N instances a client
 * gets up to N times the limit, which is acceptable for a generous flood guard; limits that must hold
 * across instances (sign-in, sign-up, payment actions) use the database (./rate-limit.ts).
 */
export interface MemoryLimiter {
  /** Counts one hit; `retryAfterSeconds` is set when the key is over its limit. */
  hit(key: string, now?: number): { allowed: boolean; remaining: number; retryAfterSeconds: number };
}

export function memoryLimiter(options: { limit: number; windowMs: number; maxKeys?: number }): MemoryLimiter {
  const maxKeys = options.maxKeys ?? 50_000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now = Date.now()) {
      let window = windows.get(key);
      if (!window || now - window.start >= options.windowMs) {
        // Bounded memory: a flood of distinct keys drops the oldest entries first (Map keeps order).
        if (!window && windows.size >= maxKeys) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        window = { start: now, count: 0 };
        windows.delete(key);
        windows.set(key, window);
      }
      window.count += 1;
      const allowed = window.count <= options.limit;
      return {
        allowed,
        remaining: Math.max(options.limit - window.count, 0),
        retryAfterSeconds: allowed
          ? 0
          : Math.max(Math.ceil((window.start + options.windowMs - now) / 1000), 1),
      };
    },
  };
}
