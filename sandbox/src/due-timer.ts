/** How long an idle worker goes without a look (`idleMs`), unless told otherwise. */
export const IDLE_LOOK_MS = 5_000;

/**
 * When a background worker of a bank next looks for work. A look does the work that is due and answers when the
 * next falls due (real time, epoch ms; null when nothing waits). The next look is then:
 *
 * - at that time;
 * - at once on `wake()`, called when something may have added work: a request the bank answered, a pass of the
 *   bank's other worker;
 * - after `idleMs` at the latest, for work that came another way (another process on the same PostgreSQL
 *   database);
 * - never sooner than `minGapMs` after the last, so that work the pass cannot take yet (due, but behind another
 *   of its payment's) is looked at on that rhythm, not in a loop.
 *
 * So an idle bank reads nothing between its due times but one row every `idleMs`, where a timer every `minGapMs`
 * read one each time; a busy one looks as often as before, and work a request adds is seen when the request ends.
 */
export class DueTimer {
  private timer: NodeJS.Timeout | undefined;
  /** When the planned look happens (epoch ms); infinite when none is planned. */
  private plannedAt = Number.POSITIVE_INFINITY;
  private lastLookAt = Number.NEGATIVE_INFINITY;
  private looking: Promise<void> | undefined;
  private wokenWhileLooking = false;
  private stopped = false;

  constructor(
    private readonly look: () => Promise<number | null>,
    private readonly options: { minGapMs: number; idleMs?: number },
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The first look, at once. */
  start(): void {
    this.wake();
  }

  /** Looks again now, or as soon as the last look and `minGapMs` allow. */
  wake(): void {
    if (this.stopped) return;
    if (this.looking) this.wokenWhileLooking = true;
    else this.planAt(Date.now());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.looking;
  }

  private planAt(wanted: number): void {
    const at = Math.max(wanted, this.lastLookAt + this.options.minGapMs);
    if (at >= this.plannedAt) return;
    clearTimeout(this.timer);
    this.plannedAt = at;
    this.timer = setTimeout(() => this.lookNow(), Math.max(0, at - Date.now()));
    this.timer.unref();
  }

  private lookNow(): void {
    this.timer = undefined;
    this.plannedAt = Number.POSITIVE_INFINITY;
    this.lastLookAt = Date.now();
    this.wokenWhileLooking = false;
    this.looking = this.look()
      .catch((error: unknown) => {
        this.onError(error);
        return null;
      })
      .then((nextAt) => {
        this.looking = undefined;
        if (this.stopped) return;
        const now = Date.now();
        this.planAt(
          this.wokenWhileLooking
            ? now
            : Math.min(nextAt ?? Number.POSITIVE_INFINITY, now + (this.options.idleMs ?? IDLE_LOOK_MS)),
        );
      });
  }
}
