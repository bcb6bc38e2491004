import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env.js';
import { incomingOf } from '../incoming.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function keyMatches(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may use /sandbox: anyone connecting over loopback (the socket's peer address; forwarding headers are
 * not trusted), and others only with `X-Sandbox-Admin-Key` equal to `SANDBOX_ADMIN_KEY`. Without a key set,
 * the admin surface answers only loopback.
 */
export const adminAccess: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const key = c.var.config.adminKey;
  const allowed =
    isLoopbackAddress(incomingOf(c)?.socket.remoteAddress) ||
    (key !== undefined && keyMatches(c.req.header('X-Sandbox-Admin-Key'), key));
  if (!allowed) {
    return c.json(
      { error: 'The sandbox admin surface needs X-Sandbox-Admin-Key when not called over loopback.' },
      403,
    );
  }
  return next();
};
