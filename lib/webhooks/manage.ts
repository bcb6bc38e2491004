import { desc, eq, isNull, or } from 'drizzle-orm';
import { BankError, BankUnavailableError } from '@/lib/bank/errors';
import {
  type BankSubscription,
  createBankSubscription,
  deleteBankSubscription,
  deliveryState,
  getBankSubscription,
  listBankSubscriptions,
  replayBankSubscription,
  updateBankSubscription,
  verifyBankSubscription,
} from '@/lib/bank/webhooks-service';
import type { Db } from '@/lib/db';
import { isUuid } from '@/lib/db/ids';
import { type WebhookSubscription, webhookEvents, webhookSubscriptions } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { webhookSettings } from './settings';
import type {
  CreateSubscriptionInput,
  RegisterSubscriptionInput,
  UpdateSubscriptionInput,
} from './subscription-forms';
import {
  callbackUrlFor,
  findSubscription,
  markSubscriptionCancelled,
  mirrorDeliveryState,
  mirrorEventTypes,
  newSubscriptionId,
  saveSubscription,
} from './subscriptions';

/**
 * What the events page does with the company's subscriptions. The bank's answer is the source of
 * truth for delivery state; our rows mirror it, and hold the sealed signing secret the bank gives once.
 */
export type ManageFailure =
  | 'limitReached'
  | 'bankRefused'
  | 'bankUnavailable'
  | 'notFoundAtBank'
  | 'callbackElsewhere'
  | 'alreadyRegistered'
  | 'unknownSubscription'
  /** The bank offers no replay call (BANK_EVENTS_OFFERS_REPLAY is off, or the bank answered so). */
  | 'replayNotOffered';

export type Managed<T> = ({ ok: true } & T) | { ok: false; reason: ManageFailure };

function failure(error: unknown, context: Record<string, unknown>): { ok: false; reason: ManageFailure } {
  logger.warn({ err: error, ...context }, 'webhooks service call failed');
  if (error instanceof BankError && error.status === 409) return { ok: false, reason: 'limitReached' };
  if (error instanceof BankError && error.status === 404) return { ok: false, reason: 'notFoundAtBank' };
  if (error instanceof BankUnavailableError || (error instanceof BankError && error.status >= 500))
    return { ok: false, reason: 'bankUnavailable' };
  if (error instanceof BankError) return { ok: false, reason: 'bankRefused' };
  throw error;
}

/**
 * Creates a subscription at the bank with a callback URL that names our own id, stores it with its
 * secret sealed, and hands the secret back for the operator to see once. Should storing fail, the
 * subscription is cancelled at the bank again: one we cannot verify deliveries for is of no use.
 */
export async function createSubscription(
  db: Db,
  input: CreateSubscriptionInput,
): Promise<Managed<{ subscriptionId: string; signingSecret: string }>> {
  const id = newSubscriptionId();
  const callbackUrl = callbackUrlFor(id);
  let created: Awaited<ReturnType<typeof createBankSubscription>>;
  try {
    created = await createBankSubscription({
      callbackUrl,
      eventTypes: [input.eventType],
      description: input.description || 'Greiðsla',
    });
  } catch (error) {
    return failure(error, { action: 'create' });
  }
  try {
    await saveSubscription(db, {
      id,
      bankSubscriptionId: created.subscriptionId,
      callbackUrl,
      eventTypes: created.eventTypes,
      description: created.description ?? null,
      signingSecret: created.signingSecret,
      ...deliveryState(created),
    });
  } catch (error) {
    await deleteBankSubscription(created.subscriptionId).catch(() => undefined);
    throw error;
  }
  return { ok: true, subscriptionId: id, signingSecret: created.signingSecret };
}

/** Our id in a callback URL that points at this app, if it does. */
export function ownIdInCallback(callbackUrl: string): string | undefined {
  const prefix = callbackUrlFor('');
  if (!callbackUrl.startsWith(prefix)) return undefined;
  const id = callbackUrl.slice(prefix.length);
  return isUuid(id) ? id.toLowerCase() : undefined;
}

