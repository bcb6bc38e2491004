import { Hono } from 'hono';
import { z } from 'zod';
import { problem } from '../../business/errors.js';
import { listOwnSubscriptions } from '../../db/queries/webhook-subscriptions.js';
import { listDeliveries } from '../../webhooks/deliveries.js';
import {
  cancelOwnSubscription,
  changeSubscription,
  createSubscription,
  ownSubscription,
  replaySubscription,
  verifySubscription,
} from '../../webhooks/service.js';
import { subscriptionJson } from '../../webhooks/subscriptions.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { answerProblem } from '../errors.js';
import { businessAuth } from '../middleware/business-auth.js';

const createBody = z.object({
  callbackUrl: z.string().min(1).max(2048),
  eventTypes: z.array(z.string().max(100)).min(1).max(20),
  // Spec part 4: the body is callbackUrl, eventTypes, description, subjectScope; all four are sent.
  description: z.string().max(500),
  subjectScope: z.string().max(50),
});

const updateBody = z.object({
  eventTypes: z.array(z.string().max(100)).min(1).max(20),
  description: z.string().max(500).optional(),
});

async function jsonBody(c: SandboxContext): Promise<unknown> {
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

/** The webhooks service, mounted at `/events/api/v1` (so `{events_base_url}` is `<sandbox>/events`). */
export function webhooksServiceRoutes() {
  const app = new Hono<SandboxEnv>();
  app.onError(answerProblem);

  app.post('/subscriptions', businessAuth, async (c) => {
    const body = parse(createBody, await jsonBody(c));
    const { row, signingSecret } = await createSubscription(
      c.get('db'),
      c.get('businessCaller').username,
      body,
    );
    const json = { ...subscriptionJson(row, c.get('bank').publicUrl()), signingSecret };
    c.header('Location', json.links[0]?.href ?? '');
    return c.json(json, 201);
  });

  app.get('/subscriptions', businessAuth, async (c) => {
    const rows = await listOwnSubscriptions(c.get('db'), c.get('businessCaller').username);
    return c.json({ subscriptions: rows.map((row) => subscriptionJson(row, c.get('bank').publicUrl())) });
  });

  app.get('/subscriptions/:id', businessAuth, async (c) => {
    const row = await ownSubscription(c.get('db'), c.get('businessCaller').username, c.req.param('id'));
    return c.json(subscriptionJson(row, c.get('bank').publicUrl()));
  });

  app.put('/subscriptions/:id', businessAuth, async (c) => {
    const owner = c.get('businessCaller').username;
    await ownSubscription(c.get('db'), owner, c.req.param('id'));
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
    const row = await changeSubscription(c.get('db'), owner, c.req.param('id'), parse(updateBody, raw));
    return c.json(subscriptionJson(row, c.get('bank').publicUrl()));
  });

  app.delete('/subscriptions/:id', businessAuth, async (c) => {
    await cancelOwnSubscription(c.get('db'), c.get('businessCaller').username, c.req.param('id'));
    return c.body(null, 204);
  });

  app.post('/subscriptions/:id/verify', businessAuth, async (c) => {
    const publicUrl = c.get('bank').publicUrl();
    const row = await verifySubscription(
      c.get('db'),
      publicUrl,
      c.get('businessCaller'),
      c.req.param('id'),
      c.req.query('eventType'),
    );
    return c.json(subscriptionJson(row, publicUrl));
  });

  app.post('/subscriptions/:id/replay', businessAuth, async (c) => {
    const { row, replayed } = await replaySubscription(
      c.get('db'),
      c.get('businessCaller').username,
      c.req.param('id'),
    );
    // Sent by the scheduler's next pass (within its interval), not inside this request.
    return c.json({ subscriptionId: row.id, replayed }, 202);
  });

  app.get('/subscriptions/:id/deliveries', businessAuth, async (c) => {
    const row = await ownSubscription(c.get('db'), c.get('businessCaller').username, c.req.param('id'));
    return c.json({ deliveries: await listDeliveries(c.get('db'), row.id) });
  });

  return app;
}
