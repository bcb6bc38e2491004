// The browser's clock for bench/browser-paths.ts: when the PSU pressed, when the next page was
// drawn, what the servers said they spent (Server-Timing), and how long an interaction took to
// answer (Event Timing, as INP counts it).
import type { BrowserContext, Page, Response } from 'playwright';
import { serverTimings } from '@/tests/support/server-timing';

/**
 * Every document of the context reports its clicks (epoch ms, the event's own time stamp). Also
 * defines the `__name` helper tsx adds to the functions this file hands to the page.
 */
export async function recordClicks(context: BrowserContext): Promise<{ last(): number }> {
  let last = Number.NaN;
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.exposeBinding('__benchClick', (_source, at: number) => {
    last = at;
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        (window as unknown as { __benchClick(at: number): void }).__benchClick(
          performance.timeOrigin + event.timeStamp,
        );
      },
      true,
    );
  });
  return { last: () => last };
}

/** The Server-Timing entries of every response the page received while `work` ran, redirects included. */
export async function serverTimingsDuring(
  page: Page,
  work: () => Promise<void>,
): Promise<{ sum(name: string, origin?: string): number; count(name: string): number }> {
  const entries: { origin: string; name: string; dur: number }[] = [];
  const read = async (response: Response) => {
    const header = (await response.headerValue('server-timing').catch(() => null)) ?? '';
    const origin = new URL(response.url()).origin;
    for (const [name, { dur }] of Object.entries(serverTimings(header)))
      if (name && !Number.isNaN(dur)) entries.push({ origin, name, dur });
  };
  const pending: Promise<void>[] = [];
  const listener = (response: Response) => {
    pending.push(read(response));
  };
  page.on('response', listener);
  try {
    await work();
  } finally {
    page.off('response', listener);
  }
  await Promise.all(pending);
  return {
    sum: (name, origin) =>
      entries
        .filter((entry) => entry.name === name && (!origin || entry.origin === origin))
        .reduce((total, entry) => total + entry.dur, 0),
    count: (name) => entries.filter((entry) => entry.name === name).length,
  };
}

export interface Drawn {
  /** The document's navigation start (epoch ms). */
  timeOrigin: number;
  /** When its largest contentful paint so far was drawn (epoch ms); its first paint where none. */
  drawnAt: number;
  /** From the document's Navigation Timing: response start and the app's own Server-Timing. */
  responseStart: number;
  serverTiming: Record<string, number>;
}

/** When the current document was drawn, after `selector` shows. */
export async function drawn(page: Page, selector: string): Promise<Drawn> {
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
  return page.evaluate(async () => {
    const paint = await new Promise<number>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) {
          observer.disconnect();
          resolve(last.startTime);
        }
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      // No LCP candidate (a page of text the browser did not count): its first contentful paint.
      setTimeout(() => {
        observer.disconnect();
        resolve(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now());
      }, 1000);
    });
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    return {
      timeOrigin: performance.timeOrigin,
      drawnAt: performance.timeOrigin + paint,
      responseStart: navigation?.responseStart ?? Number.NaN,
      serverTiming: Object.fromEntries(
        (navigation?.serverTiming ?? []).map((entry) => [entry.name, entry.duration]),
      ),
    };
  });
}

/**
 * The same document after a client-side navigation: the first frame after `selector` appears.
 * Call before the click; await the answer after it.
 */
export async function watchSoftNavigation(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const global = window as unknown as { __benchSoftDrawn?: Promise<number> };
    global.__benchSoftDrawn = new Promise<number>((resolve) => {
      const seen = () => {
        if (!document.querySelector(wanted)) return false;
        requestAnimationFrame(() => setTimeout(() => resolve(performance.timeOrigin + performance.now())));
        return true;
      };
      const observer = new MutationObserver(() => seen() && observer.disconnect());
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    });
  }, selector);
  return () =>
    page.evaluate(() => (window as unknown as { __benchSoftDrawn: Promise<number> }).__benchSoftDrawn);
}

/** Starts collecting Event Timing entries of interactions (those of 16 ms and more; the browser's floor). */
export async function observeInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const global = window as unknown as { __benchInteractions: Map<number, number> };
    global.__benchInteractions = new Map();
    new PerformanceObserver((list) => {
      // interactionId: Event Timing level 2, not yet in TypeScript's DOM types.
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (!entry.interactionId) continue;
        const known = global.__benchInteractions.get(entry.interactionId) ?? 0;
        global.__benchInteractions.set(entry.interactionId, Math.max(known, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

/**
 * The longest interaction since the last call (ms), as INP counts one: input delay, handlers and the
 * next frame drawn. 16 when none reached the browser's 16 ms floor. Waits two frames and a moment
 * for the entries of the last interaction to arrive.
 */
export async function longestInteraction(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const global = window as unknown as { __benchInteractions: Map<number, number> };
    const longest = Math.max(16, ...global.__benchInteractions.values());
    global.__benchInteractions.clear();
    return longest;
  });
}
