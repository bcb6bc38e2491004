import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StatusSource } from '@/lib/db/payment-types';
import { atTellingTimes, inTellingOrder, toldOnce } from '@/lib/payments/history-order';
import { standingOrderActiveStatuses, transactionStatuses } from '@/lib/payments/status';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

// The status history of a payment page: the PSU's confirmation at the bank before what the bank then did,
// though the bank's notification of it reached us before the PSU came back.

const event = (
  id: number,
  source: StatusSource,
  transactionStatus: string | null,
  scaStatus: string | null = null,
) => ({
  id,
  source,
  transactionStatus,
  scaStatus,
});

/** Every source a history's event may come from. */
const sources: StatusSource[] = ['initiation', 'confirmation', 'redirect', 'poll', 'notification', 'webhook'];

describe('a payment history told in the order things happened', () => {
  it('puts the confirmation on return from the bank before the rejection the bank notified first', () => {
    const recorded = [
      event(1, 'initiation', 'RCVD'),
      event(2, 'notification', 'RJCT'),
      event(3, 'redirect', null, 'finalised'),
    ];
    expect(inTellingOrder(recorded).map((e) => e.id)).toEqual([1, 3, 2]);
  });

  it('and before every report of the bank since the PSU left to confirm, but not before the wait for it', () => {
    const recorded = [
      event(1, 'initiation', 'RCVD'),
      event(2, 'poll', 'RCVD'),
      event(3, 'notification', 'ACTC'),
      event(4, 'webhook', 'ACSP'),
      event(5, 'redirect', 'ACSP', 'finalised'),
      event(6, 'notification', 'ACSC'),
    ];
    expect(inTellingOrder(recorded).map((e) => e.id)).toEqual([1, 2, 5, 3, 4, 6]);
  });

  it('a decline too; a confirmation learnt before the bank reported anything stays where it is', () => {
    expect(
      inTellingOrder([
        event(1, 'initiation', 'RCVD'),
        event(2, 'notification', 'RJCT'),
        event(3, 'redirect', 'RJCT', 'failed'),
      ]).map((e) => e.id),
    ).toEqual([1, 3, 2]);
    const inOrder = [
      event(1, 'initiation', 'RCVD'),
      event(2, 'redirect', null, 'finalised'),
      event(3, 'notification', 'ACSC'),
    ];
    expect(inTellingOrder(inOrder)).toEqual(inOrder);
  });

  it('keeps every event once, and the order of those that are not an ended authorisation', () => {
    const arbitraryEvent = fc.record({
      source: fc.constantFrom(...sources),
      transactionStatus: fc.constantFrom(null, 'RCVD', 'PDNG', 'ACTC', 'ACSP', 'ACSC', 'RJCT', 'CANC'),
      scaStatus: fc.constantFrom(null, 'received', 'finalised', 'failed'),
    });
    fc.assert(
      fc.property(fc.array(arbitraryEvent, { maxLength: 12 }), (drawn) => {
        const recorded = drawn.map((e, id) => ({ ...e, id }));
        const told = inTellingOrder(recorded);
        expect([...told].sort((a, b) => a.id - b.id)).toEqual(recorded);
        const others = (list: typeof recorded) =>
          list.filter(
            (e) => !['finalised', 'failed'].includes(e.scaStatus ?? '') || e.source === 'initiation',
          );
        expect(others(told)).toEqual(others(recorded));
      }),
    );
  });
});

describe('a payment history whose times never go back', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 11, 7, 5, 41, seconds));

  it('tells a confirmation in the bank\u2019s app, learnt a second after the bank\u2019s ACTC, at the time of that ACTC', () => {
    // Decoupled SCA: our poll reads the authorisation finalised at 05:41:35, a second after the bank's notification
    // of ACTC (05:41:34); the confirmation is told first, and had happened by 05:41:34.
    const recorded = [
      { ...event(1, 'initiation', 'RCVD'), occurredAt: at(3) },
      { ...event(2, 'poll', null, 'started'), occurredAt: at(5) },
      { ...event(3, 'notification', 'ACTC'), occurredAt: at(34) },
      { ...event(4, 'poll', null, 'finalised'), occurredAt: at(35) },
      { ...event(5, 'notification', 'ACSP'), occurredAt: at(35) },
      { ...event(6, 'notification', 'ACSC'), occurredAt: at(36) },
    ];
    const told = atTellingTimes(inTellingOrder(recorded));
    expect(told.map((e) => [e.id, e.toldAt.getUTCSeconds()])).toEqual([
      [1, 3],
      [2, 5],
      [4, 34],
      [3, 34],
      [5, 35],
      [6, 36],
    ]);
    // The time we learnt it stays recorded.
    expect(told.find((e) => e.id === 4)?.occurredAt).toEqual(at(35));
  });

  it('never goes back in time, and moves no event learnt in the order it is told', () => {
    const arbitraryEvent = fc.record({
      source: fc.constantFrom(...sources),
      transactionStatus: fc.constantFrom(null, 'RCVD', 'ACTC', 'ACSP', 'ACSC', 'RJCT'),
      scaStatus: fc.constantFrom(null, 'started', 'finalised', 'failed'),
      gap: fc.nat({ max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryEvent, { maxLength: 12 }), (drawn) => {
        let seconds = 0;
        const recorded = drawn.map(({ gap, ...e }, id) => {
          seconds += gap;
          return { ...e, id, occurredAt: at(seconds) };
        });
        const told = atTellingTimes(inTellingOrder(recorded));
        const times = told.map((e) => e.toldAt.getTime());
        expect(times).toEqual([...times].sort((a, b) => a - b));
        for (const [index, e] of told.entries()) {
          expect(e.toldAt.getTime()).toBeLessThanOrEqual(e.occurredAt.getTime());
          const learntLater = told.slice(index + 1).some((later) => later.occurredAt < e.occurredAt);
          if (!learntLater) expect(e.toldAt).toEqual(e.occurredAt);
        }
      }),
    );
  });
});

