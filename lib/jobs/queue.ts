import type { PgBoss, SendOptions } from 'pg-boss';
import { logger } from '@/lib/log';
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

/**
 * Sends a job on the running queue of this process. False when there is none, or when the send failed
 * (logged with `about`): the work stays recorded in its table, and a sweep of the workers finds it.
 */
export async function sendJob(
  queue: string,
  data: object,
  options: SendOptions,
  about: Record<string, unknown>,
): Promise<boolean> {
  const boss = state.boss;
  if (!boss) return false;
  try {
    await boss.send(queue, data, options);
    return true;
  } catch (error) {
    logger.warn({ queue, ...about, err: error }, 'could not send a job');
    return false;
  }
}
