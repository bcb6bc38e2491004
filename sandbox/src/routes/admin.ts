import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import {
  findAccountByReference,
  insertAccount,
  listAccountsWithOwners,
  setBalance,
} from '../db/queries/accounts.js';
import { listAuthorisations } from '../db/queries/authorisations.js';
import { advanceClock, sandboxNow } from '../db/queries/clock.js';
import { listNotificationAttempts, listOutbox } from '../db/queries/notifications.js';
import { listPayments, periodicExecutions, statusHistory } from '../db/queries/payments.js';
import { findPsu, insertPsu } from '../db/queries/psus.js';
import { incomingOf } from '../faults/middleware.js';
import { faultStore, parseFaultRule } from '../faults/rules.js';
import { notificationWorker } from '../notifications/worker.js';
import { isValidIbanChecksum } from '../shared/iban.js';
import { isValidKennitala } from '../shared/kennitala.js';
import {
  currencyExponent,
  fractionDigits,
  fromMinorUnits,
  isKnownCurrency,
  toMinorUnits,
} from '../shared/money.js';
import { hashPassword } from '../shared/passwords.js';

const advanceBody = z.object({
  seconds: z
    .number()
    .positive()
    .max(10 * 365 * 24 * 3600),
});

const amount = z
  .string()
  .regex(/^-?[0-9]{1,18}(\.[0-9]{1,3})?$/, 'a decimal string such as "1000" or "12.50"');

const accountShape = z
  .object({
    iban: z.string().refine(isValidIbanChecksum, 'not an IBAN with a valid checksum'),
    name: z.string().min(1).max(70),
    currency: z.string().refine(isKnownCurrency, 'not an ISO 4217 currency'),
    balance: amount,
  })
  .strict()
  .refine((a) => fractionDigits(a.balance) <= currencyExponent(a.currency), {
    path: ['balance'],
    message: 'more fraction digits than the currency has',
  });

const psuBody = z
  .object({
    username: z.string().regex(/^[a-z0-9._-]{1,32}$/, 'lower-case letters, digits, . _ - (1 to 32)'),
    password: z.string().min(1).max(200),
    name: z.string().min(1).max(70),
    kennitala: z.string().refine(isValidKennitala, 'not a kennitala with a valid check digit'),
    accounts: z.array(accountShape).max(50).default([]),
  })
  .strict();

const accountBody = z.intersection(accountShape, z.object({ owner: z.string().min(1) }));

const balanceBody = z.object({ balance: amount }).strict();

