import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { defineConfig } from 'vitest/config';
import { sharedWorkerTestFiles } from './scripts/database-tests.mjs';
import { testNodeFlags } from './tests/support/node-flags.ts';

const root = fileURLToPath(new URL('./', import.meta.url));
const exclude = ['node_modules/**', 'e2e/**', '.next/**', '.next-*/**', '.data/**'];
// The pure files that leave their worker as they found it (scripts/database-tests.mjs) run one after another in
// workers that keep their loaded modules, instead of each in a new worker that loads them again. The pure files
// alone (CI's first Vitest step) took 36 s and 66 CPU-s so, against 63 s and 122 CPU-s; in the whole pass, where
// they fill the database files' waits, no clear change (271, 371 and 378 s against 372 and 364 s; 28 November
// 2026, 2 cores). Every other file (a database, a bank, a server, the environment or a mock of its own) gets a
// worker of its own.
const sharedWorker = sharedWorkerTestFiles(root);

// Each file runs in a worker thread of this process, not in a child process: a file still gets a new worker with
// its own modules and its own copy of the environment. The whole suite on PGlite (two workers, 5 December 2026)
// took 246 s and 412 CPU-s so, against 267 s and 460 CPU-s in a process each; six database files 28–29 CPU-s
// against 33–37. A thread takes no V8 flags of its own: the flags (tests/support/node-flags.ts) are set here, for
// the whole process, before any worker compiles PGlite's WebAssembly (without them, the six files took 33–34
// CPU-s).
setFlagsFromString(testNodeFlags.join(' '));

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'own-worker',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...exclude, ...sharedWorker],
        },
      },
      { extends: true, test: { name: 'shared-worker', include: sharedWorker, exclude, isolate: false } },
    ],
    pool: 'threads',
    globalSetup: ['tests/support/scratch-dirs.ts'],
    // Cheap password hashes (lib/config: PASSWORD_HASH_COST; the bank's, sandbox/src/shared/passwords.ts): the tests
    // sign up and sign in thousands of times, and seed a new bank database for many files on PostgreSQL.
    env: { LOG_LEVEL: 'error', PASSWORD_HASH_COST: '4', SANDBOX_PASSWORD_HASH_COST: '10' },
    // Three files at once on 2 cores: much of the database files' time is waiting (a bank's timeouts and
    // retries, a process restarting), which a third worker fills. The whole suite on PGlite took 415 s so,
    // against 487 and 556 s on two (three runs on one quiet 2-core machine, 28 November 2026). Where a
    // Vitest pass runs side by side with another (CI's PGlite and PostgreSQL passes) or with the browser specs
    // (npm test on PGlite), it takes two (scripts/test.mjs).
    maxWorkers: 3,
    // Bounds on a failure, not on a pass: what takes a second on an idle machine takes a minute on one
    // busy with other work (starting a bank, loading the app's modules, copying a database).
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // next-intl imports "next/navigation" without an extension, which Node's ESM resolver refuses;
    // Vite resolves it when next-intl is inlined (component tests render next-intl components); so
    // with next-auth and "next/server" (the sign-in tests call next-auth's route handlers).
    server: { deps: { inline: ['next-intl', 'next-auth'] } },
  },
});
