// What a form loads after its page, without a form library (the events page's forms, lib/forms/deferred-schema.ts
// for react-hook-form's): an import made once, started as soon as the user reaches the form.

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

/**
 * Handlers for a form's `onFocus` and `onPointerDown`: the first time the user reaches the form
 * (a field focused, a button pressed), `load` starts, well before a submit needs it.
 */
export function preloadOnInteraction(load: () => Promise<unknown>) {
  const start = () => void load().catch(() => {});
  return { onFocus: start, onPointerDown: start };
}
