import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DueTimer } from '../src/due-timer.js';

/** A worker's looks, on a fake clock: when each happened, and what the next one is told to be. */
function worker(answers: (now: number) => number | null, options = { minGapMs: 250, idleMs: 5_000 }) {
  const looks: number[] = [];
  const errors: unknown[] = [];
  const timer = new DueTimer(
    async () => {
      looks.push(Date.now());
      return answers(Date.now());
    },
    options,
    (error) => errors.push(error),
  );
  return { timer, looks, errors };
}

describe('DueTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks at once, then when the work falls due, not every interval', async () => {
    const due = 1_000_000 + 3_000;
    const { timer, looks } = worker((now) => (now < due ? due : null));
    timer.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toEqual([1_000_000]);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(looks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toEqual([1_000_000, due]);
    await timer.stop();
  });

  it('with nothing waiting, looks once every idleMs', async () => {
    const { timer, looks } = worker(() => null);
    timer.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(looks.map((at) => at - 1_000_000)).toEqual([0, 5_000, 10_000, 15_000, 20_000]);
    await timer.stop();
  });

  it('looks at once when woken, but never sooner than minGapMs after the last look', async () => {
    const { timer, looks } = worker(() => null);
    timer.start();
    await vi.advanceTimersByTimeAsync(1_000);
    timer.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks.map((at) => at - 1_000_000)).toEqual([0, 1_000]);
    timer.wake();
    timer.wake();
    await vi.advanceTimersByTimeAsync(249);
    expect(looks).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks.map((at) => at - 1_000_000)).toEqual([0, 1_000, 1_250]);
    await timer.stop();
  });

  it('work due at once but not taken is looked at every minGapMs, not in a loop', async () => {
    const { timer, looks } = worker((now) => now - 1);
    timer.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(looks.map((at) => at - 1_000_000)).toEqual([0, 250, 500, 750, 1_000]);
    await timer.stop();
  });

  it('a wake during a look brings another look after it', async () => {
    let release: (() => void) | undefined;
    const looks: number[] = [];
    const timer = new DueTimer(
      async () => {
        looks.push(Date.now());
        if (looks.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return null;
      },
      { minGapMs: 250, idleMs: 5_000 },
      () => {},
    );
    timer.start();
    await vi.advanceTimersByTimeAsync(100);
    timer.wake();
    release?.();
    await vi.advanceTimersByTimeAsync(250);
    expect(looks.map((at) => at - 1_000_000)).toEqual([0, 250]);
    await timer.stop();
  });

  it('a look that fails is reported, and the timer goes on looking', async () => {
    let calls = 0;
    const { timer, errors, looks } = worker(() => {
      calls += 1;
      if (calls === 1) throw new Error('database closed');
      return null;
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(errors).toHaveLength(1);
    expect(looks).toHaveLength(2);
    await timer.stop();
  });

  it('looks no more once stopped', async () => {
    const { timer, looks } = worker(() => null);
    timer.start();
    await vi.advanceTimersByTimeAsync(0);
    await timer.stop();
    timer.wake();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(looks).toHaveLength(1);
  });
});
