import { inChildSpan, tracingOn } from '@/lib/observability/tracing';

/**
 * A span per SQL statement, inside the trace under way (a PSU's request, a job), when tracing is on
 * (lib/observability/tracing.ts); a statement outside any trace (the job queue's polling) makes none.
 * Named by the statement's operation and first table; its text and parameters are not kept.
 */
interface Queryable {
  query: (...args: never[]) => unknown;
}

const OPERATION =
  /^\s*(?:WITH\b[\s\S]*?\)\s*)?(SELECT|INSERT|UPDATE|DELETE|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|LOCK|SET|CREATE|ALTER|DROP)\b/i;
const TABLE = /\b(?:FROM|INTO|UPDATE|JOIN)\s+"?(?:[a-z_][a-z0-9_]*"?\."?)?([a-z_][a-z0-9_]*)"?/i;

export function statementSummary(text: string): { operation: string; table?: string } {
  const operation = OPERATION.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
  return { operation, table: TABLE.exec(text)?.[1] };
}

function textOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string')
    return (first as { text: string }).text;
  return undefined;
}

/** Wraps `target.query` (promise form only: a callback or a submittable passes through untouched). */
export function traceQueries<T extends Queryable>(target: T): T {
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const text = textOf(args[0]);
    if (!tracingOn() || text === undefined || typeof args[args.length - 1] === 'function')
      return original(...args);
    const { operation, table } = statementSummary(text);
    return inChildSpan(
      table ? `${operation} ${table}` : operation,
      {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        ...(table ? { 'db.collection.name': table } : {}),
      },
      () => original(...args) as Promise<unknown>,
    );
  };
  return target;
}
