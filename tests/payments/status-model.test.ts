import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentLive } from '@/components/payments/payment-query';
import type { PaymentService } from '@/lib/bank/payments';
import {
  isFinalStatus,
  isSettledForPsu,
  liveRefreshMs,
  mayReplace,
  nextCheckSeconds,
  type StatusClass,
  statusClass,
  transactionStatuses,
} from '@/lib/payments/status';
import type { PaymentView } from '@/lib/payments/view';

/**
 * The status model of lib/payments/status.ts against payment spec part 3 and the Berlin Group status
 * model (BG IG 4.14.1), class by class: what ends polling, what is settled for the PSU, how often the
 * bank is read, and how often the open page asks.
 */

const services: PaymentService[] = ['payments', 'bulk-payments', 'periodic-payments'];
const day = 24 * 3600;

/** Every reading of a class's schedule, in seconds from the first: the whole of it, or its first `limit`. */
function schedule(cls: StatusClass, limit = 400): number[] {
  const delays: number[] = [];
  for (let check = 0; check < limit; check++) {
    const seconds = nextCheckSeconds(cls, check);
    if (seconds === undefined) break;
    delays.push(seconds);
  }
  return delays;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('status classes (payment spec part 3; BG IG 4.14.1)', () => {
  it.each([
    ['RCVD', 'awaiting-psu', 'awaiting-psu'],
    ['PATC', 'awaiting-signer', 'awaiting-signer'],
    ['ACTC', 'in-progress', 'standing'],
    ['ACCP', 'in-progress', 'standing'],
    ['ACFC', 'in-progress', 'standing'],
    ['ACSP', 'in-progress', 'standing'],
    ['ACWC', 'in-progress', 'standing'],
    ['PDNG', 'in-progress', 'in-progress'],
    // A standing order's settlement reports one execution (BG IG 4.14.1: "after some period"): it goes on.
    ['ACSC', 'debited', 'standing'],
    ['ACCC', 'completed', 'standing'],
    ['ACWP', 'not-posted', 'standing'],
    ['PART', 'partial', 'partial'],
    ['RJCT', 'rejected', 'rejected'],
    ['CANC', 'cancelled', 'cancelled'],
  ] as const)('%s is %s, and %s for a standing order', (status, single, periodic) => {
    expect(statusClass(status, 'payments')).toBe(single);
    expect(statusClass(status, 'bulk-payments')).toBe(single);
    expect(statusClass(status, 'periodic-payments')).toBe(periodic);
  });

  it('covers every status of spec part 3; a code the spec does not list is read as still under way', () => {
    for (const status of transactionStatuses)
      for (const service of services) expect(statusClass(status, service)).toBeTruthy();
    expect(statusClass('XXXX', 'payments')).toBe('in-progress');
    expect(statusClass('toString', 'payments')).toBe('in-progress');
    expect(isFinalStatus('toString', 'payments')).toBe(false);
  });

  it('final as the bank means it: ACCC, ACWP, RJCT, CANC; not ACSC, after which ACCC may follow, nor PART (some accepted)', () => {
    for (const service of ['payments', 'bulk-payments'] as const) {
      expect(transactionStatuses.filter((status) => isFinalStatus(status, service)).sort()).toEqual(
        ['ACCC', 'ACWP', 'CANC', 'RJCT'].sort(),
      );
      expect(isFinalStatus('ACSC', service)).toBe(false);
      expect(isFinalStatus('PART', service)).toBe(false);
    }
  });

  it('a standing order past its last day ends with its execution settled (our bank reports ACSC then): no stop offered', () => {
    const ended = { service: 'periodic-payments' as const, body: { endDate: '2026-01-05T00:00:00Z' } };
    const running = { service: 'periodic-payments' as const, body: { endDate: '2099-01-05T00:00:00Z' } };
    expect(statusClass('ACSC', ended)).toBe('debited');
    expect(isSettledForPsu('ACSC', ended)).toBe(true);
    expect(isFinalStatus('ACCC', ended)).toBe(true);
    expect(mayReplace('ACCC', 'CANC', { subject: ended })).toBe(false);
    expect(statusClass('ACSC', running)).toBe('standing');
    expect(isSettledForPsu('ACSC', running)).toBe(false);
    expect(isFinalStatus('ACCC', running)).toBe(false);
  });

  it('a standing order ends only when rejected or cancelled: a paid execution (ACSC, ACCC) is not its end', () => {
    const ends = transactionStatuses.filter((status) => isFinalStatus(status, 'periodic-payments'));
    expect(ends.sort()).toEqual(['CANC', 'RJCT']);
    expect(
      transactionStatuses.filter((status) => isSettledForPsu(status, 'periodic-payments')).sort(),
    ).toEqual(['CANC', 'RJCT']);
    // Stopped after its first execution was reported paid: the stop is recorded.
    expect(mayReplace('ACCC', 'CANC', { subject: 'periodic-payments' })).toBe(true);
    expect(mayReplace('ACSC', 'CANC', { subject: 'periodic-payments' })).toBe(true);
    expect(mayReplace('CANC', 'ACSC', { subject: 'periodic-payments' })).toBe(false);
  });

  it('settled for the PSU: the final statuses and ACSC ("settlement on the debtor\u2019s account completed")', () => {
    expect(transactionStatuses.filter((status) => isSettledForPsu(status, 'payments')).sort()).toEqual(
      ['ACCC', 'ACSC', 'ACWP', 'CANC', 'PART', 'RJCT'].sort(),
    );
    expect(isSettledForPsu(null, 'payments')).toBe(false);
  });
});

describe('how often the bank is read, by class', () => {
  it.each(['awaiting-psu', 'awaiting-signer', 'in-progress'] as const)(
    '%s: quick while the PSU or the bank is busy, slowing to 15 minutes, for about three days',
    (cls) => {
      const delays = schedule(cls);
      expect(delays.slice(0, 3)).toEqual([2, 5, 10]);
      expect(Math.max(...delays)).toBe(900);
      expect(sum(delays) / day).toBeGreaterThan(2.5);
      expect(sum(delays) / day).toBeLessThan(3.5);
    },
  );

  it('ACSC: a minute first (ACCC of an instant payment), then ever more slowly, and no more after about two days', () => {
    const delays = schedule('debited');
    expect(delays[0]).toBe(60);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1] ?? 0);
    expect(sum(delays) / day).toBeGreaterThan(1.5);
    expect(sum(delays) / day).toBeLessThan(2.5);
  });

  it('a standing order accepted for execution: once a day, never every few seconds, for as long as it stands', () => {
    const delays = schedule('standing', 1000);
    expect(delays).toHaveLength(1000);
    expect(new Set(delays)).toEqual(new Set([day]));
  });

  it('PART: read on as after ACSC, for about two days', () => {
    expect(schedule('partial')).toEqual(schedule('debited'));
  });

  it.each(['completed', 'not-posted', 'rejected', 'cancelled'] as const)('%s: never read again', (cls) => {
    expect(schedule(cls)).toEqual([]);
  });
});

