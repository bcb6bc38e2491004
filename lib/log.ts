import { format } from 'node:util';
import pino from 'pino';
import { scrubText, scrubValue } from '@/lib/security/log-scrub';
import { currentRequestId } from '@/lib/security/request-context';

/**
 * Structured logs. Ids and codes go in; secrets and personal data never do: the keys that name
 * them are redacted, and every value is scrubbed (lib/security/log-scrub.ts) before it is written.
 * A line written while serving a request carries that request's `X-Request-ID` as `requestId`, whatever the
 * line names: the `X-Request-ID` of a bank call (or of a bank's delivery) is `bankRequestId`, the audit row's.
 * With LOG_FILE set, every line goes to that file as well as to stdout. `service` names the process:
 * `app`, or `worker` for the job queue's own (scripts/job-worker.ts), so that their lines can be told apart.
 */
export const logOptions: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: { service: process.env.LOG_SERVICE ?? 'app' },
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
  // The request's id over any the line names, which never replaces it.
  mixinMergeStrategy: (line, mixed) => ({ ...line, ...mixed }),
  redact: {
    paths: [
      '*.authorization',
      '*.Authorization',
      '*.cookie',
      '*.password',
      '*.passwordHash',
      '*.client_secret',
      '*.signingSecret',
      '*.kennitala',
    ],
    censor: '[redacted]',
  },
  formatters: { log: (object) => scrubValue(object) as Record<string, unknown> },
  hooks: {
    logMethod(args, method) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>,
      );
    },
  },
};

function destination(): pino.DestinationStream {
  const file = process.env.LOG_FILE;
  if (!file) return pino.destination(1);
  return pino.multistream([
    { stream: pino.destination(1), level: 'trace' },
    { stream: pino.destination({ dest: file, mkdir: true, sync: true }), level: 'trace' },
  ]);
}

export const logger = pino(logOptions, destination());

/**
 * What Next.js and the libraries print with console.error and console.warn (a request that threw,
 * with its stack) goes through the same logger, scrubbed alike, instead of straight to stderr.
 */
export function routeConsoleToLogger(): void {
  console.error = (...args: unknown[]) => {
    const error = args.find((arg) => arg instanceof Error);
    logger.error(error ? { err: error } : {}, scrubText(format(...args.filter((arg) => arg !== error))));
  };
  console.warn = (...args: unknown[]) => logger.warn(scrubText(format(...args)));
}
