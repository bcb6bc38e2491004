/**
 * The bank's background work on the sandbox clock: every `intervalMs`, and at once on `tick()`, it runs the
 * passes it was given in order (payment steps first, then webhook deliveries). Passes never overlap.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly passes: ReadonlyArray<() => Promise<unknown>>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start() {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs one round of every pass, after the round under way. */
  tick(): Promise<unknown> {
    this.running = this.running
      .then(async () => {
        for (const pass of this.passes) await pass();
      })
      .catch(this.onError);
    return this.running;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
