import path from 'node:path';
import { writeAppDirectory } from '@/sandbox/src/app-directory';
import { DEFAULT_BANK, OTHER_BANKS } from '@/sandbox/src/banks';
import { type RunningSandbox, type StartSandboxOptions, startSandbox } from '@/sandbox/src/server';
import { sandboxDataDir } from '@/sandbox/src/testing';
import { freshAppDatabase } from './app-database';
import { scratchDir } from './scratch';

const found = OTHER_BANKS.find((bank) => bank.id === 'sudur');
if (!found) throw new Error('no sandbox bank sudur');
/** The sandbox's Suðurbankinn, which speaks IOBWS 3.2 as published. */
export const SUDUR = found;

/**
 * The sandbox bank with Suðurbankinn beside our bank, on loopback, and the app's settings (a fresh database, the
 * directory of both banks) for its domain code in this process; modules that read them are loaded after.
 */
export async function startSandboxWithSudur(
  options: Pick<StartSandboxOptions, 'contractCheck' | 'contractViolationsFile' | 'delays'>,
  env: Record<string, string> = {},
): Promise<RunningSandbox> {
  const sandbox = await startSandbox({
    port: 0,
    dataDir: await sandboxDataDir([SUDUR]),
    otherBanks: [SUDUR],
    log: () => {},
    ...options,
  });
  const directory = path.join(scratchDir('greidsla-sudur-'), 'banks.json');
  writeAppDirectory(directory, sandbox.url, [DEFAULT_BANK, SUDUR]);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    BANK_DIRECTORY: directory,
    ...env,
  });
  return sandbox;
}
