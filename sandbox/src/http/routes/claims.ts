import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { problem } from '../../business/errors.js';
import {
  CLAIM_STATUSES,
  claimsVisibleTo,
  claimVisibleTo,
  createClaimFor,
  patchClaimFor,
} from '../../claims/claim-requests.js';
import { claimJson, claimPath, claimStatusSuccess, claimTransactionsJson } from '../../claims/claims.js';
import type { SandboxEnv } from '../env.js';
import { answerProblem } from '../errors.js';
import { businessAuth } from '../middleware/business-auth.js';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** IOBWS-Claims 3.1 `createClaimDetails`: the fields the sandbox honours; others are accepted and ignored. */
const createBody = z.object({
  claimKey: z.object({ claimantId: z.string(), account: z.string(), dueDate: date }),
  payorId: z.string(),
  templateCode: z.string(),
  amount: z.number(),
  finalDueDate: date,
  expirationDate: date.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
    .default('ISK'),
  reference: z.string().max(16).optional(),
  billNumber: z.string().max(7).optional(),
  isPartialPaymentAllowed: z.boolean().default(false),
});

/** IOBWS-Claims 3.1 `mergeClaimDetails` (JSON merge patch): the fields a claimant may change here. */
const patchBody = z.object({
  claimStatus: z.enum(CLAIM_STATUSES as [string, ...string[]]).optional(),
  collectionState: z.string().optional(),
  amount: z.number().optional(),
  finalDueDate: date.optional(),
  expirationDate: date.optional(),
  reference: z.string().max(16).nullable().optional(),
  billNumber: z.string().max(7).nullable().optional(),
  isPartialPaymentAllowed: z.boolean().optional(),
});

async function jsonBody<T>(c: Context<SandboxEnv>, schema: z.ZodType<T>): Promise<T> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json'))
    problem(415, 'CONTENT_TYPE_UNSUPPORTED', 'Send the body as application/json.');
  const raw = await c.req.json().catch(() => problem(400, 'BODY_INVALID', 'The body is not JSON.'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    problem(400, 'BODY_INVALID', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The paging headers of the reference's list answers (`OK_200_QueryClaimListInformation`). */
function pagingHeaders(c: Context<SandboxEnv>, paging: { page: number; perPage: number; total: number }) {
  c.header('X-Paging-CurrentPage', String(paging.page));
  c.header('X-Paging-TotalPages', String(Math.max(1, Math.ceil(paging.total / paging.perPage))));
  c.header('X-Paging-TotalItems', String(paging.total));
  c.header('X-Paging-PerPage', String(paging.perPage));
}

/**
 * The claims business interface (IOBWS-Claims 3.1, ÍST TS 315), mounted at `/business` (so `{base_url}/claims` of
 * the spec is `<sandbox>/business/claims`); claims/claim-requests.ts says who sees and changes what.
 */
export function claimRoutes() {
  const app = new Hono<SandboxEnv>();
  app.onError(answerProblem);

  app.post('/claims', businessAuth, async (c) => {
    const body = await jsonBody(c, createBody);
    const row = await createClaimFor(c.get('db'), c.get('businessCaller'), {
      ...body,
      expirationDate: body.expirationDate,
      reference: body.reference,
      billNumber: body.billNumber,
    });
    c.header('Location', `${c.get('bank').publicUrl()}${claimPath(row.id)}`);
    return c.json(claimStatusSuccess(row), 201);
  });

  app.get('/claims', businessAuth, async (c) => {
    const { rows, paging } = await claimsVisibleTo(c.get('db'), c.get('businessCaller'), {
      payorId: c.req.query('payorId'),
      claimantId: c.req.query('claimantId'),
      status: c.req.query('status'),
      collectionState: c.req.query('collectionState'),
      dateFrom: c.req.query('dateFrom'),
      dateTo: c.req.query('dateTo'),
      dateType: c.req.query('dateType'),
      page: c.req.query('page'),
      itemsPerPage: c.req.query('itemsPerPage'),
    });
    pagingHeaders(c, paging);
    return c.json(rows.map(claimJson));
  });

  app.get('/claims/:id', businessAuth, async (c) => {
    const row = await claimVisibleTo(c.get('db'), c.get('businessCaller'), c.req.param('id'));
    return c.json(claimJson(row));
  });

  app.patch('/claims/:id', businessAuth, async (c) => {
    const patch = await jsonBody(c, patchBody);
    const row = await patchClaimFor(c.get('db'), c.get('businessCaller'), c.req.param('id'), {
      ...patch,
      claimStatus: patch.claimStatus as (typeof CLAIM_STATUSES)[number] | undefined,
    });
    return c.json(claimStatusSuccess(row), 201);
  });

  app.get('/claims/:id/transactions', businessAuth, async (c) => {
    const row = await claimVisibleTo(c.get('db'), c.get('businessCaller'), c.req.param('id'));
    const transactions = await claimTransactionsJson(c.get('db'), row);
    pagingHeaders(c, { page: 1, perPage: Math.max(1, transactions.length), total: transactions.length });
    return c.json(transactions);
  });

  return app;
}
