import { claimLinkPlace, parseClaim } from '@/lib/bank/claims';
import { currentBank } from '@/lib/bank/scope';
import { saveClaim } from '@/lib/db/queries/bills';
import { type EventHandler, readSelfLink } from '@/lib/webhooks/event-handler';

/** What we keep of a claim on the event: its id and status, never the payer's details. */
function claimSummary(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  const record = body as Record<string, unknown>;
  const summary: Record<string, unknown> = {};
  for (const key of ['claimId', 'claimStatus', 'status', 'paidDate', 'paymentDate']) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') summary[key] = value;
  }
  return summary;
}

/**
 * `claim.paid`: the bank settled a payment of one of our claims. The bill shows what the claim says
 * now, read by the event's `self` link; the event is remembered as the one that told us it was paid.
 * Events are processed in the scope of their subscription's bank (lib/webhooks/process-events.ts), and the
 * bill is that bank's.
 */
export const handleClaimPaid: EventHandler = async (db, event, read) => {
  // Its self link leads to a claim, in the claims interface of the event's bank: never into another of its
  // business interfaces (cards, documents), nor out of them.
  const place = event.selfLink ? claimLinkPlace(event.selfLink) : 'claims';
  if (place === 'business')
    return { outcome: 'failed', detail: { reason: 'self_link_outside_claims_interface' } };
  if (place === 'outside')
    return { outcome: 'failed', detail: { reason: 'self_link_outside_business_interface' } };
  const self = await readSelfLink(event, read);
  if (!self.ok) return self.handled;
  // A 200 whose body is no claim (empty, or without a claim's members) says nothing of the claim: the event is not
  // applied, and the bill stays as it was, as a claim read in a shape we do not know is refused elsewhere
  // (lib/bank/claims.ts getClaim).
  const claim = parseClaim(self.body);
  if (!claim)
    return { outcome: 'failed', detail: { reason: 'self_link_not_a_claim', httpStatus: self.status } };
  await saveClaim(db, currentBank('business').id, claim, { eventId: event.eventId });
  return { outcome: 'applied', detail: { httpStatus: self.status, claim: claimSummary(self.body) } };
};
