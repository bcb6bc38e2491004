import type { PaymentService } from '@/lib/bank/payments';
import type { PaymentPhase } from '@/lib/db/schema';
import { statusClass } from './status';

/**
 * What the PSU is told the bank says about their payment, when they come back from the bank and
 * whenever they look at it. It is made of what the bank answered when we read it (the transaction
 * status and the scaStatus of the authorisation), never of where the bank sent the PSU back to:
 * the spec lets a bank ignore TPP-Nok-Redirect-URI (payment spec 4.1: "may be ignored"), so a
 * decline may arrive at the ok address, and a PSU may come back without deciding at all.
 */
export type BankOutcome =
  /** The last reading of the bank failed: what is shown is what it said before. */
  | 'unreadable'
  /** The authorisation failed (scaStatus `failed`): declined at the bank, or the confirmation failed. */
  | 'declined'
  | 'rejected'
  | 'cancelled'
  /** RCVD, the authorisation not done: the bank still waits for the PSU. */
  | 'awaitingPsu'
  /**
   * RCVD, the PSU's approval at the bank not finished (scaStatus `unconfirmed`): the confirmation that completes it
   * could not be made (lib/payments/oauth-step.ts). The PSU confirms again.
   */
  | 'unfinished'
  /**
   * RCVD, where the bank takes our straight-through confirmation, which this PSU may not give for the account
   * (lib/payments/sca.ts, `holder-confirms`): the bank waits for the account's holder. Set by the payment's view.
   */
  | 'awaitingHolder'
  /** RCVD with the authorisation done (`finalised`, `exempted`): the bank has yet to accept it. */
  | 'awaitingBank'
  | 'awaitingSigner'
  /** PDNG: the bank has the payment and further checks follow (spec part 3); not yet accepted. */
  | 'pending'
  | 'accepted'
  | 'standing'
  | 'debited'
  | 'completed'
  | 'notPosted'
  | 'partial';

export interface OutcomeInput {
  phase: PaymentPhase;
  service: PaymentService;
  /** A standing order's body: its last day says whether a settlement is its end (lib/payments/status.ts). */
  body?: unknown;
  transactionStatus: string | null;
  scaStatus: string | undefined;
  statusReadFailed: boolean;
}

const byClass = {
  'awaiting-signer': 'awaitingSigner',
  'in-progress': 'accepted',
  standing: 'standing',
  debited: 'debited',
  completed: 'completed',
  'not-posted': 'notPosted',
  partial: 'partial',
  cancelled: 'cancelled',
} as const;

/**
 * Whether a rejection is the PSU's own decline at the bank (RJCT after their authorisation failed) rather than the
 * bank's refusal: told "Not confirmed", not "Rejected", wherever the PSU reads it.
 */
export function declinedAtBank(
  transactionStatus: string | null,
  scaStatus: string | null | undefined,
): boolean {
  return transactionStatus === 'RJCT' && scaStatus === 'failed';
}

/** Whether the bank waits for the PSU to confirm the payment: not yet confirmed, or confirmed again. */
export function waitsForPsu(outcome: BankOutcome | null): boolean {
  return outcome === 'awaitingPsu' || outcome === 'unfinished';
}

/** The outcome of a payment the bank has; null for one it does not have (not sent, or refused at once). */
export function bankOutcome(input: OutcomeInput): BankOutcome | null {
  if (input.phase !== 'initiated') return null;
  if (input.statusReadFailed) return 'unreadable';
  const cls = statusClass(input.transactionStatus, input);
  if (cls === 'rejected')
    return declinedAtBank(input.transactionStatus, input.scaStatus) ? 'declined' : 'rejected';
  if (cls === 'in-progress' && input.transactionStatus === 'PDNG') return 'pending';
  if (cls !== 'awaiting-psu') return byClass[cls];
  if (input.scaStatus === 'failed') return 'declined';
  if (input.scaStatus === 'unconfirmed') return 'unfinished';
  return input.scaStatus === 'finalised' || input.scaStatus === 'exempted' ? 'awaitingBank' : 'awaitingPsu';
}
