import { prune } from './prune';

/**
 * The schema's errors, which name a list's items as `prune` left them, put back on the items as the
 * form holds them: a reference left empty above a filled one is dropped before the schema sees it,
 * and the filled one's error belongs on its own row, not the empty one's.
 */
export function unprunedErrors(value: unknown, errors: unknown): unknown {
  if (errors === null || typeof errors !== 'object') return errors;
  if (Array.isArray(value)) {
    const kept = value.flatMap((item, index) => (prune(item) === undefined ? [] : [index]));
    const out: unknown[] = [];
    for (const [key, error] of Object.entries(errors)) {
      const original = /^\d+$/.test(key) ? kept[Number(key)] : undefined;
      if (original === undefined) Object.assign(out, { [key]: error });
      else out[original] = unprunedErrors(value[original], error);
    }
    return out;
  }
  if (value === null || typeof value !== 'object') return errors;
  const out: Record<string, unknown> = {};
  for (const [key, error] of Object.entries(errors)) {
    out[key] = key in value ? unprunedErrors((value as Record<string, unknown>)[key], error) : error;
  }
  return out;
}
