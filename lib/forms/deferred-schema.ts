import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodMiniType } from 'zod/mini';
import { deferImport } from './deferred-import';

// A form's schema is loaded after the page: zod, the schemas and what they check against are a
// good part of a form page's JavaScript, and nothing needs them before the first validation. It
// loads when the user first reaches the form (see preloadOnInteraction), or at the first
// validation, whichever comes first. Validation itself is unchanged: react-hook-form waits for
// the resolver, so nothing is sent before the schema has checked it.

export type SchemaLoader<Output> = () => Promise<ZodMiniType<Output>>;

// react-hook-form's zodResolver comes with the schema, not with the page.
const loadZodResolver = deferImport(() =>
  import('@hookform/resolvers/zod').then((module) => module.zodResolver),
);

/** A form's schema, imported on first use (see above), with the resolver that applies it. */
export function deferSchema<Output>(load: SchemaLoader<Output>): SchemaLoader<Output> {
  return deferImport(async () => (await Promise.all([load(), loadZodResolver()]))[0]);
}

/**
 * react-hook-form's zodResolver over a schema that `load` brings; `prepare` turns what the inputs
 * hold into what the schema parses.
 */
export function deferredResolver<Values extends FieldValues, Output>(
  load: SchemaLoader<Output>,
  prepare: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const [schema, zodResolver] = await Promise.all([load(), loadZodResolver()]);
    const resolve = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
    return resolve(prepare(values) as Values, context, options);
  };
}
