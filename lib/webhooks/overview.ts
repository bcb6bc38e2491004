import { desc, eq, isNull } from 'drizzle-orm';
import { bankById, bankName, banksOffering } from '@/lib/bank/directory';
import { inBank } from '@/lib/bank/scope';
import { deliveryState, getBankSubscription, listBankSubscriptions } from '@/lib/bank/webhooks-service';
import type { Db } from '@/lib/db';
import { type WebhookSubscription, webhookEvents, webhookSubscriptions } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { mirrorDeliveryState } from './subscriptions';

/**
 * What the events page shows: the company's subscriptions, each read from the bank it is at, the ones at each
 * bank with a webhooks service that this app holds no secret for, and the events received, each with its bank.
 */
export interface SubscriptionView {
  id: string;
  bankId: string;
  /** The directory's name of its bank; null for a bank no longer listed. */
  bankName: string | null;
  bankSubscriptionId: string;
  callbackUrl: string;
  eventTypes: string[];
  description: string | null;
  deliveryEnabled: boolean;
  disabledReason: string | null;
  disabledAt: string | null;
  /** `bank`: read from the bank just now; `mirror`: the bank could not be asked; `missing`: it does not know it. */
  source: 'bank' | 'mirror' | 'missing';
}

export interface SubscriptionsOverview {
  ours: SubscriptionView[];
  /** Subscriptions of the company at a bank that this app holds no secret for. */
  elsewhere: {
    bankId: string;
    bankName: string;
    subscriptionId: string;
    callbackUrl: string;
    description: string | null;
    deliveryEnabled: boolean;
  }[];
  bankReachable: boolean;
}

function mirrored(row: WebhookSubscription): SubscriptionView {
  return {
    id: row.id,
    bankId: row.bankId,
    bankName: bankName(row.bankId) ?? null,
    bankSubscriptionId: row.bankSubscriptionId,
    callbackUrl: row.callbackUrl,
    eventTypes: row.eventTypes,
    description: row.description,
    deliveryEnabled: row.deliveryEnabled,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    source: 'mirror',
  };
}

/** One subscription as its own bank reports it now, mirrored as we go; undefined when the bank could not be asked. */
async function readAtItsBank(db: Db, row: WebhookSubscription): Promise<SubscriptionView | undefined> {
  const view = mirrored(row);
  try {
    const bank = await inBank(row.bankId, () => getBankSubscription(row.bankSubscriptionId));
    if (!bank) return { ...view, source: 'missing' };
    const state = deliveryState(bank);
    await mirrorDeliveryState(db, row.id, state);
    return {
      ...view,
      eventTypes: bank.eventTypes,
      deliveryEnabled: state.deliveryEnabled,
      disabledReason: state.disabledReason,
      disabledAt: state.disabledAt?.toISOString() ?? null,
      source: 'bank',
    };
  } catch (error) {
    logger.warn(
      { err: error, subscriptionId: row.id, bankId: row.bankId },
      'could not read a subscription from its bank',
    );
    return undefined;
  }
}

/** Our subscriptions with the delivery state each one's bank reports now. */
export async function subscriptionsOverview(db: Db): Promise<SubscriptionsOverview> {
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(isNull(webhookSubscriptions.cancelledAt))
    .orderBy(desc(webhookSubscriptions.createdAt));
  let bankReachable = true;
  const ours = await Promise.all(
    rows.map(async (row) => {
      const view = await readAtItsBank(db, row);
      if (view) return view;
      bankReachable = false;
      return mirrored(row);
    }),
  );
  const elsewhere = await Promise.all(
    banksOffering('webhooks').map(async (bank): Promise<SubscriptionsOverview['elsewhere']> => {
      const known = new Set(
        rows.filter((row) => bankById(row.bankId)?.id === bank.id).map((row) => row.bankSubscriptionId),
      );
      try {
        const listed = await inBank(bank, () => listBankSubscriptions());
        return listed
          .filter((sub) => !known.has(sub.subscriptionId))
          .map((sub) => ({
            bankId: bank.id,
            bankName: bank.name,
            subscriptionId: sub.subscriptionId,
            callbackUrl: sub.callbackUrl,
            description: sub.description ?? null,
            deliveryEnabled: sub.deliveryEnabled,
          }));
      } catch (error) {
        logger.warn({ err: error, bankId: bank.id }, 'could not list subscriptions at a bank');
        bankReachable = false;
        return [];
      }
    }),
  );
  return { ours, elsewhere: elsewhere.flat(), bankReachable };
}

export interface ReceivedEventView {
  eventId: string;
  eventType: string;
  occurredAt: string;
  receivedAt: string;
  outcome: string | null;
  claimId: string | null;
  claimStatus: string | null;
  subscriptionDescription: string | null;
  /** The bank whose subscription the event was delivered for (its signing secret verified it). */
  bankId: string;
  bankName: string | null;
}

/** The latest events received, newest first, with what processing made of them. */
export async function recentEvents(db: Db, limit = 50): Promise<ReceivedEventView[]> {
  const rows = await db
    .select({
      eventId: webhookEvents.eventId,
      eventType: webhookEvents.eventType,
      occurredAt: webhookEvents.occurredAt,
      receivedAt: webhookEvents.receivedAt,
      outcome: webhookEvents.outcome,
      detail: webhookEvents.detail,
      description: webhookSubscriptions.description,
      bankId: webhookSubscriptions.bankId,
    })
    .from(webhookEvents)
    .innerJoin(webhookSubscriptions, eq(webhookEvents.subscriptionId, webhookSubscriptions.id))
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(limit);
  return rows.map((row) => {
    const claim = (row.detail as { claim?: { claimId?: unknown; claimStatus?: unknown } } | null)?.claim;
    return {
      eventId: row.eventId,
      eventType: row.eventType,
      occurredAt: new Date(row.occurredAt).toISOString(),
      receivedAt: row.receivedAt.toISOString(),
      outcome: row.outcome,
      claimId: typeof claim?.claimId === 'string' ? claim.claimId : null,
      claimStatus: typeof claim?.claimStatus === 'string' ? claim.claimStatus : null,
      subscriptionDescription: row.description,
      bankId: row.bankId,
      bankName: bankName(row.bankId) ?? null,
    };
  });
}
