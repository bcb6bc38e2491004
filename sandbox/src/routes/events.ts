import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { authenticateBusiness, isUuid } from '../business/auth.js';
import { ProblemException, problem, sendProblem } from '../business/errors.js';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { newestClaimIdOf } from '../db/queries/claims.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  insertDelivery,
  insertDeliveryAttempt,
  requeueUndelivered,
} from '../db/queries/webhook-deliveries.js';
import { insertEvent } from '../db/queries/webhook-events.js';
import {
  cancelSubscription,
  countActive,
  enableDelivery,
  findOwnSubscription,
  insertSubscription,
  listLiveSubscriptions,
  listOwnSubscriptions,
  lockSubscriptionsOf,
  type SubscriptionRow,
  setSubscriptionLimit,
  updateSubscription,
} from '../db/queries/webhook-subscriptions.js';
import { newSigningSecret } from '../webhooks/crypto.js';
import { envelopeFor, listDeliveries, postDelivery, recordEvent } from '../webhooks/deliveries.js';
import { canonicalEventType, DELIVERED_ACTIONS, verifyAction } from '../webhooks/event-types.js';
import { subscriptionJson, subscriptionLimit } from '../webhooks/subscriptions.js';

/** Callback URLs: HTTPS; on the sandbox also plain http to 127.0.0.1, [::1] or localhost. */
export function callbackUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'callbackUrl must be an absolute URL.';
  }
  if (url.username || url.password) return 'callbackUrl must not carry credentials.';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    return undefined;
  return 'callbackUrl must be an https URL (the sandbox also accepts http://127.0.0.1 and http://localhost).';
}

function canonicalEventTypes(values: string[], path: string): string[] {
  const result: string[] = [];
  for (const value of values) {
    const canonical = canonicalEventType(value);
    if (!canonical)
      problem(400, 'EVENT_TYPE_UNKNOWN', `${path}: unknown event type "${value.slice(0, 100)}".`, {
        eventType: value.slice(0, 100),
      });
    if (!result.includes(canonical)) result.push(canonical);
  }
  return result;
}

const createBody = z.object({
  callbackUrl: z.string().min(1).max(2048),
  eventTypes: z.array(z.string().max(100)).min(1).max(20),
  description: z.string().max(500).optional(),
  subjectScope: z.string().max(50).optional(),
});

const updateBody = z.object({
  eventTypes: z.array(z.string().max(100)).min(1).max(20),
  description: z.string().max(500).optional(),
});

