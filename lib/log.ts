import pino from 'pino';

/** Structured logs. Personal data (names, accounts, amounts) stays out; ids and codes go in. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: { service: 'app' },
  redact: ['*.authorization', '*.Authorization', '*.password', '*.client_secret'],
});