function view(transactionStatus: string, service: PaymentService): PaymentView {
  const cls = statusClass(transactionStatus, service);
  return {
    id: 'p',
    service,
    statusClass: cls,
    refreshEveryMs: liveRefreshMs(cls),
  } as PaymentView;
}

/** How long the live page waits before it reads this view again (TanStack Query's refetchInterval). */
function refetchInterval(data: PaymentView): number | false {
  return paymentLive('p').every(data, 1);
}

describe('the open payment page (its live query)', () => {
  it.each([
    ['RCVD', 'payments', 2_000],
    ['PATC', 'payments', 2_000],
    ['ACSP', 'payments', 2_000],
    ['PDNG', 'bulk-payments', 2_000],
    ['ACSC', 'payments', 30_000],
    ['ACSP', 'periodic-payments', false],
    ['ACTC', 'periodic-payments', false],
    ['ACCC', 'payments', false],
    ['ACWP', 'payments', false],
    ['PART', 'bulk-payments', 30_000],
    ['RJCT', 'payments', false],
    ['CANC', 'periodic-payments', false],
  ] as const)('%s (%s) asks again every %s ms', (status, service, expected) => {
    expect(refetchInterval(view(status, service))).toBe(expected);
  });
});

describe('the history keeps the newest status (a reading that arrives late is dropped)', () => {
  const status = fc.constantFrom(...transactionStatuses);
  const service = fc.constantFrom(...services);

  it('a final status is never replaced', () => {
    fc.assert(
      fc.property(status, status, service, (current, reading, of) => {
        if (isFinalStatus(current, of)) expect(mayReplace(current, reading, { subject: of })).toBe(false);
      }),
    );
  });

  it('a settled status never goes back to before settlement', () => {
    fc.assert(
      fc.property(status, status, service, (current, reading, of) => {
        if (isSettledForPsu(current, of) && !isSettledForPsu(reading, of))
          expect(mayReplace(current, reading, { subject: of })).toBe(false);
      }),
    );
  });

  it('an accepted status never goes back to waiting for an authorisation (RCVD, PATC)', () => {
    fc.assert(
      fc.property(status, fc.constantFrom('RCVD', 'PATC'), service, (current, reading, of) => {
        if (!['RCVD', 'PATC'].includes(current))
          expect(mayReplace(current, reading, { subject: of })).toBe(false);
      }),
    );
    const single = { subject: 'payments' } as const;
    expect(mayReplace('PDNG', 'RCVD', single)).toBe(false);
    expect(mayReplace('ACTC', 'PATC', single)).toBe(false);
    expect(mayReplace('RCVD', 'PATC', single)).toBe(true);
    expect(mayReplace('PATC', 'ACTC', single)).toBe(true);
  });

  it('any other new reading is recorded; ACSC goes on to ACCC', () => {
    const awaiting = (value: string) => ['RCVD', 'PATC'].includes(value);
    fc.assert(
      fc.property(status, status, service, (current, reading, of) => {
        const backToAwaiting = !awaiting(current) && awaiting(reading);
        if (!isSettledForPsu(current, of) && current !== reading && !backToAwaiting)
          expect(mayReplace(current, reading, { subject: of })).toBe(true);
      }),
    );
    const single = { subject: 'payments' } as const;
    expect(mayReplace('ACSC', 'ACCC', single)).toBe(true);
    expect(mayReplace('ACSC', 'ACWP', single)).toBe(true);
    expect(mayReplace('ACCC', 'ACSC', single)).toBe(false);
    expect(mayReplace(null, 'RCVD', single)).toBe(true);
  });
});