async function jsonBody(c: Context): Promise<unknown> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('application/json'))
    problem(415, 'CONTENT_TYPE_UNSUPPORTED', 'Send the body as application/json.');
  try {
    return await c.req.json();
  } catch {
    problem(400, 'BODY_INVALID', 'The body is not JSON.');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    problem(400, 'BODY_INVALID', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function notFound(): never {
  problem(404, 'SUBSCRIPTION_NOT_FOUND', 'No such subscription.');
}

async function ownSubscription(db: Queryable, owner: string, id: string): Promise<SubscriptionRow> {
  if (!isUuid(id)) notFound();
  return (await findOwnSubscription(db, owner, id)) ?? notFound();
}

/** A claim the test delivery's `self` link points to: the caller's newest claim, if any. */
async function verifyResourcePath(db: Queryable, owner: string): Promise<string> {
  return `/business/claims/${(await newestClaimIdOf(db, owner)) ?? randomUUID()}`;
}

/** The webhooks service, mounted at `/events/api/v1` (so `{events_base_url}` is `<sandbox>/events`). */
export function eventsRoutes(ctx: SandboxContext) {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof ProblemException) return sendProblem(c, error.problem);
    throw error;
  });

  app.post('/subscriptions', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const body = parse(createBody, await jsonBody(c));
    const urlProblem = callbackUrlProblem(body.callbackUrl);
    if (urlProblem) problem(400, 'CALLBACK_URL_INVALID', urlProblem);
    const eventTypes = canonicalEventTypes(body.eventTypes, 'eventTypes');
    const subjectScope = body.subjectScope ?? 'Self';
    if (subjectScope.toLowerCase() !== 'self')
      problem(400, 'SUBJECT_SCOPE_UNSUPPORTED', 'subjectScope must be Self.');
    const db = await ctx.db();
    const signingSecret = newSigningSecret();
    const row = await db.transaction(async (tx) => {
      // One creation at a time per client, so the limit holds under concurrent requests.
      await lockSubscriptionsOf(tx, caller.username);
      const limit = await subscriptionLimit(tx, caller.username);
      if ((await countActive(tx, caller.username)) >= limit) {
        problem(
          409,
          'SUBSCRIPTION_LIMIT_REACHED',
          `At most ${limit} subscriptions per client; cancel one first.`,
          { limit },
        );
      }
      return insertSubscription(tx, {
        id: randomUUID(),
        owner: caller.username,
        callback_url: body.callbackUrl,
        event_types: eventTypes,
        description: body.description ?? '',
        subject_scope: 'Self',
        signing_secret: signingSecret,
        created_at: await sandboxNow(tx),
      });
    });
    const json = { ...subscriptionJson(row, ctx.publicUrl()), signingSecret };
    c.header('Location', json.links[0]?.href ?? '');
    return c.json(json, 201);
  });

  app.get('/subscriptions', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const rows = await listOwnSubscriptions(await ctx.db(), caller.username);
    return c.json({ subscriptions: rows.map((row) => subscriptionJson(row, ctx.publicUrl())) });
  });

  app.get('/subscriptions/:id', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const row = await ownSubscription(await ctx.db(), caller.username, c.req.param('id'));
    return c.json(subscriptionJson(row, ctx.publicUrl()));
  });

  app.put('/subscriptions/:id', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const db = await ctx.db();
    await ownSubscription(db, caller.username, c.req.param('id'));
    const raw = await jsonBody(c);
    if (raw && typeof raw === 'object') {
      const fixed = ['callbackUrl', 'subjectScope'].filter((k) => k in raw);
      if (fixed.length > 0)
        problem(
          400,
          'FIELD_NOT_UPDATABLE',
          `${fixed.join(', ')} cannot be changed; create a new subscription.`,
        );
    }
    const body = parse(updateBody, raw);
    const eventTypes = canonicalEventTypes(body.eventTypes, 'eventTypes');
    const now = await sandboxNow(db);
    await updateSubscription(db, c.req.param('id'), { eventTypes, description: body.description, now });
    const row = await ownSubscription(db, caller.username, c.req.param('id'));
    return c.json(subscriptionJson(row, ctx.publicUrl()));
  });

  app.delete('/subscriptions/:id', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const db = await ctx.db();
    const row = await ownSubscription(db, caller.username, c.req.param('id'));
    await db.transaction(async (tx) => cancelSubscription(tx, row.id, await sandboxNow(tx)));
    return c.body(null, 204);
  });

  app.post('/subscriptions/:id/verify', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const db = await ctx.db();
    const row = await ownSubscription(db, caller.username, c.req.param('id'));
    const requested = c.req.query('eventType');
    if (!requested)
      problem(400, 'EVENT_TYPE_MISSING', 'The query parameter eventType is required, e.g. Claim.');
    const canonical = canonicalEventType(requested);
    if (!canonical)
      problem(400, 'EVENT_TYPE_UNKNOWN', `Unknown event type "${requested.slice(0, 100)}".`, {
        eventType: requested.slice(0, 100),
      });
    const action = verifyAction(row.event_types, canonical);
    if (!action) {
      problem(
        400,
        'EVENT_TYPE_NOT_ENABLED',
        `The subscription does not cover ${canonical} (it has ${row.event_types.join(', ')}).`,
        { eventType: canonical },
      );
    }
    const now = await sandboxNow(db);
    const event = {
      id: randomUUID(),
      owner: caller.username,
      event_type: action,
      occurred_at: now,
      resource_path: await verifyResourcePath(db, caller.username),
    };
    const result = await postDelivery(
      row.callback_url,
      row.signing_secret,
      envelopeFor(event, ctx.publicUrl()),
    );
    const deliveryId = randomUUID();
    await db.transaction(async (tx) => {
      await insertEvent(tx, event, 'verify');
      await insertDelivery(tx, {
        id: deliveryId,
        subscriptionId: row.id,
        eventId: event.id,
        kind: 'verify',
        status: result.outcome === 'delivered' ? 'delivered' : 'failed',
        attemptCount: 1,
        createdAt: now,
        deliveredAt: result.outcome === 'delivered' ? now : null,
        lastStatusCode: result.statusCode,
      });
      await insertDeliveryAttempt(tx, deliveryId, 1, now, result);
      if (result.outcome === 'delivered') await enableDelivery(tx, row.id, now);
    });
    const details = { callbackStatus: result.statusCode, callbackRequestId: result.requestId };
    if (result.outcome === 'timeout')
      problem(504, 'CALLBACK_TIMEOUT', `The callback did not answer: ${result.error}.`, details);
    if (result.outcome === 'unreachable')
      problem(502, 'CALLBACK_UNREACHABLE', `The callback could not be reached: ${result.error}.`, details);
    if (result.outcome === 'rejected')
      problem(502, 'CALLBACK_REJECTED', `The callback answered ${result.statusCode}.`, details);
    const updated = await ownSubscription(db, caller.username, row.id);
    return c.json(subscriptionJson(updated, ctx.publicUrl()));
  });

  app.post('/subscriptions/:id/replay', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const db = await ctx.db();
    const row = await ownSubscription(db, caller.username, c.req.param('id'));
    if (!row.delivery_enabled) {
      problem(
        409,
        'SUBSCRIPTION_DISABLED',
        'Delivery is disabled; verify the subscription first, then replay.',
        { disabledReason: row.disabled_reason },
      );
    }
    const replayed = await db.transaction(async (tx) => requeueUndelivered(tx, row.id, await sandboxNow(tx)));
    // Sent by the scheduler's next pass (within its interval), not inside this request.
    return c.json({ subscriptionId: row.id, replayed }, 202);
  });

  app.get('/subscriptions/:id/deliveries', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const db = await ctx.db();
    const row = await ownSubscription(db, caller.username, c.req.param('id'));
    return c.json({ deliveries: await listDeliveries(db, row.id) });
  });

  return app;
}

