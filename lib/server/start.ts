import { closeDatabase } from '@/lib/db';
import { startJobs, stopJobs } from '@/lib/jobs';
import { logger } from '@/lib/log';

/** Start-up of one app instance: database and migrations, then the job workers; a clean stop on SIGTERM. */
export async function startServer(): Promise<void> {
  await startJobs();
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'stopping: finishing in-flight jobs');
    await stopJobs();
    await closeDatabase();
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
