import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False in the server's HTML and until the page's scripts have hydrated it; true from then on. A form whose
 * sending is done by its scripts holds its button until then: the browser would send the form itself, by GET,
 * with what was typed (a one-time code, a password, a signing secret) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
