import { and, eq, or } from 'drizzle-orm';
import { bankById, banksOffering, type DirectoryBank } from '@/lib/bank/directory';
import { BankError, BankUnavailableError } from '@/lib/bank/errors';
import { inBank, UnknownBankError } from '@/lib/bank/scope';
import {
  type BankSubscription,
  createBankSubscription,
  deleteBankSubscription,
  deliveryState,
  getBankSubscription,
  replayBankSubscription,
  updateBankSubscription,
  verifyBankSubscription,
} from '@/lib/bank/webhooks-service';
import type { Db } from '@/lib/db';
import { isUuid } from '@/lib/db/ids';
import { type WebhookSubscription, webhookSubscriptions } from '@/lib/db/schema';
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
 * What the events page does with the company's subscriptions. Each is at one bank of the directory and is
 * changed there only, inside that bank's scope (lib/bank/scope.ts): its URLs and business token. The bank's
 * answer is the source of truth for delivery state; our rows mirror it, and hold the sealed signing secret the
 * bank gives once.
 */
export type ManageFailure =
  | 'limitReached'
  | 'bankRefused'
  | 'bankUnavailable'
  | 'notFoundAtBank'
  | 'callbackElsewhere'
  | 'alreadyRegistered'
  | 'unknownSubscription'
  /** The bank named is not in the directory, or the directory says it has no webhooks service. */
  | 'noSuchBank'
  /** The bank offers no replay call (BANK_EVENTS_OFFERS_REPLAY is off, or the bank answered so). */
  | 'replayNotOffered';

export type Managed<T> = ({ ok: true } & T) | { ok: false; reason: ManageFailure };

function failure(error: unknown, context: Record<string, unknown>): { ok: false; reason: ManageFailure } {
  logger.warn({ err: error, ...context }, 'webhooks service call failed');
  if (error instanceof UnknownBankError) return { ok: false, reason: 'noSuchBank' };
  if (error instanceof BankError && error.status === 409) return { ok: false, reason: 'limitReached' };
  if (error instanceof BankError && error.status === 404) return { ok: false, reason: 'notFoundAtBank' };
  if (error instanceof BankUnavailableError || (error instanceof BankError && error.status >= 500))
    return { ok: false, reason: 'bankUnavailable' };
  if (error instanceof BankError) return { ok: false, reason: 'bankRefused' };
  throw error;
}

/**
 * The bank the operator picked for a subscription, if the directory lists it with a webhooks service. Without a
 * pick: the directory's only bank with one.
 */
export function webhooksBank(bankId: string | undefined): DirectoryBank | undefined {
  if (!bankId) {
    const offering = banksOffering('webhooks');
    return offering.length === 1 ? offering[0] : undefined;
  }
  const bank = bankById(bankId);
  return bank?.offer.webhooks ? bank : undefined;
}

/** Runs a call to the webhooks service of the bank a subscription row is at. */
function atBankOf<T>(row: Pick<WebhookSubscription, 'bankId'>, work: () => Promise<T>): Promise<T> {
  return inBank(row.bankId, work);
}

/**
 * Creates a subscription at the picked bank with a callback URL that names our own id, stores it with its
 * bank and its secret sealed, and hands the secret back for the operator to see once. Should storing fail,
 * the subscription is cancelled at the bank again: one we cannot verify deliveries for is of no use.
 */
export async function createSubscription(
  db: Db,
  input: CreateSubscriptionInput,
): Promise<Managed<{ subscriptionId: string; signingSecret: string }>> {
  const bank = webhooksBank(input.bankId);
  if (!bank) return { ok: false, reason: 'noSuchBank' };
  const id = newSubscriptionId();
  const callbackUrl = callbackUrlFor(id);
  let created: Awaited<ReturnType<typeof createBankSubscription>>;
  try {
    created = await inBank(bank, () =>
      createBankSubscription({
        callbackUrl,
        eventTypes: [input.eventType],
        description: input.description || 'Greiðsla',
      }),
    );
  } catch (error) {
    return failure(error, { action: 'create', bankId: bank.id });
  }
  try {
    await saveSubscription(db, {
      id,
      bankId: bank.id,
      bankSubscriptionId: created.subscriptionId,
      callbackUrl,
      eventTypes: created.eventTypes,
      description: created.description ?? null,
      signingSecret: created.signingSecret,
      ...deliveryState(created),
    });
  } catch (error) {
    await inBank(bank, () => deleteBankSubscription(created.subscriptionId)).catch(() => undefined);
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
 * Registers a subscription made elsewhere (another instance's database, a script), by the bank it is at, the
 * bank's id for it and the secret shown when it was made. Its callback URL must lead to this app, since it
 * cannot be changed; our id is the one in that URL.
 */
export async function registerSubscription(
  db: Db,
  input: RegisterSubscriptionInput,
): Promise<Managed<{ subscriptionId: string }>> {
  const at = webhooksBank(input.bankId);
  if (!at) return { ok: false, reason: 'noSuchBank' };
  let bank: BankSubscription | undefined;
  try {
    bank = await inBank(at, () => getBankSubscription(input.bankSubscriptionId));
  } catch (error) {
    return failure(error, { action: 'register', bankId: at.id });
  }
  if (!bank) return { ok: false, reason: 'notFoundAtBank' };
  const id = ownIdInCallback(bank.callbackUrl);
  if (!id) return { ok: false, reason: 'callbackElsewhere' };
  const [taken] = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      or(
        eq(webhookSubscriptions.id, id),
        and(
          eq(webhookSubscriptions.bankId, at.id),
          eq(webhookSubscriptions.bankSubscriptionId, bank.subscriptionId),
        ),
      ),
    )
    .limit(1);
  if (taken) return { ok: false, reason: 'alreadyRegistered' };
  await saveSubscription(db, {
    id,
    bankId: at.id,
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
    const outcome = await atBankOf(row, async () => {
      const verified = await verifyBankSubscription(row.bankSubscriptionId, 'Claim');
      if (verified.result === 'activated') {
        await mirrorDeliveryState(db, row.id, deliveryState(verified.subscription));
      } else if (verified.result !== 'not_found') {
        const bank = await getBankSubscription(row.bankSubscriptionId);
        if (bank) await mirrorDeliveryState(db, row.id, deliveryState(bank));
      }
      return verified;
    });
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
    const outcome = await atBankOf(row, () => replayBankSubscription(row.bankSubscriptionId));
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
    bank = await atBankOf(row, () =>
      updateBankSubscription(row.bankSubscriptionId, {
        eventTypes: input.eventTypes,
        ...(input.description ? { description: input.description } : {}),
      }),
    );
  } catch (error) {
    return failure(error, { action: 'update', subscriptionId: id });
  }
  if (!bank) return { ok: false, reason: 'notFoundAtBank' };
  await mirrorEventTypes(db, row.id, { eventTypes: bank.eventTypes, description: bank.description ?? null });
  await mirrorDeliveryState(db, row.id, deliveryState(bank));
  return { ok: true, eventTypes: bank.eventTypes };
}

/** Cancels at its bank; our row stays, marked cancelled, for the history of its events. */
export async function cancelSubscription(db: Db, id: string): Promise<Managed<object>> {
  const row = await activeSubscription(db, id);
  if (!row) return { ok: false, reason: 'unknownSubscription' };
  try {
    await atBankOf(row, () => deleteBankSubscription(row.bankSubscriptionId));
  } catch (error) {
    return failure(error, { action: 'delete', subscriptionId: id });
  }
  await markSubscriptionCancelled(db, id);
  return { ok: true };
}
