/**
 * What the form holds → what the schema should see: empty text is "not given", and an object or
 * list left wholly empty (an address nobody filled in) is left out, so optional parts never fail for
 * fields the user did not touch. `false` and `0` are kept.
 */
export function prune(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const pruned = prune(item);
      if (pruned !== undefined) out[key] = pruned;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}