/**
 * Registers a subscription made elsewhere (another instance's database, a script), by the bank's id
 * and the secret shown when it was made. Its callback URL must lead to this app, since it cannot be
 * changed; our id is the one in that URL.
 */
export async function registerSubscription(
  db: Db,
  input: RegisterSubscriptionInput,
): Promise<Managed<{ subscriptionId: string }>> {
  let bank: BankSubscription | undefined;
  try {
    bank = await getBankSubscription(input.bankSubscriptionId);
  } catch (error) {
    return failure(error, { action: 'register' });
  }
  if (!bank) return { ok: false, reason: 'notFoundAtBank' };
  const id = ownIdInCallback(bank.callbackUrl);
  if (!id) return { ok: false, reason: 'callbackElsewhere' };
  const [taken] = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      or(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.bankSubscriptionId, bank.subscriptionId)),
    )
    .limit(1);
  if (taken) return { ok: false, reason: 'alreadyRegistered' };
  await saveSubscription(db, {
    id,
    bankSubscriptionId: bank.subscriptionId,
    callbackUrl: bank.callbackUrl,
    eventTypes: bank.eventTypes,
    description: bank.description ?? null,
    signingSecret: input.signingSecret,
    ...deliveryState(bank),
  });
  return { ok: true, subscriptionId: id };
}

async function activeSubscription(db: Db, id: string): Promise<WebhookSubscription | undefined> {
  const row = await findSubscription(db, id);
  return row && !row.cancelledAt ? row : undefined;
}

export type VerifyResult =
  | 'activated'
  | 'callback_rejected'
  | 'callback_timeout'
  | 'event_type_not_enabled'
  | 'not_found';

/** Asks the bank for a test delivery; on a 2xx from our callback the subscription is enabled. */
export async function verifySubscription(db: Db, id: string): Promise<Managed<{ result: VerifyResult }>> {
  const row = await activeSubscription(db, id);
  if (!row) return { ok: false, reason: 'unknownSubscription' };
  try {
    const outcome = await verifyBankSubscription(row.bankSubscriptionId, 'Claim');
    if (outcome.result === 'activated') {
      await mirrorDeliveryState(db, row.id, deliveryState(outcome.subscription));
    } else if (outcome.result !== 'not_found') {
      const bank = await getBankSubscription(row.bankSubscriptionId);
      if (bank) await mirrorDeliveryState(db, row.id, deliveryState(bank));
    }
    return { ok: true, result: outcome.result };
  } catch (error) {
    return failure(error, { action: 'verify', subscriptionId: id });
  }
}

/**
 * Asks the bank to deliver again what a subscription missed, where the bank offers that
 * (BANK_EVENTS_OFFERS_REPLAY; lib/bank/webhooks-service.ts). Without it, nothing is asked: the
 * operator is told that the bank keeps the events of the off period and replays them on request
 * (webhooks spec part 3).
 */
export async function replaySubscription(
  db: Db,
  id: string,
): Promise<Managed<{ result: 'replayed' | 'disabled' | 'not_found'; count: number }>> {
  const row = await activeSubscription(db, id);
  if (!row) return { ok: false, reason: 'unknownSubscription' };
  if (!webhookSettings().BANK_EVENTS_OFFERS_REPLAY) return { ok: false, reason: 'replayNotOffered' };
  try {
    const outcome = await replayBankSubscription(row.bankSubscriptionId);
    if (outcome.result === 'not_offered') {
      logger.warn(
        { subscriptionId: id },
        'the bank offers no replay, though BANK_EVENTS_OFFERS_REPLAY says so',
      );
      return { ok: false, reason: 'replayNotOffered' };
    }
    return { ok: true, result: outcome.result, count: outcome.result === 'replayed' ? outcome.count : 0 };
  } catch (error) {
    return failure(error, { action: 'replay', subscriptionId: id });
  }
}

