import type { Db as JobDatabase } from 'pg-boss';
import { processGlobal } from '@/lib/server/process-global';

/**
 * The requests the app's server (scripts/app-server.mjs) is answering, counted per process on the same
 * global: `idle` is woken each time the count falls to none.
 */
export interface RequestsInFlight {
  count: number;
  idle: Set<() => void>;
}

export function requestsInFlight(): RequestsInFlight {
  return processGlobal<RequestsInFlight>('requests-in-flight', () => ({ count: 0, idle: new Set() }));
}

/** Resolves at once when no request is being answered, else when the last one is, or after `atMostMs`. */
export function betweenRequests(atMostMs: number): Promise<void> {
  const requests = requestsInFlight();
  if (requests.count === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      requests.idle.delete(done);
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    requests.idle.add(done);
  });
}

// A worker's look for its next jobs (pg-boss's fetchNextJob): the one statement of the queue that no request makes.
const WORKER_FETCH = /^\s*WITH\s+next\s+AS\s*\(/;

/**
 * pg-boss's database with its workers' looks for work made between requests, never beside one, waiting at
 * most `atMostMs` under a steady stream of them. For the embedded database, whose statements run one at a
 * time on the thread that answers the PSU: a look (3 ms on PGlite; about twenty a second over the app's
 * queues, four times BANK_JOB_CONCURRENCY of them by the workers of status checks and resends, which look every
 * half second each) and the job it finds then run in a gap between requests. A job sent by a request is sent at once.
 */
export function fetchingBetweenRequests(db: JobDatabase, atMostMs: number): JobDatabase {
  return {
    ...db,
    executeSql: async (text, values) => {
      if (WORKER_FETCH.test(text)) await betweenRequests(atMostMs);
      return db.executeSql(text, values);
    },
  };
}