const limitBody = z.object({ limit: z.number().int().min(0).max(1000).nullable() });
const emitBody = z.object({
  username: z.string().min(1),
  eventType: z.string().min(1),
  resourcePath: z.string().startsWith('/').max(500).optional(),
});

/** Operator routes under `/sandbox/webhooks` (no authentication, like the rest of /sandbox). */
export function webhookAdminRoutes(ctx: SandboxContext) {
  const app = new Hono();

  app.get('/deliveries', async (c) => c.json({ deliveries: await listDeliveries(await ctx.db()) }));

  app.get('/subscriptions', async (c) => {
    const rows = await listLiveSubscriptions(await ctx.db());
    return c.json({
      subscriptions: rows.map((row) => ({ owner: row.owner, ...subscriptionJson(row, ctx.publicUrl()) })),
    });
  });

  // The active-subscription limit of one client (an online-banking username); `{"limit": null}` resets it.
  app.put('/limits/:username', async (c) => {
    const parsed = limitBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'Send {"limit": <integer> | null}.' }, 400);
    const db = await ctx.db();
    await setSubscriptionLimit(db, c.req.param('username'), parsed.data.limit);
    return c.json({
      username: c.req.param('username'),
      limit: await subscriptionLimit(db, c.req.param('username')),
    });
  });

  // Raises an event for a client as if it had happened at the bank (claim.paid only).
  app.post('/events', async (c) => {
    const parsed = emitBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return c.json(
        {
          error:
            'Send {"username": "...", "eventType": "claim.paid", "resourcePath"?: "/business/claims/..."}.',
        },
        400,
      );
    const eventType = canonicalEventType(parsed.data.eventType);
    if (!eventType || !(DELIVERED_ACTIONS as readonly string[]).includes(eventType))
      return c.json({ error: `Only ${DELIVERED_ACTIONS.join(', ')} is raised by the sandbox.` }, 400);
    const db = await ctx.db();
    const eventId = await db.transaction(async (tx) =>
      recordEvent(tx, {
        owner: parsed.data.username,
        eventType,
        resourcePath: parsed.data.resourcePath ?? `/business/claims/${randomUUID()}`,
        occurredAt: await sandboxNow(tx),
      }),
    );
    await (await ctx.scheduler()).tick();
    return c.json({ eventId }, 201);
  });

  return app;
}
