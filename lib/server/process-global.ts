/**
 * State that must exist once per process. Next.js bundles server code into several chunks (pages,
 * route handlers, instrumentation), each with its own copy of a module's top-level variables; a
 * database handle or a job queue kept there would be opened twice. These live on `globalThis`.
 */
export function processGlobal<T extends object>(name: string, initial: () => T): T {
  const key = Symbol.for(`greidsla.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  store[key] ??= initial();
  return store[key];
}
