// `npm run worker`: the job queue's workers (status checks, resends, the bank's notifications, webhook events,
// audit retention) in a process of their own, beside app instances started with JOB_WORKERS=separate on the same
// PostgreSQL (docs/operations.md, "Scaling out"). Reads the same settings as the app (.env, DATABASE_URL).
// SIGTERM or Ctrl-C stops it once the jobs under way have finished.
import { loadAppSettings } from './env.mjs';

loadAppSettings();
process.env.LOG_SERVICE ??= 'worker';

const { startWorker } = await import('@/lib/server/start');
await startWorker();
