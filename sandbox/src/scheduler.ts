import { DueTimer } from './due-timer.js';

/**
 * The bank's background work on the sandbox clock: it runs the passes it was given in order (payment steps
 * first, then webhook deliveries) when `nextDueAt` says work is due, looking when due-timer.ts says, and at once
 * on `tick()`. Passes never overlap.
 */
export class Scheduler {
  private running: Promise<unknown> = Promise.resolve();
  private readonly timer: DueTimer;

  constructor(
    private readonly passes: ReadonlyArray<() => Promise<unknown>>,
    intervalMs: number,
    private readonly onError: (error: unknown) => void,
    /** When a pass next finds anything to do (real time, epoch ms; null when nothing waits): one cheap read. */
    private readonly nextDueAt: () => Promise<number | null>,
    /** Told after each round (the rounds change payments, whose notifications then fall due). */
    private readonly afterRound: () => void,
  ) {
    this.timer = new DueTimer(() => this.roundWhenDue(), { minGapMs: intervalMs }, onError);
  }

  start() {
    this.timer.start();
  }

  /** Something may have added work: look now (due-timer.ts). */
  wake() {
    this.timer.wake();
  }

  /** Runs one round of every pass, after the round under way. */
  tick(): Promise<unknown> {
    this.running = this.running
      .then(async () => {
        for (const pass of this.passes) await pass();
      })
      .catch(this.onError)
      .finally(this.afterRound);
    return this.running;
  }

  /** The timer's look: a round when work is due (after the one under way), and when the next is due. */
  private async roundWhenDue(): Promise<number | null> {
    await this.running;
    const dueAt = await this.nextDueAt();
    if (dueAt === null || dueAt > Date.now()) return dueAt;
    await this.tick();
    return this.nextDueAt();
  }

  async stop() {
    await this.timer.stop();
    await this.running;
  }
}
