import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { listLiveSubscriptions, setSubscriptionLimit } from '../../db/queries/webhook-subscriptions.js';
import { listDeliveries, raiseEvent } from '../../webhooks/deliveries.js';
import { canonicalEventType, DELIVERED_ACTIONS } from '../../webhooks/event-types.js';
import { subscriptionJson, subscriptionLimit } from '../../webhooks/subscriptions.js';
import type { SandboxEnv } from '../env.js';

const limitBody = z.object({ limit: z.number().int().min(0).max(1000).nullable() });
const emitBody = z.object({
  username: z.string().min(1),
  eventType: z.string().min(1),
  resourcePath: z.string().startsWith('/').max(500).optional(),
});

/** Operator routes under `/sandbox/webhooks` (behind the admin access check, like the rest of /sandbox). */
export function webhookAdminRoutes() {
  const app = new Hono<SandboxEnv>();

  app.get('/deliveries', async (c) => c.json({ deliveries: await listDeliveries(c.get('db')) }));

  app.get('/subscriptions', async (c) => {
    const rows = await listLiveSubscriptions(c.get('db'));
    return c.json({
      subscriptions: rows.map((row) => ({
        owner: row.owner,
        ...subscriptionJson(row, c.get('bank').publicUrl()),
      })),
    });
  });

  // The active-subscription limit of one client (an online-banking username); `{"limit": null}` resets it.
  app.put('/limits/:username', async (c) => {
    const parsed = limitBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'Send {"limit": <integer> | null}.' }, 400);
    await setSubscriptionLimit(c.get('db'), c.req.param('username'), parsed.data.limit);
    return c.json({
      username: c.req.param('username'),
      limit: await subscriptionLimit(c.get('db'), c.req.param('username')),
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
    const eventId = await raiseEvent(c.get('db'), {
      owner: parsed.data.username,
      eventType,
      resourcePath: parsed.data.resourcePath ?? `/business/claims/${randomUUID()}`,
    });
    await (await c.get('bank').scheduler()).tick();
    return c.json({ eventId }, 201);
  });

  return app;
}
