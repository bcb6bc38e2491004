import type { ResourceRead } from '@/lib/bank/resources';
import type { Db } from '@/lib/db';
import type { WebhookEvent } from '@/lib/db/schema';

/**
 * What an event type's handler (lib/webhooks/event-handlers.ts) is given and answers. An event is a
 * signal: a handler reads what its `self` link says now and applies that.
 */
export type EventOutcome = 'applied' | 'superseded' | 'ignored' | 'not_found' | 'failed';

/** An outcome to record on the event, or a transient failure (`retry`) that the event's job retries. */
export type Handled = { outcome: EventOutcome; detail?: Record<string, unknown> } | { retry: string };

/** How an event's `self` link is read: from the bank (lib/bank/resources.ts) unless a caller says otherwise. */
export type ResourceReader = (href: string) => Promise<ResourceRead>;

export type EventHandler = (db: Db, event: WebhookEvent, read: ResourceReader) => Promise<Handled>;

/** The resource behind the event's `self` link, or what a read that did not succeed makes of the event. */
export async function readSelfLink(
  event: WebhookEvent,
  read: ResourceReader,
): Promise<{ ok: true; status: number; body: unknown } | { ok: false; handled: Handled }> {
  if (!event.selfLink)
    return { ok: false, handled: { outcome: 'failed', detail: { reason: 'no_self_link' } } };
  const answer = await read(event.selfLink);
  if (answer.ok) return answer;
  switch (answer.kind) {
    // The bank's verify call sends a test delivery with the payload of a real event; its link may
    // lead nowhere, and that is not an error worth retrying.
    case 'gone':
      return { ok: false, handled: { outcome: 'not_found', detail: { httpStatus: answer.status } } };
    case 'refused':
      return { ok: false, handled: { outcome: 'failed', detail: { httpStatus: answer.status } } };
    case 'outside_business_interface':
      return {
        ok: false,
        handled: { outcome: 'failed', detail: { reason: 'self_link_outside_business_interface' } },
      };
    case 'unavailable':
      return {
        ok: false,
        handled: { retry: `bank unavailable${answer.status ? ` (${answer.status})` : ''}` },
      };
  }
}
