import type { z } from 'zod';

const cache = new WeakMap<z.ZodType, number | undefined>();

/**
 * The most characters a string schema accepts, found by asking the schema itself, so a counter
 * beside a field never restates (or drifts from) the bound in `lib/payments/schemas`. Undefined
 * when the schema has no upper bound.
 */
export function maxLengthOf(schema: z.ZodType, limit = 10_000): number | undefined {
  if (cache.has(schema)) return cache.get(schema);
  const accepts = (n: number) => schema.safeParse('x'.repeat(n)).success;
  let result: number | undefined;
  if (!accepts(limit)) {
    let low = 0;
    let high = limit;
    while (low + 1 < high) {
      const mid = Math.floor((low + high) / 2);
      if (accepts(mid)) low = mid;
      else high = mid;
    }
    result = low;
  }
  cache.set(schema, result);
  return result;
}

/** Characters as the bank counts them (Unicode code points): an emoji counts once. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}
