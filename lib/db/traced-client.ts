import { inChildSpan, tracingOn } from '@/lib/observability/tracing';
import { timedStatement } from '@/lib/server/server-timing';

/**
 * A span per SQL statement, inside the trace under way (a PSU's request, a job), when tracing is on
 * (lib/observability/tracing.ts); a statement outside any trace (the job queue's polling) makes none.
 * Named by the statement's operation and first table; its text and parameters are not kept. Each
 * statement of a request the server times (SERVER_TIMING=1) also counts in its `db` time
 * (lib/server/server-timing.ts).
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
    if (text === undefined || typeof args[args.length - 1] === 'function') return original(...args);
    const run = () => original(...args) as Promise<unknown>;
    if (!tracingOn()) return timedStatement(run);
    const { operation, table } = statementSummary(text);
    return timedStatement(() =>
      inChildSpan(
        table ? `${operation} ${table}` : operation,
        {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          ...(table ? { 'db.collection.name': table } : {}),
        },
        run,
      ),
    );
  };
  return target;
}
