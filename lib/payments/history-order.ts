import type { PaymentService } from '@/lib/bank/payments';
import type { NewAuthorisation } from '@/lib/db/payment-types';
import type { PaymentEvent } from '@/lib/db/schema';
import { standingOrderActiveStatuses } from './status';

/** Statuses that say the payment still waits: for the PSU's authorisation, or for the bank to start on it. */
const WAITING = new Set(['RCVD', 'PDNG']);

/** The PSU's authorisation ended: confirmed (`finalised`) or declined or failed (`failed`). */
const ENDED_AUTHORISATION = new Set(['finalised', 'failed']);

type Told = Pick<PaymentEvent, 'transactionStatus' | 'scaStatus' | 'source'> &
  Partial<Pick<PaymentEvent, 'detail'>>;

/** The detail of an authorisation's first scaStatus event, where that authorisation is a new one of the payment. */
export const newAuthorisationDetail = (kind: NewAuthorisation) => ({ newAuthorisation: kind });

/** Whether an scaStatus event is the first of a new authorisation of the payment, and whose; null for any other. */
export function newAuthorisationOf(event: Partial<Pick<PaymentEvent, 'detail'>>): NewAuthorisation | null {
  const kind = event.detail?.newAuthorisation;
  return kind === 'again' || kind === 'signer' ? kind : null;
}

/**
 * A cancellation the PSU is to confirm at the bank (a DELETE answered with a cancellation authorisation) on the
 * timeline: `asked`, the event of the request itself (with the address of its authorisation's scaStatus, where the
 * bank gave one); `confirmation`, an scaStatus read at that authorisation, a step of the cancellation's confirmation
 * and not of the payment's.
 */
export type CancellationEvent = 'asked' | 'confirmation';

/**
 * The detail of the event of a cancellation asked for, with where its authorisation's scaStatus is read, and
 * whether it is the first step of a change of the standing order (`forChange`), not a stop of it.
 */
export const cancellationAskedDetail = (scaStatusUrl: string | null, forChange: boolean) => ({
  cancellation: 'asked',
  ...(scaStatusUrl ? { scaStatusUrl } : {}),
  ...(forChange ? { forChange: true } : {}),
});

/** The detail of an scaStatus event read at a cancellation's authorisation. */
export const cancellationStepDetail = { cancellation: 'confirmation' } as const;

/** Whether an event tells a cancellation asked for, or a step of its confirmation; null for any other. */
export function cancellationOf(event: Partial<Pick<PaymentEvent, 'detail'>>): CancellationEvent | null {
  const kind = event.detail?.cancellation;
  return kind === 'asked' || kind === 'confirmation' ? kind : null;
}

/** Whether an event tells a cancellation asked for to change the standing order (`cancellationAskedDetail`). */
export const cancellationForChange = (event: Partial<Pick<PaymentEvent, 'detail'>>): boolean =>
  cancellationOf(event) === 'asked' && event.detail?.forChange === true;

/** What the bank told on its own (a notification, a webhook event, our poll) of a payment it has started on. */
function toldByTheBankAfterAuthorisation(event: Told): boolean {
  return (
    ['notification', 'webhook', 'poll'].includes(event.source) &&
    event.transactionStatus !== null &&
    !WAITING.has(event.transactionStatus)
  );
}

/**
 * A payment's history in the order things happened, where we learnt them in another. The PSU's authorisation
 * is learnt when they come back from the bank (`redirect`) or confirm on our page; the bank's notification of
 * what it then did (accepted, paid, rejected) often arrives first. Each ended authorisation (confirmed, or declined) is told before
 * the bank's own reports recorded just before it, so that "You confirmed the payment" never follows the bank's
 * answer to that confirmation. Every event is kept, with the time we learnt it; the order is otherwise the
 * order of recording.
 */
export function inTellingOrder<T extends Told>(events: readonly T[]): T[] {
  const told: T[] = [];
  for (const event of events) {
    let at = told.length;
    if (ENDED_AUTHORISATION.has(event.scaStatus ?? '') && event.source !== 'initiation') {
      while (at > 0 && toldByTheBankAfterAuthorisation(told[at - 1] as T)) at--;
    }
    told.splice(at, 0, event);
  }
  return told;
}

/**
 * When each event of a history in telling order is told to have happened (`toldAt`): when we learnt it, unless an
 * event told after it was learnt earlier. An authorisation told before the bank's answer to it (`inTellingOrder`)
 * had ended by the time that answer came: approved in the bank's app and learnt by our poll a second after the
 * bank's notification of ACTC, it is told at the notification's time, so that the history's times never go back.
 * The time recorded (`occurredAt`) stays as it was.
 */
export function atTellingTimes<T extends Told & Pick<PaymentEvent, 'occurredAt'>>(
  told: readonly T[],
): (T & { toldAt: Date })[] {
  // From the last event back: each is told no later than the one told after it.
  let next: Date | null = null;
  return told
    .toReversed()
    .map((event) => {
      const toldAt: Date = next && next < event.occurredAt ? next : event.occurredAt;
      next = toldAt;
      return { ...event, toldAt };
    })
    .reverse();
}

/**
 * A status as the PSU reads it in a history: a standing order's statuses that its badge says alike ("Active",
 * accepted or one of its executions reported) are one, so that the bank's ACTC and the ACSP read on the PSU's
 * return are not told as "Active" twice; any other status is its own.
 */
function statusInWords(status: string, service: PaymentService | undefined): string {
  return service === 'periodic-payments' && standingOrderActiveStatuses.has(status)
    ? 'standing:active'
    : status;
}

/**
 * The history as the PSU reads it: a report that tells nothing new (the status in the words it was told in just
 * before, and the authorisation's step as told just before, such as the bank's notice of the status the PSU saw on
 * their return) is left out, so that "Active" is not told twice in a row. The first step of a new authorisation
 * is new, whatever the last one's was. A cancellation asked for is always told, and its confirmation's steps are
 * compared with its own only: "finalised" after the payment's "finalised" is the cancellation confirmed. Every
 * report stays recorded (the operators' audit shows them all).
 */
export function toldOnce<T extends Told>(told: readonly T[], service?: PaymentService): T[] {
  let status: string | null = null;
  const sca: Record<'payment' | 'cancellation', string | null> = { payment: null, cancellation: null };
  return told.filter((event, index) => {
    const words = event.transactionStatus === null ? null : statusInWords(event.transactionStatus, service);
    const tellsStatus = words !== null && words !== status;
    const cancellation = cancellationOf(event);
    // A new cancellation's confirmation starts afresh.
    if (cancellation === 'asked') sca.cancellation = null;
    const of = cancellation ? 'cancellation' : 'payment';
    const tellsSca =
      event.scaStatus !== null && (event.scaStatus !== sca[of] || newAuthorisationOf(event) !== null);
    status = words ?? status;
    sca[of] = event.scaStatus ?? sca[of];
    return index === 0 || cancellation === 'asked' || tellsStatus || tellsSca;
  });
}
