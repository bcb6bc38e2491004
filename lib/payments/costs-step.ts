import type { Money, PaymentCosts } from '@/lib/bank/costs';
import type { PaymentService } from '@/lib/bank/payments';
import type { CostsDecision } from '@/lib/db/payment-types';
import { awaitsAuthorisation, statusClass } from './status';

export type { CostsDecision } from '@/lib/db/payment-types';

/** Where the PSU stands with the costs: to decide, or stopped there (and whether the bank cancelled it). */
export type CostsStep = 'pending' | 'cancelled' | 'stopped' | null;

const isCharge = (money: Money | undefined) => money !== undefined && Number(money.amount) > 0;

/**
 * Whether the answer has costs to show: a fee above zero, an exchange rate, an estimated total, the
 * bank saying that specific costs apply (transactionFeeIndicator true), or a fee of its list that could not be read
 * (it may be a charge: the PSU is told of it before going on). `false` alone ("no
 * additional specific costs") is not a cost, nor is a fee of zero.
 */
export function hasCostsToShow(costs: PaymentCosts | null | undefined): boolean {
  if (!costs) return false;
  return (
    isCharge(costs.transactionFees) ||
    isCharge(costs.currencyConversionFee) ||
    isCharge(costs.estimatedTotalAmount) ||
    (costs.transactionFeesDetails ?? []).some((fee) => isCharge(fee.value)) ||
    Boolean(costs.exchangeRateInformation?.exchangeRate) ||
    costs.transactionFeeIndicator === true ||
    (costs.unreadableFees ?? 0) > 0
  );
}

/** Of a payment (lib/db/schema.ts `payments`): the members the costs step reads. */
interface CostsOfPayment {
  phase: string;
  service: PaymentService;
  transactionStatus: string | null;
  costs: PaymentCosts | null;
  costsDecision: CostsDecision | null;
}

/**
 * The costs are the PSU's to decide on only while the bank waits for their confirmation (RCVD, or PATC for
 * the next signer): a payment the bank accepted in its first answer, needing none (its scaStatus
 * `exempted`), is under way, so its costs are shown on its page as what they are, not as a choice.
 */
export function costsStepOf(payment: CostsOfPayment): CostsStep {
  if (payment.costsDecision === 'cancelled' || payment.costsDecision === 'stopped')
    return payment.costsDecision;
  if (payment.costsDecision === 'continued' || payment.phase !== 'initiated') return null;
  if (!awaitsAuthorisation(statusClass(payment.transactionStatus, payment.service))) return null;
  return hasCostsToShow(payment.costs) ? 'pending' : null;
}

/**
 * What the payment's page says of a stop at the costs, by what the bank reports now, never against it:
 * - `cancelled`: the bank cancelled it at the stop; nothing is paid.
 * - `stopped`: the bank did not cancel it, and it still waits for the PSU's confirmation at the bank: it
 *   may still be confirmed there (in the bank's app or online bank), so the PSU is told not to confirm it
 *   and how to cancel it.
 * - `stoppedEnded`: the bank did not cancel it at the stop, and has since rejected or cancelled it.
 * - `confirmedAfterStop`: it was confirmed at the bank after the stop and the bank is carrying it out (or
 *   has): the page says that, and nothing of a stop that did not hold.
 * Null where the PSU did not stop it.
 */
export type CostsStopNote = 'cancelled' | 'stopped' | 'stoppedEnded' | 'confirmedAfterStop';

export function costsStopNote(
  step: CostsStep,
  transactionStatus: string | null,
  service: PaymentService,
): CostsStopNote | null {
  if (step !== 'cancelled' && step !== 'stopped') return null;
  const now = statusClass(transactionStatus, service);
  if (awaitsAuthorisation(now)) return 'stopped';
  if (now === 'cancelled') return step === 'cancelled' ? 'cancelled' : 'stoppedEnded';
  if (now === 'rejected') return 'stoppedEnded';
  return 'confirmedAfterStop';
}

/** The page where the PSU sees the costs and decides. */
export const costsPage = (paymentId: string) => `/payments/${paymentId}/costs`;
