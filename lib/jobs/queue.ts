import type { PgBoss } from 'pg-boss';
import { processGlobal } from '@/lib/server/process-global';

/**
 * The job queue (pg-boss) as the code that sends jobs sees it; the workers are started by
 * lib/jobs/index.ts. Per process, not per module copy: route handlers, server actions and the
 * worker registration are bundled apart (lib/server/process-global.ts).
 *
 * `starting`: the queue of this process while it starts and once it runs, with every worker
 * registered. `boss`: the queue once its queues exist, set during the start so that the workers'
 * own sweeps can send.
 */
const state = processGlobal<{ starting?: Promise<PgBoss>; boss?: PgBoss }>('jobs', () => ({}));

export function startingJobQueue(): Promise<PgBoss> | undefined {
  return state.starting;
}

export function setStartingJobQueue(starting: Promise<PgBoss> | undefined): void {
  state.starting = starting;
}

/** Set by the worker registration once the queues exist; `undefined` again when the queue stops. */
export function attachJobQueue(instance: PgBoss | undefined): void {
  state.boss = instance;
}

/** The running queue of this process, if any: without one, a job is not sent and a sweep finds its work later. */
export function attachedJobQueue(): PgBoss | undefined {
  return state.boss;
}
