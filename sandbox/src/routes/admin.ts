import { Hono } from 'hono';
import { z } from 'zod';
import { advanceClock, sandboxNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { fromMinorUnits } from '../lib/money.js';
import { listPayments, statusHistory } from '../pis/payments.js';

const advanceBody = z.object({
  seconds: z
    .number()
    .positive()
    .max(10 * 365 * 24 * 3600),
});

/**
 * The sandbox's own operator surface under /sandbox (no TPP authentication: it is a local test bank).
 * One route group per concern, so that later additions (faults, notifications) slot in beside these.
 */
export function adminRoutes(ctx: SandboxContext) {
  const app = new Hono();

  app.get('/health', (c) => c.json({ ok: true }));

  app.get('/clock', async (c) => {
    const now = await sandboxNow(await ctx.db());
    return c.json({ now: new Date(now).toISOString(), offsetSeconds: (now - Date.now()) / 1000 });
  });

  // Moves the sandbox clock forward and applies every status step that became due.
  app.post('/clock/advance', async (c) => {
    const parsed = advanceBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'Send {"seconds": <positive number>}.' }, 400);
    const now = await advanceClock(await ctx.db(), parsed.data.seconds);
    await (await ctx.scheduler()).tick();
    return c.json({ now: new Date(now).toISOString() });
  });

  app.get('/payments', async (c) => {
    const db = await ctx.db();
    const payments = await listPayments(db);
    const result = [];
    for (const p of payments) {
      result.push({
        paymentId: p.id,
        clientId: p.client_id,
        paymentService: p.payment_service,
        paymentProduct: p.payment_product,
        transactionStatus: p.transaction_status,
        debtorIban: p.debtor_iban,
        total:
          p.total_minor !== null && p.total_currency
            ? { currency: p.total_currency, amount: fromMinorUnits(BigInt(p.total_minor), p.total_currency) }
            : null,
        psuAcceptLanguage: p.psu_accept_language,
        tppRedirectUri: p.tpp_redirect_uri,
        tppNokRedirectUri: p.tpp_nok_redirect_uri,
        tppNotificationUri: p.tpp_notification_uri,
        tppNotificationContentPreferred: p.tpp_notification_content_preferred,
        idempotencyKey: p.idempotency_key,
        createdAt: new Date(p.created_at).toISOString(),
        history: (await statusHistory(db, p.id)).map((h) => ({
          transactionStatus: h.transaction_status,
          reason: h.reason,
          at: new Date(h.at).toISOString(),
        })),
        body: p.body,
      });
    }
    return c.json({ payments: result });
  });

  app.get('/accounts', async (c) => {
    const rows = await (await ctx.db()).query<{
      iban: string;
      username: string;
      owner: string;
      kennitala: string;
      name: string;
      currency: string;
      balance_minor: string;
    }>(
      `SELECT a.iban, p.username, p.name AS owner, p.kennitala, a.name, a.currency, a.balance_minor::text AS balance_minor
       FROM accounts a JOIN psus p ON p.username = a.owner_username ORDER BY p.username, a.iban`,
    );
    return c.json({
      accounts: rows.map((r) => ({
        iban: r.iban,
        username: r.username,
        owner: r.owner,
        kennitala: r.kennitala,
        name: r.name,
        currency: r.currency,
        balance: fromMinorUnits(BigInt(r.balance_minor), r.currency),
      })),
    });
  });

  return app;
}
