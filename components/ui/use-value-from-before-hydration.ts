'use client';

import { type RefObject, useEffect, useRef } from 'react';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * What the PSU typed into or picked in a controlled field before the page's scripts ran: the browser shows it,
 * but React's state never heard of it, and the next render would draw the state over it (a picked account that
 * fills in nothing, a typed one that vanishes). Once hydrated, the field's value, when it is not the state's, is
 * handed to `apply` as if the PSU had just entered it.
 */
export function useValueFromBeforeHydration(
  ref: RefObject<Field | null>,
  state: string,
  apply: (value: string) => void,
): void {
  const latest = useRef(apply);
  latest.current = apply;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const value = ref.current?.value;
    if (value !== undefined && value !== state) latest.current(value);
  }, []);
}
