import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { deferImport } from '@/lib/forms/deferred-import';
import { deferredResolver, type SchemaLoader } from '@/lib/forms/deferred-schema';
import { prune } from './prune';

// Loaded with the first errors, as the schema is loaded with the first validation.
const loadUnpruned = deferImport(() => import('./unpruned-errors').then((module) => module.unprunedErrors));

/** zodResolver over `prune`, so react-hook-form hands `handleSubmit` exactly what the action parses. */
export function formResolver<Values extends FieldValues, Output>(
  load: SchemaLoader<Output>,
): Resolver<Values, unknown, Output> {
  const resolve = deferredResolver<Values, Output>(load, prune);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const unprunedErrors = await loadUnpruned();
    return { values: {}, errors: unprunedErrors(values, result.errors) as FieldErrors<Values> };
  };
}
