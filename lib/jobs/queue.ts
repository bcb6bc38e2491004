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

/** A job's states while it is still to run or running: waiting, due again after a failure, under way. */
const inHand = new Set(['created', 'retry', 'active']);

/**
 * Whether a job of the queue with this singleton key is waiting, retrying or under way, in any
 * instance. A sweep looks before it sends: a stately queue refuses a second waiting job, but not one
 * beside a job under way. A job under way in an instance that has died is pg-boss's to give to
 * another, once its `expireInSeconds` have passed. Only a job that falls due in the moment between
 * the look and the send can still have a twin.
 */
export async function jobInHand(boss: PgBoss, queue: string, singletonKey: string): Promise<boolean> {
  const jobs = await boss.findJobs(queue, { key: singletonKey });
  return jobs.some(({ state }) => inHand.has(state));
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
