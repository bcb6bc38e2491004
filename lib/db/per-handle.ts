import type { Db } from './types';

/**
 * `build`'s result once per database handle, kept while the handle lives: a statement written or prepared once,
 * not on every call. A transaction is a handle of its own, and gets its own.
 */
export function perHandle<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
