import { Hono } from 'hono';
import { z } from 'zod';
import { problem } from '../../business/errors.js';
import { claimsVisibleTo, claimVisibleTo, createClaimFor } from '../../claims/claim-requests.js';
import { claimJson } from '../../claims/claims.js';
import type { SandboxEnv } from '../env.js';
import { answerProblem } from '../errors.js';
import { businessAuth } from '../middleware/business-auth.js';

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

/**
 * Business interface for claims, mounted at `/business` (so `{base_url}/claims` of the spec is
 * `<sandbox>/business/claims`); claims/claim-requests.ts says who sees what.
 */
export function claimRoutes() {
  const app = new Hono<SandboxEnv>();
  app.onError(answerProblem);

  app.post('/claims', businessAuth, async (c) => {
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json'))
      problem(415, 'CONTENT_TYPE_UNSUPPORTED', 'Send the body as application/json.');
    const raw = await c.req.json().catch(() => problem(400, 'BODY_INVALID', 'The body is not JSON.'));
    const parsed = createBody.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problem(400, 'BODY_INVALID', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
    }
    const body = parsed.data;
    const row = await createClaimFor(c.var.db, c.var.businessCaller, {
      payorId: body.payorId ?? body.payerKennitala ?? '',
      currency: body.currency,
      amount: String(body.amount),
      dueDate: body.dueDate,
      depositIban: body.depositAccount?.iban,
      partialAllowed: body.isPartialPaymentAllowed ?? body.partialPaymentAllowed ?? false,
      reference: body.reference ?? null,
    });
    const json = await claimJson(c.var.db, row, c.var.bank.publicUrl());
    c.header('Location', json.links[0]?.href ?? '');
    return c.json(json, 201);
  });

  app.get('/claims', businessAuth, async (c) => {
    const rows = await claimsVisibleTo(c.var.db, c.var.businessCaller, {
      payorId: c.req.query('payorId') ?? c.req.query('payerKennitala'),
      status: c.req.query('status'),
    });
    const claims = [];
    for (const row of rows) claims.push(await claimJson(c.var.db, row, c.var.bank.publicUrl()));
    return c.json({ claims });
  });

  app.get('/claims/:id', businessAuth, async (c) => {
    const row = await claimVisibleTo(c.var.db, c.var.businessCaller, c.req.param('id'));
    return c.json(await claimJson(c.var.db, row, c.var.bank.publicUrl()));
  });

  return app;
}
