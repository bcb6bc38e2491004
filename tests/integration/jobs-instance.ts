// One app instance's job workers, for the two-instance test: the app's own modules in a child
export {};

// process, settings from the environment. Its pino log (LOG_LEVEL=debug) is its report.
const { startServer } = await import('@/lib/server/start');
await startServer();
process.stdout.write(`${JSON.stringify({ msg: 'instance ready' })}\n`);
