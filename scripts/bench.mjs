// `npm run bench`: builds the app if its sources changed, runs every benchmark in bench/ one after
// another (the page benchmarks start their own app on :3400 and sandbox bank on :4410, with temp data
// dirs), and rewrites bench/RESULTS.md with the machine, the date and each figure beside its target.
// `npm run bench -- history-page lighthouse` runs only those (RESULTS.md is then not rewritten).
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { root } from './env.mjs';

/** Every benchmark, with its arguments and, for those that print no BENCH_RESULT line, a reader. */
const benches = [
  { name: 'initiation-overhead', args: ['300'], pglite: true },
  { name: 'history-page', args: ['100000', '200'] },
  { name: 'webhook-limits', args: ['1000', '3'] },
  { name: 'webhook-intake', args: ['2000'], read: readWebhookIntake },
  { name: 'validate-bulk', args: [], read: readValidateBulk },
  { name: 'csv-import', args: [], read: readCsvImport },
  { name: 'sandbox-initiations', args: ['10', '16'], read: readSandboxInitiations, optional: true },
  { name: 'sandbox-vs-prism', args: ['5', '16', '2'] },
  { name: 'first-load-js', args: [], needsBuild: true },
  { name: 'page-server-time', args: ['30'], needsBuild: true },
  { name: 'history-bulks', args: ['1000', '15'], needsBuild: true },
  { name: 'lighthouse', args: ['3'], needsBuild: true },
  { name: 'browser-paths', args: ['20', '100000'], needsBuild: true },
  // PSUs paying end to end through one app instance, then two, on one PostgreSQL (bench/capacity.ts).
  { name: 'capacity', args: ['30', '8'], needsBuild: true },
  // Reads the last `npm test` run's records (.data/test-results); it runs no test itself.
  { name: 'test-phases', args: [], optional: true },
];

