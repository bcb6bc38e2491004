// Settings shared by `npm start` and the end-to-end tests: `.env` if present, then a generated
// AUTH_SECRET kept under .data/ so that sessions survive a restart.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function loadEnv() {
  const file = path.join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

export function authSecret(dataRoot) {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(dataRoot, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataRoot, { recursive: true });
    writeFileSync(file, randomBytes(33).toString('base64'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * For a command run beside the app (a role, an account holder): the app's settings, database and secret as
 * `npm start` finds them; an empty DATA_DIR or APP_DATA_DIR is taken as unset, as `npm start` takes it.
 */
export function loadAppSettings() {
  loadEnv();
  const dataRoot = path.resolve(root, process.env.DATA_DIR || '.data');
  process.env.APP_DATA_DIR ||= path.join(dataRoot, 'app');
  process.env.AUTH_SECRET = authSecret(dataRoot);
}
