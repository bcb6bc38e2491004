import { readScaStatus } from '@/lib/bank/authorisations';
import type { ChangeCancelAnswer } from '@/lib/db/change-schema';
import type { Payment } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { inPaymentBank } from './payment-bank';
import { isFinalScaStatus } from './sca';

/**
 * What the bank says of the authorisations a standing order's change (./standing-order-change.ts) and a stop of
 * the order opened at the bank: which of them ended the order, and whether the PSU is still to approve one in the
 * bank's app.
 */

const confirmed = (scaStatus: string | undefined) => scaStatus === 'finalised' || scaStatus === 'exempted';

/**
 * Whether one of the change's asks ended the order: the bank cancelled it at once, or the PSU confirmed one of its
 * authorisations at the bank, as its `scaStatus` says. `unknown`: one cannot be read now. `unclear`: the bank gave
 * no `scaStatus` link of one, and our bank's spec gives no other way to read it (no path to a cancellation's
 * authorisation by its id), so nothing tells whether the PSU confirmed it or stopped the order elsewhere.
 */
export async function cancelledByChange(
  old: Payment,
  answers: readonly ChangeCancelAnswer[],
  psuIpAddress: string,
): Promise<boolean | 'unknown' | 'unclear'> {
  let unread = false;
  let unclear = false;
  for (const answer of answers) {
    if ('cancelled' in answer) return true;
    if (!answer.scaStatusUrl) {
      unclear = true;
      continue;
    }
    const scaStatus = await readAuthorisation(old, answer.scaStatusUrl, psuIpAddress);
    if (confirmed(scaStatus)) return true;
    if (scaStatus === undefined) unread = true;
  }
  if (unread) return 'unknown';
  return unclear ? 'unclear' : false;
}

/**
 * Whether one of the change's cancellations is still for the PSU to approve in the bank's app (decoupled): its
 * `scaStatus` not final, or not to be read now, or the bank gave no address to read it by. Approved there, the bank
 * ends the order afterwards: the change waits for that rather than be given up.
 */
export async function waitsInBankApp(
  old: Payment,
  answers: readonly ChangeCancelAnswer[],
  psuIpAddress: string,
): Promise<'waits' | 'declined' | 'no'> {
  let declined = false;
  for (const answer of answers) {
    if ('cancelled' in answer || !answer.decoupled) continue;
    if (!answer.scaStatusUrl) return 'waits';
    const scaStatus = await readAuthorisation(old, answer.scaStatusUrl, psuIpAddress);
    if (!isFinalScaStatus(scaStatus)) return 'waits';
    declined ||= scaStatus === 'failed';
  }
  return declined ? 'declined' : 'no';
}

/**
 * Whether the order ended by the PSU's own stop ("Cancel payment", asked before the change and confirmed at the
 * bank, perhaps in a tab closed there so that nothing came back to us) rather than by the change's cancellation:
 * as the bank reports that stop's authorisation. A stop whose authorisation the bank gave us no address of counts
 * as the one that ended it; one the bank cannot be asked about now is `unknown`, and nothing is sent yet.
 */
export async function endedByStop(old: Payment, psuIpAddress: string): Promise<boolean | 'unknown'> {
  const { stopAsked } = old;
  if (!stopAsked) return false;
  const { scaStatusUrl } = stopAsked;
  if (!scaStatusUrl) return true;
  const scaStatus = await readAuthorisation(old, scaStatusUrl, psuIpAddress);
  if (scaStatus === undefined) return 'unknown';
  return confirmed(scaStatus);
}

/** The `scaStatus` of one of the order's cancellation authorisations, or undefined where the bank cannot say now. */
async function readAuthorisation(old: Payment, scaStatusUrl: string, psuIpAddress: string) {
  try {
    return await inPaymentBank(old, () => readScaStatus(scaStatusUrl, psuIpAddress));
  } catch (error) {
    logger.warn(
      { paymentId: old.id, err: error instanceof Error ? error.message : error },
      "a cancellation's authorisation could not be read",
    );
    return undefined;
  }
}
