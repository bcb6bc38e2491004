import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JON_MAIN } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { creditTransferRequest } from '@/tests/support/initiation-request';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

// Every exchange with the bank lands in the audit trail (bank_call_audit) by the observer the app
// registers at start-up, with no help from the code that makes the call beyond naming its payment.
let app: AppAtSandbox;
let audit: typeof import('@/lib/observability/bank-calls');
let queries: typeof import('@/lib/db/queries/bank-call-audit');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'bank-call-audit-secret-bank-call-audit-01' });
  audit = await import('@/lib/observability/bank-calls');
  queries = await import('@/lib/db/queries/bank-call-audit');
  audit.recordBankCalls();
});

afterAll(async () => {
  await app?.close();
});

async function trailOf(paymentId: string) {
  await audit.flushBankCallAudit();
  return queries.listBankCalls(app.db, { paymentId }, 100);
}

describe('the audit trail of bank calls', () => {
  it('records a payment’s initiation with its PSU, status, X-Request-ID and duration', async () => {
    const { id } = await app.pay({ debtorIban: JON_MAIN });
    const rows = await trailOf(id);
    const initiation = rows.find((row) => row.operation === 'initiate');
    expect(initiation).toMatchObject({
      bankId: 'default',
      bankInterface: 'payments',
      method: 'POST',
      path: '/psd2/api/v1/payments/credit-transfers',
      status: 201,
      psuId: app.psuId,
      paymentId: id,
      errorCodes: [],
      failure: null,
      retry: 0,
    });
    expect(initiation?.durationMs).toBeGreaterThanOrEqual(0);
    // The X-Request-ID is the one the bank received.
    const sent = app.proxy
      .bankCalls()
      .filter((call) => call.method === 'POST' && call.path.endsWith('/payments/credit-transfers'))
      .map((call) => call.headers['x-request-id']);
    expect(sent).toContain(initiation?.requestId);
  });

  it('files every call for a payment under it, the read of what the bank holds of it (spec 2.6) too', async () => {
    const { id, redirectTo } = await app.pay({ debtorIban: JON_MAIN });
    await decideAtBank(redirectTo, 'approve');
    await app.sync.refreshFromBank(app.db, await app.payment(id), 'redirect', '10.20.30.40');
    const { bankPaymentId } = await app.payment(id);
    const operations = (await trailOf(id)).map((row) => row.operation);
    expect(operations).toEqual(expect.arrayContaining(['initiate', 'sca-status', 'status', 'read-payment']));
    // No call of this payment's is left out of its trail.
    await audit.flushBankCallAudit();
    const all = await queries.listBankCalls(app.db, {}, 100);
    const unfiled = all.filter((row) => row.path.includes(bankPaymentId ?? '?') && row.paymentId !== id);
    expect(unfiled).toEqual([]);
  });

  it('finds a payment’s calls by the bank’s id of it, the one its page shows the PSU, as by ours', async () => {
    const { parseAuditQuery, auditPage } = await import('@/lib/observability/audit-trail');
    const { id, redirectTo } = await app.pay({ debtorIban: JON_MAIN });
    await decideAtBank(redirectTo, 'approve');
    await app.sync.refreshFromBank(app.db, await app.payment(id), 'redirect', '10.20.30.40');
    const { bankPaymentId } = await app.payment(id);
    await audit.flushBankCallAudit();
    const ours = await auditPage(app.db, parseAuditQuery({ payment: id }).query);
    const asked = parseAuditQuery({ payment: ` ${bankPaymentId} ` });
    expect(asked.invalid).toEqual([]);
    const theirs = await auditPage(app.db, asked.query);
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.map((row) => row.id)).toEqual(ours.rows.map((row) => row.id));
    // A bank's id need not be a UUID (IOBWS 3.2 leaves its form to the bank): one that is not is looked for.
    const other = parseAuditQuery({ payment: 'PMT-2026.0001_a' });
    expect(other.invalid).toEqual([]);
    expect((await auditPage(app.db, other.query)).rows).toEqual([]);
  });

  it('finds a PSU’s calls by their e-mail address, as by their account id, however the operator writes it', async () => {
    const { parseAuditQuery, auditPage } = await import('@/lib/observability/audit-trail');
    const { psus } = await import('@/lib/db/schema');
    const { eq } = await import('drizzle-orm');
    await app.pay({ debtorIban: JON_MAIN });
    await audit.flushBankCallAudit();
    const [psu] = await app.db.select({ email: psus.email }).from(psus).where(eq(psus.id, app.psuId));
    const byId = await auditPage(app.db, parseAuditQuery({ psu: app.psuId }).query);
    expect(byId.rows.length).toBeGreaterThan(0);
    const asked = parseAuditQuery({ psu: ` ${psu?.email.toUpperCase()} ` });
    expect(asked.invalid).toEqual([]);
    expect((await auditPage(app.db, asked.query)).rows.map((row) => row.id)).toEqual(
      byId.rows.map((row) => row.id),
    );
    // An address no account has finds nothing, never every call.
    const nobody = parseAuditQuery({ psu: 'nobody@example.is' });
    expect(nobody.invalid).toEqual([]);
    expect((await auditPage(app.db, nobody.query)).rows).toEqual([]);
    expect(parseAuditQuery({ psu: 'not an address' }).invalid).toEqual(['psu']);
  });

  it('records a refusal with the bank’s status and tppMessages codes, and a busy answer’s retry', async () => {
    app.proxy.answerNext('GET', /\/status$/, {
      status: 503,
      headers: { 'Retry-After': '0' },
      body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE' }] },
    });
    const { id } = await app.pay({ debtorIban: JON_MAIN });
    await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
    const statusReads = (await trailOf(id)).filter((row) => row.operation === 'status').reverse();
    expect(statusReads.map((row) => [row.status, row.retry, row.errorCodes])).toEqual([
      [503, 0, ['SERVICE_UNAVAILABLE']],
      [200, 1, []],
    ]);
    expect(statusReads[0]?.requestId).not.toBe(statusReads[1]?.requestId);

    app.proxy.answerNext('POST', /\/payments\/credit-transfers$/, {
      status: 400,
      body: { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'creditorAccount' }] },
    });
    const { initiation } = app;
    const refused = await initiation.initiateOnce(
      creditTransferRequest(app.psuId, {
        debtor: JON_MAIN,
        creditor: 'IS030115260123450101302989',
        amount: '10',
        psuIpAddress: '10.20.30.40',
      }),
    );
    expect(refused.ok).toBe(false);
    const [row] = (await trailOf(refused.paymentId ?? '')).filter((r) => r.operation === 'initiate');
    expect(row).toMatchObject({ status: 400, errorCodes: ['FORMAT_ERROR'], psuId: app.psuId });
  });

  it('keeps no personal data: no kennitala, e-mail, IBAN or query string in any row', async () => {
    await audit.flushBankCallAudit();
    const rows = await queries.listBankCalls(app.db, {}, 1000);
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    // A random id's hex can hold ten digits in a row: ids are read past, not as kennitölur.
    const withoutIds = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'id');
    expect(withoutIds).not.toMatch(/(?<![\d-])\d{6}-?\d{4}(?![\d-])/);
    expect(text).not.toMatch(/@/);
    expect(text).not.toMatch(/IS\d{24}/);
    expect(rows.every((row) => !row.path.includes('?'))).toBe(true);
  });

  it('prunes rows past their retention and keeps the rest', async () => {
    const { bankCallAudit } = await import('@/lib/db/audit-schema');
    await app.db.insert(bankCallAudit).values({
      at: new Date(Date.now() - 401 * 24 * 3600 * 1000),
      bankInterface: 'payments',
      operation: 'status',
      method: 'GET',
      path: '/old',
      requestId: 'old-request',
      durationMs: 1,
    });
    const before = await queries.countBankCalls(app.db);
    expect(await queries.pruneBankCalls(app.db, 400)).toBe(1);
    expect(await queries.countBankCalls(app.db)).toBe(before - 1);
    expect(await queries.countBankCalls(app.db, { requestId: 'old-request' })).toBe(0);
  });

  it('is read a page at a time, newest first: every call once, calls of the same moment newest id first', async () => {
    const { auditPage, AUDIT_PAGE_ROWS } = await import('@/lib/observability/audit-trail');
    const start = Date.now() - 3600_000;
    // Two and a half pages, inserted oldest first; two calls in three share their moment with another.
    const requestIds = Array.from({ length: AUDIT_PAGE_ROWS * 2.5 }, (_, i) => `paging-${i}`);
    await queries.insertBankCalls(
      app.db,
      requestIds.map((requestId, i) => ({
        at: new Date(start + Math.floor((i * 2) / 3) * 1000),
        bankInterface: 'payments',
        operation: 'paging-check',
        method: 'GET',
        path: '/paging',
        requestId,
        durationMs: 1,
      })),
    );
    const pages: string[][] = [];
    let after: number | undefined;
    do {
      const page = await auditPage(app.db, { operation: 'paging-check' }, after);
      pages.push(page.rows.map((row) => row.requestId));
      after = page.next;
    } while (after !== undefined && pages.length < 5);
    expect(pages.map((page) => page.length)).toEqual([AUDIT_PAGE_ROWS, AUDIT_PAGE_ROWS, AUDIT_PAGE_ROWS / 2]);
    expect(pages.flat()).toEqual(requestIds.toReversed());
  });

  it('ends where the calls end: a full last page has no next, and a page after a pruned call is empty', async () => {
    const { auditPage, AUDIT_PAGE_ROWS } = await import('@/lib/observability/audit-trail');
    await queries.insertBankCalls(
      app.db,
      Array.from({ length: AUDIT_PAGE_ROWS }, (_, i) => ({
        at: new Date(Date.now() - i * 1000),
        bankInterface: 'payments',
        operation: 'one-page-check',
        method: 'GET',
        path: '/one-page',
        requestId: `one-page-${i}`,
        durationMs: 1,
      })),
    );
    const page = await auditPage(app.db, { operation: 'one-page-check' });
    expect(page.rows).toHaveLength(AUDIT_PAGE_ROWS);
    expect(page.next).toBeUndefined();
    const { bankCallAudit } = await import('@/lib/db/audit-schema');
    const { eq } = await import('drizzle-orm');
    const pruned = page.rows.at(-1)?.id ?? 0;
    await app.db.delete(bankCallAudit).where(eq(bankCallAudit.id, pruned));
    expect(await auditPage(app.db, {}, pruned)).toEqual({ rows: [], next: undefined });
  });
});

describe('the audit page’s cursor', () => {
  it('is a row id as the page wrote it; anything else starts at the newest call', async () => {
    const { parseAuditCursor } = await import('@/lib/observability/audit-trail');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(parseAuditCursor({ after: String(id) })).toBe(id);
      }),
    );
    for (const after of [undefined, '', '0', '-5', '1.5', '1e3', ' 7', '007', '99999999999999999', 'abc']) {
      expect(parseAuditCursor({ after })).toBeUndefined();
    }
    expect(parseAuditCursor({ after: ['12', '13'] })).toBe(12);
  });
});