/**
 * Changes the event types (and description) of a subscription at the bank (webhooks spec part 4), and
 * mirrors what the bank then holds: the values it echoes in canonical form, and its delivery state.
 */
export async function updateSubscription(
  db: Db,
  id: string,
  input: UpdateSubscriptionInput,
): Promise<Managed<{ eventTypes: string[] }>> {
  const row = await activeSubscription(db, id);
  if (!row) return { ok: false, reason: 'unknownSubscription' };
  let bank: BankSubscription | undefined;
  try {
    bank = await updateBankSubscription(row.bankSubscriptionId, {
      eventTypes: input.eventTypes,
      ...(input.description ? { description: input.description } : {}),
    });
  } catch (error) {
    return failure(error, { action: 'update', subscriptionId: id });
  }
  if (!bank) return { ok: false, reason: 'notFoundAtBank' };
  await mirrorEventTypes(db, row.id, { eventTypes: bank.eventTypes, description: bank.description ?? null });
  await mirrorDeliveryState(db, row.id, deliveryState(bank));
  return { ok: true, eventTypes: bank.eventTypes };
}

/** Cancels at the bank; our row stays, marked cancelled, for the history of its events. */
export async function cancelSubscription(db: Db, id: string): Promise<Managed<object>> {
  const row = await activeSubscription(db, id);
  if (!row) return { ok: false, reason: 'unknownSubscription' };
  try {
    await deleteBankSubscription(row.bankSubscriptionId);
  } catch (error) {
    return failure(error, { action: 'delete', subscriptionId: id });
  }
  await markSubscriptionCancelled(db, id);
  return { ok: true };
}

export interface SubscriptionView {
  id: string;
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
  /** Subscriptions of the company at the bank that this app holds no secret for. */
  elsewhere: {
    subscriptionId: string;
    callbackUrl: string;
    description: string | null;
    deliveryEnabled: boolean;
  }[];
  bankReachable: boolean;
}

/** Our subscriptions with the delivery state the bank reports now, mirrored as we go. */
export async function subscriptionsOverview(db: Db): Promise<SubscriptionsOverview> {
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(isNull(webhookSubscriptions.cancelledAt))
    .orderBy(desc(webhookSubscriptions.createdAt));
  let bankReachable = true;
  const ours = await Promise.all(
    rows.map(async (row): Promise<SubscriptionView> => {
      const view: SubscriptionView = {
        id: row.id,
        bankSubscriptionId: row.bankSubscriptionId,
        callbackUrl: row.callbackUrl,
        eventTypes: row.eventTypes,
        description: row.description,
        deliveryEnabled: row.deliveryEnabled,
        disabledReason: row.disabledReason,
        disabledAt: row.disabledAt?.toISOString() ?? null,
        source: 'mirror',
      };
      try {
        const bank = await getBankSubscription(row.bankSubscriptionId);
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
        logger.warn({ err: error, subscriptionId: row.id }, 'could not read a subscription from the bank');
        bankReachable = false;
        return view;
      }
    }),
  );
  let elsewhere: SubscriptionsOverview['elsewhere'] = [];
  try {
    const known = new Set(rows.map((row) => row.bankSubscriptionId));
    elsewhere = (await listBankSubscriptions())
      .filter((bank) => !known.has(bank.subscriptionId))
      .map((bank) => ({
        subscriptionId: bank.subscriptionId,
        callbackUrl: bank.callbackUrl,
        description: bank.description ?? null,
        deliveryEnabled: bank.deliveryEnabled,
      }));
  } catch (error) {
    logger.warn({ err: error }, 'could not list subscriptions at the bank');
    bankReachable = false;
  }
  return { ours, elsewhere, bankReachable };
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
    };
  });
}
