import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, HINTED_MIN_BYTES, hintChunks } from '@/scripts/compile-hints.mjs';
import { buildDir } from '@/tests/support/first-load';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A chunks folder holding these files. */
function chunks(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'greidsla-chunks-'));
  scratch.push(dir);
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
  return dir;
}

const large = `(globalThis.TURBOPACK||[]).push([${'1,e=>{},'.repeat(HINTED_MIN_BYTES / 8)}]);`;
const small = '(globalThis.TURBOPACK||[]).push([2,e=>{}]);';

describe('the compile hint', () => {
  it('heads each large script once and leaves small ones and other files as they were', () => {
    const dir = chunks({ 'a.js': large, 'b.js': small, 'c.css': large });
    expect(hintChunks(dir)).toEqual(['a.js']);
    // A second pass (the adapter run again on the same build) changes nothing.
    expect(hintChunks(dir)).toEqual(['a.js']);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe(COMPILE_HINT + large);
    expect(readFileSync(path.join(dir, 'b.js'), 'utf8')).toBe(small);
    expect(readFileSync(path.join(dir, 'c.css'), 'utf8')).toBe(large);
  });

  it('is a line of its own, so that the script after it runs as it did', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});

// The build `npm test` makes first; Vitest run on its own without one skips this.
const chunksDir = path.join(buildDir(process.cwd()), 'static/chunks');
describe.skipIf(!existsSync(chunksDir))("the build's browser scripts", () => {
  it(`carry the hint when at least ${HINTED_MIN_BYTES / 1000} kB without it, and only then`, () => {
    const scripts = readdirSync(chunksDir).filter((name) => name.endsWith('.js'));
    const wrong = scripts.filter((name) => {
      const code = readFileSync(path.join(chunksDir, name), 'utf8');
      const hinted = code.startsWith(COMPILE_HINT);
      const bytes = Buffer.byteLength(hinted ? code.slice(COMPILE_HINT.length) : code);
      return hinted !== bytes >= HINTED_MIN_BYTES;
    });
    expect(scripts.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
