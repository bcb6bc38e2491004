// Runs once when a server instance starts (never during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { routeConsoleToLogger } = await import('@/lib/log');
  routeConsoleToLogger();
  const { startServer } = await import('@/lib/server/start');
  await startServer();
}
