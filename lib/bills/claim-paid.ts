import { parseClaim } from '@/lib/bank/claims';
import { currentBank, currentDialect } from '@/lib/bank/scope';
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
 * Why a `self` link is not followed for a claim event, if it is not: it must lead into the claims interface of the
 * event's bank (`{business}{claimsPath}/…`), where a claim is. The business interfaces also serve cards and
 * documents, and a claim event's link is followed into none of those. The link is resolved as the bank read
 * resolves it (dot segments and all) before it is judged.
 */
function outsideClaimsInterface(href: string): string | undefined {
  const business = currentBank('business').urls.business;
  const base = business.endsWith('/') ? business : `${business}/`;
  let url: URL;
  let claims: URL;
  try {
    url = new URL(href, base);
    claims = new URL(`${business}${currentDialect('business').claimsPath}/`);
  } catch {
    return 'self_link_outside_business_interface';
  }
  if (url.origin === claims.origin && url.pathname.startsWith(claims.pathname)) return undefined;
  return url.origin === claims.origin && url.pathname.startsWith(new URL(base).pathname)
    ? 'self_link_outside_claims_interface'
    : 'self_link_outside_business_interface';
}

/**
 * `claim.paid`: the bank settled a payment of one of our claims. The bill shows what the claim says
 * now, read by the event's `self` link; the event is remembered as the one that told us it was paid.
 * Events are processed in the scope of their subscription's bank (lib/webhooks/process-events.ts), and the
 * bill is that bank's.
 */
export const handleClaimPaid: EventHandler = async (db, event, read) => {
  const outside = event.selfLink ? outsideClaimsInterface(event.selfLink) : undefined;
  if (outside) return { outcome: 'failed', detail: { reason: outside } };
  const self = await readSelfLink(event, read);
  if (!self.ok) return self.handled;
  const claim = parseClaim(self.body);
  if (claim) await saveClaim(db, currentBank('business').id, claim, { eventId: event.eventId });
  return { outcome: 'applied', detail: { httpStatus: self.status, claim: claimSummary(self.body) } };
};
