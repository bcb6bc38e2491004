import type { ScaStep } from './sca';

/**
 * Why "continue" takes no step on our page, as a message key; null where the PSU has one to take. A bank that asks
 * for a way of confirming this app does not offer (`cannot-take`) is told as such, not as a payment in the wrong
 * status.
 */
export function scaStepRefusal(step: ScaStep): string | null {
  if (step.kind === 'none') return 'bank.code.STATUS_INVALID';
  if (step.kind === 'cannot-take') return 'sca.cannotTake.continue';
  return null;
}
