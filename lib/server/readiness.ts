import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getDb } from '@/lib/db';
import { newestAppliedMigration, pingDatabase } from '@/lib/db/queries/health';
import { logger } from '@/lib/log';
import { lifecycle } from './lifecycle';

export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; jobs: boolean; draining: boolean };
}

/** The newest migration this build ships, by the timestamp drizzle records when it applies one. */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(process.cwd(), 'lib/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

export async function checkReadiness(): Promise<Readiness> {
  const checks = {
    database: false,
    migrations: false,
    jobs: lifecycle.jobsStarted,
    draining: lifecycle.draining,
  };
  try {
    const db = await withTimeout(getDb(), 5_000);
    await withTimeout(pingDatabase(db), 2_000);
    checks.database = true;
    const applied = await withTimeout(newestAppliedMigration(db), 2_000);
    checks.migrations = applied >= (await newestMigration());
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'readiness check failed');
  }
  return { ready: checks.database && checks.migrations && checks.jobs && !checks.draining, checks };
}