function invalid(error: z.ZodError) {
  return {
    error: 'Invalid request body.',
    details: error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function keyMatches(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may use /sandbox: anyone connecting over loopback (the socket's peer address; forwarding headers are
 * not trusted), and others only with `X-Sandbox-Admin-Key` equal to `SANDBOX_ADMIN_KEY`. Without a key set,
 * the admin surface answers only loopback.
 */
function adminAllowed(ctx: SandboxContext, c: Context): boolean {
  if (isLoopbackAddress(incomingOf(c)?.socket.remoteAddress)) return true;
  const key = ctx.config.adminKey;
  return key !== undefined && keyMatches(c.req.header('X-Sandbox-Admin-Key'), key);
}

/**
 * The sandbox's own operator surface under /sandbox (no TPP authentication: it is a local test bank).
 * One route group per concern.
 */
export function adminRoutes(ctx: SandboxContext) {
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (!adminAllowed(ctx, c)) {
      return c.json(
        { error: 'The sandbox admin surface needs X-Sandbox-Admin-Key when not called over loopback.' },
        403,
      );
    }
    return next();
  });

  app.get('/health', (c) => c.json({ ok: true }));

  // Fault rules: see sandbox/README.md "Faults".
  app.get('/faults', async (c) => c.json({ faults: await faultStore(ctx).list() }));
  app.post('/faults', async (c) => {
    const parsed = parseFaultRule(await c.req.json().catch(() => undefined));
    if (!parsed.ok) return c.json({ error: 'Invalid fault rule.', details: parsed.errors }, 400);
    return c.json(await faultStore(ctx).add(parsed.rule), 201);
  });
  app.delete('/faults', async (c) => c.json({ deleted: await faultStore(ctx).clear() }));
  app.delete('/faults/:id', async (c) =>
    (await faultStore(ctx).remove(c.req.param('id')))
      ? c.body(null, 204)
      : c.json({ error: 'No such rule.' }, 404),
  );

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
    // Notifications that became due go out in the background (a slow TPP does not hold up the clock).
    void notificationWorker(ctx)?.kick();
    return c.json({ now: new Date(now).toISOString() });
  });

  // The notification outbox with every delivery attempt; ?paymentId= narrows it to one payment.
  app.get('/notifications', async (c) => {
    const db = await ctx.db();
    const paymentId = c.req.query('paymentId');
    const notifications = await listOutbox(db, paymentId);
    const attempts = await listNotificationAttempts(db, paymentId);
    const byOutbox = new Map<string, unknown[]>();
    for (const a of attempts) {
      const list = byOutbox.get(a.outbox_id) ?? [];
      list.push({
        attempt: a.attempt,
        url: a.url,
        xRequestId: a.x_request_id,
        body: a.body,
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        error: a.error,
        fault: a.fault,
        at: new Date(a.at).toISOString(),
      });
      byOutbox.set(a.outbox_id, list);
    }
    return c.json({
      notifications: notifications.map((n) => ({
        id: Number(n.id),
        paymentId: n.payment_id,
        ...(n.authorisation_id
          ? { authorisationId: n.authorisation_id, authorisationKind: n.authorisation_kind }
          : {}),
        kind: n.kind,
        status: n.status,
        state: n.state,
        outcome: n.outcome,
        nextAttemptAt:
          n.state === 'pending' || n.state === 'held' ? new Date(n.next_attempt_at).toISOString() : null,
        createdAt: new Date(n.created_at).toISOString(),
        attempts: byOutbox.get(n.id) ?? [],
      })),
    });
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
        ...(p.payment_service === 'periodic-payments'
          ? {
              executions: (await periodicExecutions(db, p.id)).map((e) => ({
                executionDate: e.execution_date,
                transactionStatus: e.status,
                at: new Date(e.at).toISOString(),
              })),
            }
          : {}),
        ...(p.payment_service === 'bulk-payments' ? { elementStatuses: p.element_statuses } : {}),
        body: p.body,
      });
    }
    return c.json({ payments: result });
  });

  // Seeding: online-banking users (with accounts), accounts for existing users, balances.
  app.post('/psus', async (c) => {
    const parsed = psuBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json(invalid(parsed.error), 400);
    const psu = parsed.data;
    try {
      await (await ctx.db()).transaction(async (tx) => {
        await insertPsu(tx, { ...psu, passwordHash: hashPassword(psu.password) });
        for (const account of psu.accounts) {
          await insertAccount(tx, {
            iban: account.iban,
            ownerUsername: psu.username,
            name: account.name,
            currency: account.currency,
            balanceMinor: toMinorUnits(account.balance, account.currency),
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error))
        return c.json({ error: 'A user with this username or kennitala, or one of the IBANs, exists.' }, 409);
      throw error;
    }
    return c.json(
      { username: psu.username, name: psu.name, kennitala: psu.kennitala, accounts: psu.accounts },
      201,
    );
  });

  app.post('/accounts', async (c) => {
    const parsed = accountBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json(invalid(parsed.error), 400);
    const account = parsed.data;
    const db = await ctx.db();
    if (!(await findPsu(db, account.owner)))
      return c.json({ error: `No user ${account.owner}: create it with POST /sandbox/psus.` }, 404);
    try {
      await insertAccount(db, {
        iban: account.iban,
        ownerUsername: account.owner,
        name: account.name,
        currency: account.currency,
        balanceMinor: toMinorUnits(account.balance, account.currency),
      });
    } catch (error) {
      if (isUniqueViolation(error)) return c.json({ error: 'An account with this IBAN exists.' }, 409);
      throw error;
    }
    return c.json(account, 201);
  });

  app.put('/accounts/:iban/balance', async (c) => {
    const parsed = balanceBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json(invalid(parsed.error), 400);
    const db = await ctx.db();
    const iban = c.req.param('iban');
    const currency = (await findAccountByReference(db, { iban }))?.currency;
    if (!currency) return c.json({ error: 'No such account.' }, 404);
    if (fractionDigits(parsed.data.balance) > currencyExponent(currency)) {
      return c.json(
        { error: 'Invalid request body.', details: [`balance: more fraction digits than ${currency} has`] },
        400,
      );
    }
    await setBalance(db, iban, toMinorUnits(parsed.data.balance, currency));
    return c.json({
      iban,
      currency,
      balance: fromMinorUnits(toMinorUnits(parsed.data.balance, currency), currency),
    });
  });

  // Every authorisation (payment and cancellation), newest first; ?paymentId= narrows it to one payment.
  app.get('/authorisations', async (c) => {
    const paymentId = c.req.query('paymentId');
    const rows = await listAuthorisations(await ctx.db(), paymentId);
    return c.json({
      authorisations: rows.map((r) => ({
        authorisationId: r.id,
        paymentId: r.payment_id,
        kind: r.kind,
        scaStatus: r.sca_status,
        psuUsername: r.psu_username,
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
    });
  });

  app.get('/accounts', async (c) => {
    const rows = await listAccountsWithOwners(await ctx.db());
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
