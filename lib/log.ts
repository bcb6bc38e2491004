import pino from 'pino';
import { currentRequestId } from '@/lib/security/request-context';

/**
 * Structured logs. Personal data (names, accounts, amounts) stays out; ids and codes go in. A line
 * written while serving a request carries that request's `X-Request-ID` as `requestId`.
 */
export const logOptions: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: { service: 'app' },
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
  redact: ['*.authorization', '*.Authorization', '*.password', '*.client_secret'],
};

export const logger = pino(logOptions);
