import type { PgBoss, SendOptions } from 'pg-boss';
import { logger } from '@/lib/log';
import { processGlobal } from '@/lib/server/process-global';

/**
 * The job queue (pg-boss) as the code that sends jobs sees it; the workers are started by
 * lib/jobs/index.ts. Per process, not per module copy: route handlers, server actions and the
 * worker registration are bundled apart (lib/server/process-global.ts).
 *
 * `starting`: the queue of this process while it starts and once it runs, with its workers where
 * this process takes jobs. `boss`: the queue once its queues exist, set during the start so that the
 * workers' own sweeps can send.
 */
const state = processGlobal<{ starting?: Promise<PgBoss>; boss?: PgBoss }>('jobs', () => ({}));

export function startingJobQueue(): Promise<PgBoss> | undefined {
  return state.starting;
}

export function setStartingJobQueue(starting: Promise<PgBoss> | undefined): void {
  state.starting = starting;
}

/** Set by startJobs (lib/jobs/index.ts) once the queues exist, before any worker starts. */
export function attachJobQueue(instance: PgBoss | undefined): void {
  state.boss = instance;
}

/** The running queue of this process, if any: without one, a job is not sent and a sweep finds its work later. */
export function attachedJobQueue(): PgBoss | undefined {
  return state.boss;
}

/** A queue of the job queue with its options, made by every process that starts the queue (lib/jobs/index.ts). */
export type JobQueueDeclaration = readonly [name: string, options?: Parameters<PgBoss['createQueue']>[1]];

/** The database schema of the job queue's tables. */
export const jobSchema = 'pgboss';

/**
 * The singleton keys of a queue's jobs that are waiting, retrying or under way, in any instance. A
 * sweep skips these before it sends: a stately queue refuses a second waiting job, but not one beside
 * a job under way. A job under way in an instance that has died is pg-boss's to give to another once
 * its `expireInSeconds` have passed. One read of pg-boss's job table serves a whole sweep; `findJobs`
 * would read every job of the queue, done ones too, once per key (71 ms a look beside 50,000 jobs on PGlite).
 */
export async function keysInHand(boss: PgBoss, queue: string): Promise<Set<string>> {
  const { rows } = await boss
    .getDb()
    .executeSql(
      `select singleton_key from ${jobSchema}.job where name = $1 and singleton_key is not null and state in ('created', 'retry', 'active')`,
      [queue],
    );
  return new Set(rows.map((row: { singleton_key: string }) => row.singleton_key));
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
