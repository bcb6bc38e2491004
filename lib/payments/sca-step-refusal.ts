import type { ScaStep } from './sca';

/**
 * Why "continue" takes no step on our page, as a message key; null where the PSU has one to take. A bank that asks
 * for a way of confirming this app does not offer (`cannot-take`) is told as such, not as a payment in the wrong
 * status; a step sent from a page drawn before the bank moved on to its app (a code typed where the bank now waits
 * for the PSU's approval there) is told what the payment waits for now, not sent to the bank. (Who may give a
 * straight-through confirmation, `holder-confirms`, is the step's own check: `nextScaStep` here knows no PSU.)
 */
export function scaStepRefusal(step: ScaStep): string | null {
  if (step.kind === 'none') return 'bank.code.STATUS_INVALID';
  if (step.kind === 'cannot-take') return 'sca.cannotTake.continue';
  if (step.kind === 'decoupled') return 'sca.decoupled';
  return null;
}
