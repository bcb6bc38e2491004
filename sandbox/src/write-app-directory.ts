// `tsx sandbox/src/write-app-directory.ts <file> <sandbox URL>`: the app's bank directory for the sandbox's
// banks (SANDBOX_OTHER_BANKS picks the others, as for the sandbox itself).
import { writeAppDirectory } from './app-directory.js';
import { DEFAULT_BANK, otherBanksNamed } from './banks.js';

const [file, sandboxUrl] = process.argv.slice(2);
if (!file || !sandboxUrl) {
  console.error('usage: write-app-directory.ts <file> <sandbox URL>');
  process.exit(64);
}
writeAppDirectory(file, sandboxUrl, [DEFAULT_BANK, ...otherBanksNamed(process.env.SANDBOX_OTHER_BANKS)]);
