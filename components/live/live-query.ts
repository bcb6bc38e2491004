/** What a live part of a page reads again, and how often (components/live/live.tsx). */
export interface LiveQuery<T> {
  key: readonly unknown[];
  read: () => Promise<T>;
  /** Milliseconds until the next read of `data`, the reading after `reads` reads; false: none. */
  every: (data: T, reads: number) => number | false;
}
