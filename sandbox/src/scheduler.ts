/**
 * The bank's background work on the sandbox clock: every `intervalMs`, when `due` says there is work and no
 * round is under way or waiting, and at once on `tick()`, it runs the passes it was given in order (payment
 * steps first, then webhook deliveries). Passes never overlap.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /** Rounds asked for and not yet ended. */
  private rounds = 0;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly passes: ReadonlyArray<() => Promise<unknown>>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
    /** Whether a pass would find anything to do: one cheap read instead of every pass's work. */
    private readonly due: () => Promise<boolean>,
  ) {}

  start() {
    this.timer = setInterval(() => this.roundWhenDue(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs one round of every pass, after the round under way. */
  tick(): Promise<unknown> {
    this.rounds++;
    this.running = this.running
      .then(async () => {
        for (const pass of this.passes) await pass();
      })
      .catch(this.onError)
      .finally(() => {
        this.rounds--;
      });
    return this.running;
  }

  /** The timer's round: none while one is under way or waiting (it covers this interval), none when idle. */
  private roundWhenDue() {
    if (this.rounds > 0 || this.checking) return;
    this.checking = this.due()
      .then((due) => (due ? this.tick() : undefined))
      .then(() => undefined, this.onError)
      .finally(() => {
        this.checking = undefined;
      });
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    await this.running;
  }
}
