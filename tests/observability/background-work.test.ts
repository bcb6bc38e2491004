import { describe, expect, it } from 'vitest';
import { backgroundSettled, inBackground } from '@/lib/server/background';

// Outside a request (a job, a script) work in the background begins on the event loop's next turn;
// within one, Next's `after` runs it once the response is sent (the browser specs go through that).
describe('work in the background, outside a request', () => {
  it('does not begin within the caller’s turn', async () => {
    const order: string[] = [];
    inBackground(async () => {
      order.push('work');
    });
    order.push('caller');
    await Promise.resolve();
    expect(order).toEqual(['caller']);
    await backgroundSettled();
    expect(order).toEqual(['caller', 'work']);
  });

  it('is waited for to its end, with the work it began in turn', async () => {
    let inner = false;
    inBackground(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      inBackground(async () => {
        inner = true;
      });
    });
    await backgroundSettled();
    expect(inner).toBe(true);
  });

  it('fails alone: the failure neither rejects the wait nor stops the work beside it', async () => {
    let beside = false;
    inBackground(async () => {
      throw new Error('refused');
    });
    inBackground(async () => {
      beside = true;
    });
    await expect(backgroundSettled()).resolves.toBeUndefined();
    expect(beside).toBe(true);
  });
});
