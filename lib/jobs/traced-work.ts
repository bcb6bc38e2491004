import type { PgBoss } from 'pg-boss';
import { inWorkContext } from '@/lib/observability/context';
import { inSpan } from '@/lib/observability/tracing';

type Handler = (jobs: unknown[]) => Promise<unknown>;

/**
 * Every job handler of `boss` run as a trace of its own (a root span `job <queue>`, with what it does
 * inside as children: its bank calls and database statements) and with its queue in the work context
 * (the audit trail's `job`). Done once, on the queue's `work`, so that no worker has to remember it.
 */
export function traceJobs(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  (boss as unknown as { work: (...args: unknown[]) => Promise<string> }).work = (...args: unknown[]) => {
    const name = String(args[0]);
    const handler = args[args.length - 1] as Handler;
    const traced: Handler = (jobs) =>
      inWorkContext({ job: name }, () =>
        inSpan(
          `job ${name}`,
          {
            'messaging.system': 'pg-boss',
            'messaging.destination.name': name,
            'messaging.batch.message_count': Array.isArray(jobs) ? jobs.length : 1,
          },
          () => handler(jobs),
          { root: true },
        ),
      );
    return work(...args.slice(0, -1), traced);
  };
}
