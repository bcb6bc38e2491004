import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { deferredResolver, type SchemaLoader } from '@/lib/forms/deferred-schema';

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

/** zodResolver over `prune`, so react-hook-form hands `handleSubmit` exactly what the action parses. */
export function formResolver<Values extends FieldValues, Output>(
  load: SchemaLoader<Output>,
): Resolver<Values, unknown, Output> {
  const resolve = deferredResolver<Values, Output>(load, prune);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: unprunedErrors(values, result.errors) as FieldErrors<Values> };
  };
}
