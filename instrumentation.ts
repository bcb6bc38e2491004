// Runs once when a server instance starts (never during `next build`): migrations, then the job
// workers that keep every unsettled payment's status current.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startJobs, stopJobs } = await import('@/lib/jobs');
  const { closeDatabase } = await import('@/lib/db');
  await startJobs();
  const shutdown = async () => {
    await stopJobs();
    await closeDatabase();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
