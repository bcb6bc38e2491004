import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodMiniType } from 'zod/mini';

// A form's schema is loaded after the page (zod, the schemas and what they check against are a
// good part of a form page's JavaScript, and nothing needs them before the first validation):
// once the page has loaded and the browser is idle, or at the first validation, whichever comes
// first. Validation itself is unchanged: react-hook-form waits for the resolver, so nothing is sent
// before the schema has checked it.

export type SchemaLoader<Output> = () => Promise<ZodMiniType<Output>>;

/** `load` at most once at a time; a load that failed (the network) is tried again next time. */
export function deferImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** A form's schema, imported on first use (see above). */
export const deferSchema: <Output>(load: SchemaLoader<Output>) => SchemaLoader<Output> = deferImport;

/**
 * react-hook-form's zodResolver over a schema that `load` brings; `prepare` turns what the inputs
 * hold into what the schema parses.
 */
export function deferredResolver<Values extends FieldValues, Output>(
  load: SchemaLoader<Output>,
  prepare: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const resolve = zodResolver((await load()) as never) as unknown as Resolver<Values, unknown, Output>;
    return resolve(prepare(values) as Values, context, options);
  };
}

/** Starts `load` once the page has loaded and the browser is idle. */
export function usePreload(load: () => Promise<unknown>) {
  useEffect(() => {
    let idle: number | undefined;
    const start = () => {
      const run = () => void load().catch(() => {});
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : window.setTimeout(run, 1);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load]);
}
