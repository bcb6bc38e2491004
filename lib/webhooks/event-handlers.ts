import { handleClaimPaid } from '@/lib/bills/claim-paid';
import type { EventHandler } from './event-handler';

/**
 * What this app does with each event type, by the type's name in lower case (the bank's casing is not
 * relied on). A delivery is verified once, at intake; its event is handled here by its type. Any type
 * not in this table is recorded and ignored: "Receivers must ignore any `eventType` they do not
 * recognise" (webhooks spec 6).
 */
export const eventHandlers: ReadonlyMap<string, EventHandler> = new Map([['claim.paid', handleClaimPaid]]);
