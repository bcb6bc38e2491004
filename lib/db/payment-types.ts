import type { ScaAnswer } from '@/lib/bank/sca-answer';

/**
 * Our phase around the bank call: saved, being sent, accepted by the bank, or refused by it; or
 * `unfollowable`: the bank took it (201) but answered with a paymentId it had given another of our
 * payments already, so that we cannot address this one at the bank without mixing the two.
 */
export type PaymentPhase = 'new' | 'sending' | 'initiated' | 'refused' | 'unfollowable';

/**
 * Failure code of a payment whose bank answer could not be recorded (lib/payments/unrecorded-answer.ts);
 * cleared when it is.
 */
export const ANSWER_NOT_SAVED = 'ANSWER_NOT_SAVED';

/**
 * Failure code of a payment sent to its bank whose answer never came (timeout, 5xx, 429, 408, or 409 to a key
 * sent before): the bank may have made it. Cleared when the bank's answer to a resend is recorded.
 */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN';

/**
 * Where a status reading came from, shown on the timeline. `confirmation`: a step the PSU took on our page
 * (a method, a code, the straight-through confirmation), not when the payment was sent.
 */
export type StatusSource =
  | 'initiation'
  | 'confirmation'
  | 'redirect'
  | 'poll'
  | 'notification'
  | 'webhook'
  | 'cancellation';

/**
 * Where the PSU's strong customer authentication stands, as the bank last described it (lib/payments/
 * sca.ts). Each answer replaces the previous one's links, methods and challenge; the links of the
 * initiation are kept apart, because a multilevel payment starts one authorisation per signer from them.
 */
export interface ScaState extends ScaAnswer {
  initiationLinks: Record<string, string>;
  /**
   * The transactionStatus of the initiation answer. Any code may come with the SCA links there (spec 2.5: PDNG,
   * ACTC as well as RCVD): while the payment's status has not moved from it, the PSU's authorisation is still
   * awaited (lib/payments/sca.ts). Absent for payments saved before it was kept.
   */
  initiationStatus?: string;
  /**
   * The PKCE verifier of the OAuth SCA authorisation the PSU was sent to the bank for (BG IG 13.1, RFC 7636), and
   * which authorisation that is (its `confirmation` link): one verifier per authorisation, kept here on the
   * server until the code that comes back is exchanged with it (13.3). It never goes into a URL or to the browser.
   */
  oauth?: { authorisation: string; verifier: string };
  /**
   * The authorisation kept is a new one after another of the payment, and its first scaStatus is yet to be told on
   * the timeline: that event says it begins (`NewAuthorisation`), then this goes.
   */
  newAuthorisation?: NewAuthorisation;
}

/**
 * What a payment's authorisation after its first is, told on the timeline with its first scaStatus: `signer`, the
 * next signer's of a multilevel payment; `again`, the PSU's own once more (an OAuth approval that cannot be
 * confirmed, or the bank's answer naming another authorisation).
 */
export type NewAuthorisation = 'again' | 'signer';

/**
 * Where the bank's initiation answer gives costs (spec 2.5: fees, currency conversion fee, exchange
 * rate), the PSU sees them before going to the bank's SCA, and may continue or stop there. A stop
 * cancels the payment at the bank where it lets us (DELETE on the payment), and otherwise leaves it
 * unauthorised: without the PSU's SCA the bank carries out nothing (lib/payments/costs-step.ts).
 */
export type CostsDecision = 'continued' | 'cancelled' | 'stopped';

/**
 * A stop of a standing order, kept from before the bank is asked: when it was asked, and where its authorisation
 * is read where the PSU is to confirm it at the bank.
 */
export interface StopAsked {
  askedAt: string;
  /** The cancellation authorisation's scaStatus link, where the bank's answer gave one. */
  scaStatusUrl?: string;
}
