import { z } from 'zod';
import type { Db } from '@/lib/db';
import {
  type BankCallAuditRow,
  type BankCallFilters,
  bankCallChoices,
  listBankCalls,
} from '@/lib/db/queries/bank-call-audit';
import { dayParam } from '@/lib/forms/day-param';
import { csvCell } from '@/lib/security/spreadsheet-cell';

/**
 * The audit trail of bank calls as an operator reads it (app/[locale]/operations/audit, a page at a time,
 * and its CSV at /api/operations/audit): filtered by payment, bank, PSU account, request id, operation,
 * outcome and days. Never shown to a PSU, not even for their own payment: it holds our operational detail
 * (request ids, the bank's codes, timings), and what a PSU is told about a payment is on its own page, in
 * words.
 */
export const AUDIT_PAGE_ROWS = 50;
export const AUDIT_CSV_ROWS = 50_000;

const uuid = z.uuid();
const filterSchema = z.object({
  // Ours (a UUID) or the bank's, whose form is the bank's to choose: the one the payment's page shows the PSU.
  payment: z
    .string()
    .regex(/^[\w.~:-]{1,100}$/)
    .optional(),
  // Their account id, or the e-mail address of their account.
  psu: z.union([uuid, z.email()]).optional(),
  bank: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/)
    .optional(),
  request: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,100}$/)
    .optional(),
  operation: z
    .string()
    .regex(/^[a-z-]{1,60}$/)
    .optional(),
  outcome: z.enum(['ok', 'failed']).optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
});

export type AuditQuery = z.infer<typeof filterSchema>;
export const auditQueryKeys = Object.keys(filterSchema.shape) as (keyof AuditQuery)[];

/** The filters of a query string; a value that is not one (written by hand) is named and left out. */
export function parseAuditQuery(params: Record<string, string | string[] | undefined>): {
  query: AuditQuery;
  invalid: string[];
} {
  const query: Record<string, string> = {};
  const invalid: string[] = [];
  for (const key of auditQueryKeys) {
    const raw = params[key];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!value) continue;
    const field = filterSchema.shape[key].safeParse(value);
    if (field.success && field.data !== undefined) query[key] = field.data;
    else invalid.push(key);
  }
  return { query: query as AuditQuery, invalid };
}

function toFilters(query: AuditQuery): BankCallFilters {
  return {
    paymentId: query.payment,
    ...(query.psu && uuid.safeParse(query.psu).success ? { psuId: query.psu } : { psuEmail: query.psu }),
    bankId: query.bank,
    requestId: query.request,
    operation: query.operation,
    outcome: query.outcome,
    // Whole days in UTC, `to` included.
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(`${query.to}T23:59:59.999Z`) : undefined,
  };
}

/** The newest `limit` calls matching the filters (the CSV). */
export function auditTrail(db: Db, query: AuditQuery, limit: number): Promise<BankCallAuditRow[]> {
  return listBankCalls(db, toFilters(query), limit);
}

/**
 * Where a page starts: `after` in the query string, the id of the last call of the page before. Anything
 * else (written by hand) starts at the newest call.
 */
export function parseAuditCursor(params: Record<string, string | string[] | undefined>): number | undefined {
  const raw = params.after;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * One page of the calls matching the filters, newest first: at most AUDIT_PAGE_ROWS of them from `after`
 * on, and the cursor of the next page where there are more.
 */
export async function auditPage(
  db: Db,
  query: AuditQuery,
  after?: number,
): Promise<{ rows: BankCallAuditRow[]; next?: number }> {
  const found = await listBankCalls(db, { ...toFilters(query), after }, AUDIT_PAGE_ROWS + 1);
  const rows = found.slice(0, AUDIT_PAGE_ROWS);
  return { rows, next: found.length > AUDIT_PAGE_ROWS ? rows.at(-1)?.id : undefined };
}

export type { BankCallAuditRow };
export { bankCallChoices as auditChoices };

const csvColumns = [
  'at',
  'bank',
  'interface',
  'operation',
  'method',
  'path',
  'http_status',
  'error_codes',
  'failure',
  'duration_ms',
  'retry',
  'x_request_id',
  'payment_id',
  'psu_id',
  'app_request_id',
  'job',
  'trace_id',
] as const;

export function auditCsv(rows: BankCallAuditRow[]): string {
  const lines = [csvColumns.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.at.toISOString(),
        row.bankId,
        row.bankInterface,
        row.operation,
        row.method,
        row.path,
        row.status,
        row.errorCodes.join(' '),
        row.failure,
        row.durationMs,
        row.retry,
        row.requestId,
        row.paymentId,
        row.psuId,
        row.appRequestId,
        row.job,
        row.traceId,
      ]
        .map((value) => csvCell(value))
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
