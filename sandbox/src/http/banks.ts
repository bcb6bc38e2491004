import { Hono } from 'hono';
import type { Bank } from '../bank.js';
import { createApp } from './app.js';

/**
 * The HTTP face of every bank of the process: the first at the root, every other one under its own path
 * (`/banks/{id}`), which its routes never see: each bank's app answers as if it stood alone.
 */
export function serveBanks(
  banks: readonly { path: string; bank: Bank }[],
  log: (message: string, error?: unknown) => void,
) {
  const [root, ...others] = banks.map(({ path, bank }) => ({ path, app: createApp(bank, log) }));
  if (!root) throw new Error('no bank to serve');
  if (others.length === 0) return root.app.fetch;
  const router = new Hono();
  for (const { path, app } of others) router.mount(path, app.fetch);
  router.mount('/', root.app.fetch, { replaceRequest: false });
  return router.fetch;
}
