import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A PGlite data dir can be opened by one process only; a second one would corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'sandbox.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The sandbox data dir ${dataDir} is in use by process ${pid}. PGlite allows one process per data dir: ` +
            'stop that process, or set SANDBOX_DATA_DIR to another directory (or SANDBOX_DATABASE_URL to use PostgreSQL).',
        );
      }
      if (pid === process.pid) {
        throw new DataDirLockedError(`The sandbox data dir ${dataDir} is already open in this process.`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the sandbox data dir ${dataDir}.`);
}
