// A Next.js build adapter (next.config.js `adapterPath`): once `next build` has written the app, the browser
// scripts a page runs most of at load get V8's explicit compile hint, `//# allFunctionsCalledOnLoad` as
// their first line. Chromium then compiles such a script whole, off the main thread while it streams in,
// instead of compiling each module's function on the main thread when Turbopack's runtime first calls it.
// On a first visit to the sign-in page that took the main thread's script time from 133–149 ms a load to
// 42–48 ms (docs/testing.md). Other browsers read a comment. The hint costs about 25 bytes of gzip a
// script, so only scripts of at least HINTED_MIN_BYTES get it: the framework's (React, Next.js's router
// and its flight client) and the payment forms' (react-hook-form, their fields), where nearly every
// function runs at load; a page's small scripts of its own are left as they are.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
export const HINTED_MIN_BYTES = 20_000;

/** Puts the hint at the head of every script of at least HINTED_MIN_BYTES in `chunksDir`; returns their names. */
export function hintChunks(chunksDir) {
  const hinted = [];
  for (const name of readdirSync(chunksDir)) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(chunksDir, name);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) hinted.push(name);
    else if (Buffer.byteLength(code) >= HINTED_MIN_BYTES) {
      writeFileSync(file, COMPILE_HINT + code);
      hinted.push(name);
    }
  }
  return hinted;
}

/** @type {import('next').NextAdapter} */
const adapter = {
  name: 'compile-hints',
  onBuildComplete({ distDir }) {
    hintChunks(path.join(distDir, 'static/chunks'));
  },
};
export default adapter;
