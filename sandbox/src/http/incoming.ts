import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The Node request behind a Hono context, when served by @hono/node-server (http/listen.ts). */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}
