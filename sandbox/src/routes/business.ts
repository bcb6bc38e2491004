import { Hono } from 'hono';
import { z } from 'zod';
import { authenticateBusiness, type BusinessCaller } from '../business/auth.js';
import { ProblemException, problem, sendProblem } from '../business/errors.js';
import { claimJson, createClaim } from '../claims/claims.js';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { accountsOf } from '../db/queries/accounts.js';
import { type ClaimRow, findClaim, listClaims } from '../db/queries/claims.js';
import { sandboxNow } from '../db/queries/clock.js';
import { isValidKennitala } from '../shared/kennitala.js';

const createBody = z
  .object({
    payorId: z.string().optional(),
    payerKennitala: z.string().optional(),
    amount: z.union([z.number(), z.string()]),
    currency: z.string().default('ISK'),
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
    depositAccount: z.object({ iban: z.string() }).optional(),
    isPartialPaymentAllowed: z.boolean().optional(),
    partialPaymentAllowed: z.boolean().optional(),
    reference: z.string().max(16).nullable().optional(),
  })
  .refine((b) => b.payorId !== undefined || b.payerKennitala !== undefined, {
    message: 'payorId (the payer kennitala) is required',
    path: ['payorId'],
  });

function visibleTo(claim: ClaimRow, caller: BusinessCaller): boolean {
  return claim.claimant_kennitala === caller.kennitala || claim.payor_id === caller.kennitala;
}

async function depositAccount(db: Queryable, caller: BusinessCaller, iban: string | undefined) {
  const rows = await accountsOf(db, caller.username);
  const account = iban
    ? rows.find((r) => r.iban === iban.replaceAll(' ', '').toUpperCase())
    : rows.find((r) => r.currency === 'ISK');
  if (!account)
    problem(
      400,
      'DEPOSIT_ACCOUNT_INVALID',
      iban ? 'depositAccount is not an account of the claimant.' : 'The claimant has no ISK account.',
    );
  if (account.currency !== 'ISK')
    problem(400, 'DEPOSIT_ACCOUNT_INVALID', 'depositAccount must be an ISK account.');
  return account.iban;
}

/**
 * Business interface for claims, mounted at `/business` (so `{base_url}/claims` of the spec is
 * `<sandbox>/business/claims`). A claim is visible to its claimant and to its payor (their b2b tokens).
 */
export function businessRoutes(ctx: SandboxContext) {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof ProblemException) return sendProblem(c, error.problem);
    throw error;
  });

  app.post('/claims', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json'))
      problem(415, 'CONTENT_TYPE_UNSUPPORTED', 'Send the body as application/json.');
    const raw = await c.req.json().catch(() => problem(400, 'BODY_INVALID', 'The body is not JSON.'));
    const parsed = createBody.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problem(400, 'BODY_INVALID', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
    }
    const body = parsed.data;
    const payorId = body.payorId ?? body.payerKennitala ?? '';
    if (!isValidKennitala(payorId)) problem(400, 'PAYOR_INVALID', 'payorId must be a valid kennitala.');
    if (body.currency !== 'ISK') problem(400, 'CURRENCY_UNSUPPORTED', 'Claims on the sandbox are in ISK.');
    const amount = String(body.amount);
    if (!/^[1-9][0-9]{0,14}$/.test(amount))
      problem(400, 'AMOUNT_INVALID', 'amount must be a positive whole number of krónur.');
    if (Number.isNaN(Date.parse(`${body.dueDate}T00:00:00Z`)))
      problem(400, 'DUE_DATE_INVALID', 'dueDate is not a date.');
    const db = await ctx.db();
    const iban = await depositAccount(db, caller, body.depositAccount?.iban);
    const row = await db.transaction(async (tx) =>
      createClaim(tx, {
        claimantUsername: caller.username,
        claimantKennitala: caller.kennitala,
        claimantName: caller.name,
        payorId,
        depositIban: iban,
        currency: 'ISK',
        amountMinor: BigInt(amount),
        dueDate: body.dueDate,
        reference: body.reference ?? null,
        partialAllowed: body.isPartialPaymentAllowed ?? body.partialPaymentAllowed ?? false,
        now: await sandboxNow(tx),
      }),
    );
    const json = await claimJson(db, row, ctx.publicUrl());
    c.header('Location', json.links[0]?.href ?? '');
    return c.json(json, 201);
  });

  app.get('/claims', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const payorId = c.req.query('payorId') ?? c.req.query('payerKennitala');
    const status = c.req.query('status');
    if (payorId !== undefined && !/^[0-9]{10}$/.test(payorId))
      problem(400, 'PAYOR_INVALID', 'payorId must be a kennitala (10 digits).');
    if (status !== undefined && status !== 'Unpaid' && status !== 'Paid')
      problem(400, 'STATUS_INVALID', 'status is Unpaid or Paid.');
    const db = await ctx.db();
    const rows = (await listClaims(db, { payorId, status })).filter((r) => visibleTo(r, caller));
    const claims = [];
    for (const row of rows) claims.push(await claimJson(db, row, ctx.publicUrl()));
    return c.json({ claims });
  });

  app.get('/claims/:id', async (c) => {
    const caller = await authenticateBusiness(c, ctx);
    const db = await ctx.db();
    const row = await findClaim(db, c.req.param('id'));
    if (!row || !visibleTo(row, caller)) problem(404, 'CLAIM_NOT_FOUND', 'No such claim.');
    return c.json(await claimJson(db, row, ctx.publicUrl()));
  });

  return app;
}
