/**
 * V8's flags for Vitest's workers (vitest.config.ts sets them for its process) and the children the crash test
 * starts and kills. PGlite is PostgreSQL compiled to WebAssembly: V8 runs it first as its baseline compiler
 * (Liftoff) made it and, as functions grow hot, compiles them again with its optimising one (TurboFan). A
 * long-running server gains from that; a test, which opens its databases and ends within seconds or minutes,
 * mostly pays for it. With `--liftoff-only`, a process that opened one PGlite from a template and asked it 50
 * queries took 1.0–1.2 s of user CPU against 2.5–3.3; the whole Vitest suite on PGlite 381 s against 461 (751
 * CPU-s against 913), and the crash test 47 s against 57, on one 2-core machine, 28 November 2026. The browser
 * specs' app and bank keep V8's default, as `npm start` and the benchmarks do: they live through the whole run,
 * and four specs took 94–98 s with the flag against 98–104 without it, within the noise.
 */
export const testNodeFlags = ['--liftoff-only'];
