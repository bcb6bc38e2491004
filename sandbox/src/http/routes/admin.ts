import { Hono } from 'hono';
import { z } from 'zod';
import { createAccount, createPsu, setAccountBalance } from '../../admin/customers.js';
import {
  accountsReport,
  authorisationsReport,
  notificationsReport,
  paymentsReport,
} from '../../admin/reports.js';
import { issueSandboxToken } from '../../business/auth.js';
import { parseFaultRule } from '../../faults/rules.js';
import { stopInOnlineBank } from '../../pis/cancellation.js';
import { isValidIbanChecksum } from '../../shared/iban.js';
import { isValidKennitala } from '../../shared/kennitala.js';
import { currencyExponent, fractionDigits, isKnownCurrency } from '../../shared/money.js';
import type { SandboxEnv } from '../env.js';
import { adminAccess, adminRequestOrigin } from '../middleware/admin-access.js';

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

const sandboxTokenBody = z.object({ username: z.string().min(1).max(32) }).strict();

/** A sandbox token lives 30 days on the sandbox clock unless the settings say otherwise. */
const DEFAULT_SANDBOX_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

function invalid(error: z.ZodError) {
  return {
    error: 'Invalid request body.',
    details: error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
  };
}

/**
 * The sandbox's own operator surface under /sandbox (no TPP authentication: it is a local test bank, behind
 * the admin access check). One route group per concern.
 */
export function adminRoutes() {
  const app = new Hono<SandboxEnv>();

  app.use('*', adminAccess);
  app.use('*', adminRequestOrigin);

  app.get('/health', (c) => c.json({ ok: true }));

  // Fault rules: see sandbox/README.md "Faults".
  app.get('/faults', async (c) => c.json({ faults: await c.get('bank').faults.list() }));
  app.post('/faults', async (c) => {
    const parsed = parseFaultRule(await c.req.json().catch(() => undefined));
    if (!parsed.ok) return c.json({ error: 'Invalid fault rule.', details: parsed.errors }, 400);
    return c.json(await c.get('bank').faults.add(parsed.rule), 201);
  });
  app.delete('/faults', async (c) => c.json({ deleted: await c.get('bank').faults.clear() }));
  app.delete('/faults/:id', async (c) =>
    (await c.get('bank').faults.remove(c.req.param('id')))
      ? c.body(null, 204)
      : c.json({ error: 'No such rule.' }, 404),
  );

  app.get('/clock', async (c) => {
    const now = await c.get('clock').now();
    return c.json({ now: new Date(now).toISOString(), offsetSeconds: (now - Date.now()) / 1000 });
  });

  // Moves the sandbox clock forward and applies every status step that became due.
  app.post('/clock/advance', async (c) => {
    const parsed = advanceBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'Send {"seconds": <positive number>}.' }, 400);
    const now = await c.get('clock').advance(parsed.data.seconds);
    await (await c.get('bank').scheduler()).tick();
    // Notifications that became due go out in the background (a slow TPP does not hold up the clock).
    void c.get('bank').notifications()?.kick();
    return c.json({ now: new Date(now).toISOString() });
  });

  // The notification outbox with every delivery attempt; ?paymentId= narrows it to one payment.
  app.get('/notifications', async (c) =>
    c.json(await notificationsReport(c.get('db'), c.req.query('paymentId'))),
  );

  app.get('/payments', async (c) => c.json(await paymentsReport(c.get('db'))));

  // (extra) The PSU stops a payment in their own online bank, without the TPP: CANC where it could still be cancelled.
  app.post('/payments/:paymentId/stop', async (c) => {
    const stopped = await stopInOnlineBank(c.get('db'), c.req.param('paymentId'));
    if (stopped.outcome === 'unknown') return c.json({ error: 'No such payment.' }, 404);
    if (stopped.outcome === 'too-late')
      return c.json(
        { error: 'The payment can no longer be stopped.', transactionStatus: stopped.transactionStatus },
        409,
      );
    return c.json({ transactionStatus: stopped.transactionStatus });
  });

  // Seeding: online-banking users (with accounts), accounts for existing users, balances.
  app.post('/psus', async (c) => {
    const parsed = psuBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json(invalid(parsed.error), 400);
    const psu = parsed.data;
    if ((await createPsu(c.get('db'), psu)) === 'taken')
      return c.json({ error: 'A user with this username or kennitala, or one of the IBANs, exists.' }, 409);
    return c.json(
      { username: psu.username, name: psu.name, kennitala: psu.kennitala, accounts: psu.accounts },
      201,
    );
  });

  app.post('/accounts', async (c) => {
    const parsed = accountBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json(invalid(parsed.error), 400);
    const account = parsed.data;
    const created = await createAccount(c.get('db'), account);
    if (created === 'no-owner')
      return c.json({ error: `No user ${account.owner}: create it with POST /sandbox/psus.` }, 404);
    if (created === 'taken') return c.json({ error: 'An account with this IBAN exists.' }, 409);
    return c.json(account, 201);
  });

  app.put('/accounts/:iban/balance', async (c) => {
    const parsed = balanceBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json(invalid(parsed.error), 400);
    const set = await setAccountBalance(c.get('db'), c.req.param('iban'), parsed.data.balance);
    if (set.kind === 'unknown') return c.json({ error: 'No such account.' }, 404);
    if (set.kind === 'too-precise') {
      return c.json(
        {
          error: 'Invalid request body.',
          details: [`balance: more fraction digits than ${set.currency} has`],
        },
        400,
      );
    }
    return c.json({ iban: set.iban, currency: set.currency, balance: set.balance });
  });

  // Every authorisation (payment and cancellation), newest first; ?paymentId= narrows it to one payment.
  app.get('/authorisations', async (c) =>
    c.json(await authorisationsReport(c.get('db'), c.req.query('paymentId'))),
  );

  app.get('/accounts', async (c) => c.json(await accountsReport(c.get('db'))));

  // The bank's developer portal (a sandbox extra standing in for it): a sandbox token for the business
  // interfaces "generated in the portal instead of user credentials" (business spec part 5, "Sandbox").
  app.post('/portal/sandbox-tokens', async (c) => {
    const parsed = sandboxTokenBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json(invalid(parsed.error), 400);
    const ttl = c.get('config').sandboxTokenTtlSeconds ?? DEFAULT_SANDBOX_TOKEN_TTL_SECONDS;
    const token = await issueSandboxToken(c.get('db'), parsed.data.username, ttl);
    if (!token) return c.json({ error: `No online-banking user ${parsed.data.username}.` }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json(token, 201);
  });

  return app;
}
