import type { ScaAnswer } from '@/lib/bank/sca-answer';

/**
 * Our phase around the bank call: saved, being sent, accepted by the bank, or refused by it; or
 * `unfollowable`: the bank took it (201) but answered with a paymentId it had given another of our
 * payments already, so that we cannot address this one at the bank without mixing the two.
 */
export type PaymentPhase = 'new' | 'sending' | 'initiated' | 'refused' | 'unfollowable';

/** Where a status reading came from, shown on the timeline. */
export type StatusSource = 'initiation' | 'redirect' | 'poll' | 'notification' | 'webhook' | 'cancellation';

/**
 * Where the PSU's strong customer authentication stands, as the bank last described it (lib/payments/
 * sca.ts). Each answer replaces the previous one's links, methods and challenge; the links of the
 * initiation are kept apart, because a multilevel payment starts one authorisation per signer from them.
 */
export interface ScaState extends ScaAnswer {
  initiationLinks: Record<string, string>;
}
