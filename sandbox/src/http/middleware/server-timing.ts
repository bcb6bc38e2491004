import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env.js';

/**
 * An extra the specification does not have: every answer says how long the sandbox bank worked on it
 * (`Server-Timing: sandbox;dur=<ms>`), so that a TPP can tell the bank's time from its own. Clients
 * need not read it; a real bank will not send it.
 */
export const serverTiming: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  c.res.headers.append('Server-Timing', `sandbox;dur=${(performance.now() - started).toFixed(1)}`);
};
