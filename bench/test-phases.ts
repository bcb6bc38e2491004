// `npm test`'s own speed, from the last runs' records (it runs no test itself): each phase's duration
// as scripts/test.mjs kept it in .data/test-results/phases-{pglite,postgresql}.json, the time of a run
// on PGlite beside the 10-minute target on a 2-core machine and of a run with PostgreSQL beside CI's 30,
// and the slowest test files of each suite from their JSON reports. Run `npm test` first; the load
// average printed beside each phase says how busy the machine was meanwhile.
//
//   tsx bench/test-phases.ts [results dir]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Figure, printResult } from './support';

const SLOWEST = 5;

interface Phase {
  title: string;
  pass: string;
  seconds: number;
  load: number[];
}

interface PhaseRecord {
  startedAt: string;
  seconds: number;
  outcome: 'passed' | 'failed';
  cores: number;
  phases: Phase[];
}

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { tests: { results: { duration: number }[] }[] }[];
}

interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { duration: number };
}

const dir = path.resolve(process.argv[2] ?? '.data/test-results');
const read = <T>(file: string): T | undefined => {
  const full = path.join(dir, file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : undefined;
};

// A run on the embedded database alone (the developer's `npm test`) and one with a PostgreSQL pass (as CI
// runs it) are kept apart; each is judged against its own target by its time from start to end, as the
// phases of a pass run side by side.
const runs = [
  { kind: 'pglite', title: 'npm test on PGlite alone', minutes: 10 },
  { kind: 'postgresql', title: 'npm test with its PostgreSQL pass, as CI runs it', minutes: 30 },
].flatMap((run) => {
  const record = read<PhaseRecord>(`phases-${run.kind}.json`);
  return record ? [{ ...run, record }] : [];
});
if (runs.length === 0) {
  console.log(`No npm test run recorded in ${dir}: run \`npm test\` first.`);
  printResult('test-phases', [], [`no npm test run recorded in ${dir}`]);
  process.exit(0);
}

const loadText = (load: number[]) => (load.length ? `load ${load.map((l) => l.toFixed(1)).join(' → ')}` : '');
const figures: Figure[] = [];
for (const { title, minutes, record } of runs) {
  figures.push({
    name: `${title} (${record.cores} cores; run of ${record.startedAt}, ${record.outcome})`,
    value: record.seconds / 60,
    unit: 'min',
    target: `< ${minutes} min`,
    met: record.outcome === 'passed' && record.seconds < minutes * 60,
    reference: record.phases.map((p) => `${p.title.split(' (')[0]} ${Math.round(p.seconds)} s`).join('; '),
  });
  for (const phase of record.phases) {
    figures.push({
      name: `${title}, phase: ${phase.title}`,
      value: phase.seconds,
      unit: 's',
      reference: [`${((100 * phase.seconds) / record.seconds).toFixed(0)}% of the run`, loadText(phase.load)]
        .filter(Boolean)
        .join(', '),
    });
  }
}

// The slowest files: where a faster suite would have to come from.
const notes: string[] = [];
const relative = (file: string) => path.relative(process.cwd(), file) || file;
for (const tag of ['pglite', 'pglite-database', 'postgresql']) {
  const vitest = read<VitestReport>(`vitest-${tag}.json`);
  if (vitest) {
    const files = vitest.testResults
      .map((r) => ({ name: relative(r.name), seconds: (r.endTime - r.startTime) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds);
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    notes.push(
      `Vitest on ${tag}: ${files.length} files, ${Math.round(total)} s summed over the workers; slowest: ` +
        files
          .slice(0, SLOWEST)
          .map((f) => `${f.name} ${Math.round(f.seconds)} s`)
          .join(', '),
    );
  }
  const playwright = read<PlaywrightReport>(`playwright-${tag}.json`);
  if (playwright) {
    const perFile = new Map<string, number>();
    const walk = (suite: PlaywrightSuite, file: string) => {
      const here = suite.file ?? file;
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          for (const result of test.results)
            perFile.set(here, (perFile.get(here) ?? 0) + result.duration / 1000);
      for (const child of suite.suites ?? []) walk(child, here);
    };
    for (const suite of playwright.suites) walk(suite, suite.file ?? '');
    const files = [...perFile].sort((a, b) => b[1] - a[1]);
    const total = files.reduce((sum, [, seconds]) => sum + seconds, 0);
    notes.push(
      `Playwright on ${tag}: ${Math.round(playwright.stats.duration / 1000)} s from start to end, ` +
        `${Math.round(total)} s of tests summed over the workers; slowest specs: ` +
        files
          .slice(0, SLOWEST)
          .map(([file, seconds]) => `${file} ${Math.round(seconds)} s`)
          .join(', '),
    );
  }
}

for (const figure of figures) {
  const value = figure.unit === 'min' ? `${figure.value.toFixed(1)} min` : `${Math.round(figure.value)} s`;
  console.log(
    `${figure.name.padEnd(70)} ${value.padStart(9)}${figure.target ? `  (reference ${figure.target})` : ''}${figure.reference ? `  ${figure.reference}` : ''}`,
  );
}
for (const note of notes) console.log(note);
printResult('test-phases', figures, notes);