const only = process.argv.slice(2);
const selected = only.length ? benches.filter((b) => only.includes(b.name)) : benches;
if (only.length && selected.length !== only.length) {
  console.error(`Unknown benchmark; choose from: ${benches.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const perBenchTimeoutMs = 20 * 60_000;

function run(bench) {
  const file = path.join(root, 'bench', `${bench.name}.ts`);
  if (!existsSync(file)) return Promise.resolve({ skipped: 'not present', output: '' });
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' };
  // The app's in-process benchmarks measure the embedded database the app runs on by default.
  if (bench.pglite) delete env.TEST_DATABASE_URL;
  console.log(`\n▶ ${bench.name} ${bench.args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [file, ...bench.args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    const timer = setTimeout(() => {
      output += `\n(stopped after ${perBenchTimeoutMs / 60_000} minutes)\n`;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }, perBenchTimeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

function parseResult(output) {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('BENCH_RESULT '));
  return line ? JSON.parse(line.slice('BENCH_RESULT '.length)) : undefined;
}

// Readers for the benchmarks written before the BENCH_RESULT line: they read the printed lines.
function readValidateBulk(output) {
  const figures = [];
  for (const match of output.matchAll(
    /^(.+?)\s+median\s+([\d.]+) ms\s+p95\s+([\d.]+) ms\s+target (\d+) ms/gm,
  )) {
    const p95 = Number(match[3]);
    figures.push({
      name: `Bulk validation of 10,000 rows, p95: ${match[1].trim()}`,
      value: p95,
      unit: 'ms',
      target: `< ${match[4]} ms`,
      met: p95 < Number(match[4]),
      reference: `median ${match[2]} ms`,
    });
  }
  return figures;
}

function readCsvImport(output) {
  const match = /median (\d+) ms over (\d+) runs \(min (\d+) ms, max (\d+) ms\); target < (\d+) ms/.exec(
    output,
  );
  if (!match) return [];
  return [
    {
      name: 'Bulk CSV import of 10,000 rows (parse + validate), median',
      value: Number(match[1]),
      unit: 'ms',
      target: `< ${match[5]} ms`,
      met: Number(match[1]) < Number(match[5]),
      reference: `min ${match[3]} ms, max ${match[4]} ms over ${match[2]} runs`,
    },
  ];
}

function readWebhookIntake(output) {
  return [...output.matchAll(/^(.+?)\s+(\d+)\/s\s+([\d.]+) ms each/gm)].map((match) => ({
    name: `Webhook intake (bench/webhook-intake.ts): ${match[1].trim()}`,
    value: Number(match[2]),
    unit: '/s',
    reference: `${match[3]} ms each`,
  }));
}

function readSandboxInitiations(output) {
  return [
    ...output.matchAll(
      /^(PGlite|PostgreSQL)\s+([\d.]+) initiations\/s\s+p50 ([\d.]+) ms\s+p95 ([\d.]+) ms\s+\((.+)\)$/gm,
    ),
  ].map((match) => ({
    name: `Sandbox bank initiations over loopback (${match[1]})`,
    value: Number(match[2]),
    unit: '/s',
    reference: `p50 ${match[3]} ms, p95 ${match[4]} ms; ${match[5]}`,
  }));
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

const format = (value, unit) => {
  const digits = Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = Number.isFinite(value) ? value.toFixed(digits) : String(value);
  if (!unit) return number;
  return unit === '%' || unit === '/s' ? `${number}${unit}` : `${number} ${unit}`;
};
const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

// ── run ──────────────────────────────────────────────────────────────────────────────────────────
const startedAt = new Date();
const loadBefore = os.loadavg();
if (selected.some((b) => b.needsBuild)) buildIfStale();

const results = [];
for (const bench of selected) {
  const outcome = await run(bench);
  let figures = [];
  let notes = [];
  let problem = outcome.skipped;
  if (!outcome.skipped) {
    const parsed = parseResult(outcome.output);
    if (parsed) {
      figures = parsed.figures;
      notes = parsed.notes ?? [];
    } else if (bench.read) figures = bench.read(outcome.output);
    if (outcome.code !== 0) problem = `exited with ${outcome.signal ?? outcome.code}`;
    else if (figures.length === 0) problem = 'printed no figures';
  }
  if (problem && !(bench.optional && outcome.skipped)) console.error(`✖ ${bench.name}: ${problem}`);
  results.push({ bench, figures, notes, problem, output: outcome.output, seconds: outcome.seconds });
}
const loadAfter = os.loadavg();

// ── report ───────────────────────────────────────────────────────────────────────────────────────
const m = machine();
const all = results.flatMap((r) => r.figures.map((f) => ({ ...f, bench: r.bench.name })));
const targeted = all.filter((f) => f.target);
const missed = targeted.filter((f) => !f.met);
console.log(`\n${targeted.length - missed.length} of ${targeted.length} targets met`);
for (const f of missed) console.log(`  not met: ${f.name}: ${format(f.value, f.unit)} (target ${f.target})`);

if (only.length) {
  console.log('(a subset was run: bench/RESULTS.md is left as it was)');
  process.exit(results.some((r) => r.problem && !r.bench.optional) ? 1 : 0);
}

const lines = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (scripts/bench.mjs); every figure comes from the run below, each beside its',
  'target and, where it has one, the reference it was measured against in the same run.',
  '',
  `- Date: ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')} (took ${Math.round((Date.now() - startedAt.getTime()) / 60_000)} min)`,
  `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, ${m.os}`,
  `- Node ${m.node}`,
  `- Load average (1/5/15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(' / ')}; after: ${loadAfter.map((l) => l.toFixed(1)).join(' / ')}` +
    (loadBefore[0] > m.cores || loadAfter[0] > m.cores
      ? ' — the machine was busy with other work, so timings are pessimistic and noisy'
      : ''),
  '',
  `**${targeted.length - missed.length} of ${targeted.length} targets met.**`,
  '',
  '## Against the targets',
  '',
  '| Figure | Value | Target | Met? | Beside it, same run |',
  '| --- | --: | --- | :-: | --- |',
  ...targeted.map(
    (f) =>
      `| ${cell(f.name)} | ${cell(format(f.value, f.unit))} | ${cell(f.target)} | ${f.met ? 'yes' : '**no**'} | ${cell(f.reference)} |`,
  ),
  '',
  '## Reference figures',
  '',
  '| Figure | Value | Detail |',
  '| --- | --: | --- |',
  ...all
    .filter((f) => !f.target)
    .map((f) => `| ${cell(f.name)} | ${cell(format(f.value, f.unit))} | ${cell(f.reference)} |`),
  '',
  '## Per benchmark',
  '',
];
for (const r of results) {
  lines.push(
    `### ${r.bench.name}`,
    '',
    `\`npx tsx bench/${r.bench.name}.ts ${r.bench.args.join(' ')}\`${r.seconds ? ` — ${Math.round(r.seconds)} s` : ''}${r.problem ? ` — **${r.problem}**` : ''}`,
    '',
  );
  for (const note of r.notes) lines.push(`- ${note}`);
  if (r.notes.length) lines.push('');
  if (r.output) {
    const printed = r.output
      .split('\n')
      .filter((l) => !l.startsWith('BENCH_RESULT ') && !l.startsWith('npm warn'))
      .join('\n')
      .trim();
    lines.push('<details><summary>Output</summary>', '', '```text', printed, '```', '', '</details>', '');
  }
}
writeFileSync(path.join(root, 'bench', 'RESULTS.md'), `${lines.join('\n').trimEnd()}\n`);
console.log('bench/RESULTS.md written');
process.exit(results.some((r) => r.problem && !r.bench.optional) ? 1 : 0);
