import { after } from 'next/server';
import { logger } from '@/lib/log';
import { processGlobal } from './process-global';

const running = processGlobal('background-work', () => new Set<Promise<void>>());

function track(work: () => Promise<void>): Promise<void> {
  const started = work()
    .catch((error: unknown) => logger.error({ err: error }, 'background work failed'))
    .finally(() => running.delete(started));
  running.add(started);
  return started;
}

/**
 * Work that a PSU's answer does not wait for (a status check to schedule, audit rows to write): in a
 * request, it runs once the response has been sent (Next's `after`); elsewhere (a job, a script), on
 * the event loop's next turn. On the embedded database statements run one at a time, so work begun
 * during a request would hold up the request's own statements. A failure is logged: nothing waits
 * for the work to tell it to.
 */
export function inBackground(work: () => Promise<void>): void {
  try {
    after(() => track(work));
    return;
  } catch {
    // `after` refuses outside a request's scope: nothing is being answered, so the next turn will do.
  }
  void track(async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await work();
  });
}

/** Waits until the background work begun so far has ended (at shutdown, and for benchmarks and tests). */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
