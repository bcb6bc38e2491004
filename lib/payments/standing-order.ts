import { z } from 'zod';
import type { Payment } from '@/lib/db/schema';
import {
  type ExecutionDate,
  type IsoDate,
  nextExecutionDates,
  reykjavikDateOf,
  todayInReykjavik,
} from './calendar';
import { DAYS_OF_EXECUTION, EXECUTION_RULES, FREQUENCY_CODES } from './schemas/enums';
import { awaitsAuthorisation, isFinalStatus, statusClass } from './status';

/** The schedule fields of a periodic payment's body (spec 2.2), each left out when unreadable. */
const scheduleFields = z.object({
  frequency: z.enum(FREQUENCY_CODES).optional().catch(undefined),
  dayOfExecution: z.enum(DAYS_OF_EXECUTION).optional().catch(undefined),
  executionRule: z.enum(EXECUTION_RULES).optional().catch(undefined),
  startDate: z.string().optional().catch(undefined),
  endDate: z.string().optional().catch(undefined),
});

export interface StandingOrderSchedule extends z.infer<typeof scheduleFields> {
  /** The first day, in Iceland; the day the order was made when the body names none (spec 2.2: it starts then). */
  start: IsoDate;
  end?: IsoDate;
  /** Whether the bank runs the order: confirmed and accepted, and not ended (paid out, rejected, cancelled). */
  running: boolean;
  /** The next execution dates from today, while the bank runs the order; none once it has ended. */
  next: ExecutionDate[];
}

/**
 * A standing order's schedule as it was sent to the bank, with its next execution dates from
 * `today` by the same holiday-aware calendar as the form's preview. An order that the bank has not
 * accepted, or that has ended (paid out, rejected, cancelled), has no next dates.
 */
export function standingOrderSchedule(payment: Payment, today: IsoDate, count = 3): StandingOrderSchedule {
  const fields = scheduleFields.parse(payment.body);
  const start =
    (fields.startDate && reykjavikDateOf(fields.startDate)) || todayInReykjavik(payment.createdAt);
  const end = fields.endDate ? reykjavikDateOf(fields.endDate) : undefined;
  // Sent, but not yet confirmed by the PSU (or every signer) at the bank: nothing is paid until it is.
  const unconfirmed =
    payment.phase === 'initiated' && awaitsAuthorisation(statusClass(payment.transactionStatus, payment));
  const running =
    payment.phase === 'initiated' && !isFinalStatus(payment.transactionStatus, payment) && !unconfirmed;
  const next =
    running && start && fields.frequency
      ? nextExecutionDates({
          startDate: start,
          endDate: end,
          frequency: fields.frequency,
          dayOfExecution: fields.dayOfExecution,
          executionRule: fields.executionRule,
          from: today,
          count,
        })
      : [];
  return { ...fields, start, end, running, next };
}
