// Entry point: `npm run sandbox` (tsx sandbox/src/main.ts).
import { otherBanksNamed } from './banks.js';
import { configFromEnv } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { startSandbox } from './server.js';

async function main() {
  const config = configFromEnv();
  const otherBanks = otherBanksNamed(process.env.SANDBOX_OTHER_BANKS);
  const sandbox = await startSandbox({
    port: config.port,
    host: config.host,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    databaseUrl: config.databaseUrl,
    publicUrl: config.publicUrl,
    clients: config.clients,
    delays: config.delays,
    tokenTtlSeconds: config.tokenTtlSeconds,
    adminKey: config.adminKey,
    tls: config.tls,
    certificates: config.certificates,
    businessCertificate: config.businessCertificate,
    sandboxTokenTtlSeconds: config.sandboxTokenTtlSeconds,
    contractCheck: config.contractCheck,
    contractViolationsFile: config.contractViolationsFile,
    maxBodyBytes: config.maxBodyBytes,
    idpClients: config.idpClients,
    otherBanks,
  });
  console.log(
    `[sandbox] listening on ${sandbox.url} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
  for (const bank of otherBanks) {
    const speaks = bank.dialect === 'iobws-3.2' ? 'IOBWS 3.2 at /v1/…' : 'our spec at /psd2/api/v1/…';
    console.log(
      `[sandbox] ${bank.name} (${bank.bankNumbers.join(', ')}): ${sandbox.url}/banks/${bank.id}, speaks ${speaks}`,
    );
  }
  if (sandbox.tlsUrl) console.log(`[sandbox] and on ${sandbox.tlsUrl} (TLS, asks for client certificates)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sandbox] ${signal}: closing`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[sandbox] close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid sandbox settings'))
  ) {
    console.error(`[sandbox] ${error.message}`);
  } else {
    console.error('[sandbox] failed to start', error);
  }
  process.exit(1);
});