describe('a payment history that tells each status once', () => {
  it('leaves out a report of the status just told (the bank\u2019s notice of what the PSU saw on return)', () => {
    const told = [
      event(1, 'initiation', 'RCVD'),
      event(2, 'poll', 'RCVD'),
      event(3, 'redirect', 'ACTC', 'finalised'),
      event(4, 'notification', 'ACTC'),
      event(5, 'webhook', 'ACTC'),
      event(6, 'notification', 'ACSC'),
    ];
    expect(toldOnce(told).map((e) => e.id)).toEqual([1, 3, 6]);
  });

  it('keeps a status told again after another, and an authorisation that ended with the status unchanged', () => {
    const told = [
      event(1, 'initiation', 'RCVD'),
      event(2, 'redirect', 'RCVD', 'failed'),
      event(3, 'poll', 'ACSP'),
      event(4, 'poll', 'PDNG'),
      event(5, 'poll', 'ACSP'),
      event(6, 'poll', null, 'finalised'),
      event(7, 'poll', null, 'finalised'),
    ];
    expect(toldOnce(told).map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('tells a standing order \u201cActive\u201d once: the bank\u2019s ACTC and the ACSP read on the PSU\u2019s return read alike', () => {
    // As recorded for a standing order confirmed at the bank: the return gave the authorisation and ACSP, the bank's
    // notification ACTC in between. The badge of each says "Virk" / "Active".
    const told = inTellingOrder([
      event(1, 'initiation', 'RCVD'),
      event(2, 'notification', 'ACTC'),
      event(3, 'redirect', null, 'finalised'),
      event(4, 'redirect', 'ACSP'),
      event(5, 'poll', 'ACSC'),
      event(6, 'poll', 'ACWC'),
      event(7, 'notification', 'CANC'),
    ]);
    expect(toldOnce(told, 'periodic-payments').map((e) => e.id)).toEqual([1, 3, 2, 6, 7]);
    // A single payment's ACTC, ACSP and ACSC are each told: "Checked", "Being paid", "Paid".
    expect(toldOnce(told, 'payments').map((e) => e.id)).toEqual([1, 3, 2, 4, 5, 6, 7]);
    expect(toldOnce(told).map((e) => e.id)).toEqual([1, 3, 2, 4, 5, 6, 7]);
  });

  it('the statuses a standing order tells as one are those whose badge reads alike, in both languages', () => {
    for (const messages of [en, is]) {
      const standing = (status: string) =>
        (messages.status as Record<string, { standingLabel?: string; label: string }>)[status]
          ?.standingLabel ?? (messages.status as Record<string, { label: string }>)[status]?.label;
      const active = standing('ACTC');
      for (const status of transactionStatuses)
        expect([status, standing(status) === active]).toEqual([
          status,
          standingOrderActiveStatuses.has(status),
        ]);
    }
  });

  it('never leaves out a change: every status and authorisation step of the history is still told', () => {
    const sources: StatusSource[] = ['initiation', 'redirect', 'notification', 'webhook', 'poll'];
    const anEvent = fc.record({
      source: fc.constantFrom(...sources),
      transactionStatus: fc.constantFrom(null, 'RCVD', 'ACTC', 'ACSP', 'ACSC', 'RJCT'),
      scaStatus: fc.constantFrom(null, 'received', 'finalised', 'failed'),
    });
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 12 }), (drawn) => {
        const told = drawn.map((e, i) => ({ id: i + 1, ...e }));
        const kept = toldOnce(told);
        // What the PSU reads changes exactly where the full history does.
        const steps = (events: typeof told) => {
          const seen: string[] = [];
          let status: string | null = null;
          let sca: string | null = null;
          for (const e of events) {
            if (e.transactionStatus !== null && e.transactionStatus !== status) {
              status = e.transactionStatus;
              seen.push(`t:${status}`);
            }
            if (e.scaStatus !== null && e.scaStatus !== sca) {
              sca = e.scaStatus;
              seen.push(`s:${sca}`);
            }
          }
          return seen;
        };
        expect(steps(kept)).toEqual(steps(told));
        expect(kept[0]).toEqual(told[0]);
      }),
    );
  });
});

describe('a cancellation the PSU confirms at the bank, in the history', () => {
  const asked = { ...event(3, 'cancellation', null), detail: { cancellation: 'asked' } };
  const step = (id: number, scaStatus: string) => ({
    ...event(id, 'redirect', null, scaStatus),
    detail: { cancellation: 'confirmation' },
  });

  it('tells the cancellation confirmed though the payment’s own confirmation just before was finalised too', () => {
    const recorded = [
      event(1, 'initiation', 'RCVD', 'received'),
      event(2, 'redirect', null, 'finalised'),
      asked,
      step(4, 'finalised'),
      event(5, 'redirect', 'CANC'),
    ];
    expect(toldOnce(recorded).map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('tells each cancellation asked for, and each one’s confirmation apart from the last one’s', () => {
    const recorded = [
      event(1, 'initiation', 'ACTC', 'finalised'),
      asked,
      step(4, 'failed'),
      step(5, 'failed'),
      { ...asked, id: 6 },
      step(7, 'failed'),
    ];
    expect(toldOnce(recorded).map((e) => e.id)).toEqual([1, 3, 4, 6, 7]);
  });
});
