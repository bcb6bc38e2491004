// Times the bulk CSV import (papaparse in chunks + per-row check with the form's element schema)
// on a 10,000-row file, as the browser does it when a file is uploaded; target under 1 s.
// Run: npx tsx bench/csv-import.ts [rows] [runs]
import { performance } from 'node:perf_hooks';
import { parseBulkCsv } from '@/lib/payments/csv';

const rows = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 7);
const TARGET_MS = 1000;

const creditors = ['IS870301260012345101696399', 'IS140159260076545510730339'];
const lines = [
  'creditorAccount;creditorKennitala;amount;currency;remittanceInformationUnstructured;endToEndIdentification',
];
for (let i = 0; i < rows; i++) {
  // Every third row is a domestic account with its owner's kennitala, the rest IBANs; amounts are
  // typed the Icelandic way ("1.234").
  const account = i % 3 === 0 ? '0301-26-1234;510169-6399' : `${creditors[i % 2]};`;
  lines.push(`${account};${(1000 + i).toLocaleString('de-DE')};ISK;Greiðsla ${i + 1};E2E-${i + 1}`);
}
const csv = `${lines.join('\n')}\n`;

const times: number[] = [];
let errors = 0;
for (let run = 0; run < runs + 1; run++) {
  const started = performance.now();
  const result = await parseBulkCsv(csv, { product: 'credit-transfers' });
  const elapsed = performance.now() - started;
  if (result.rows.length !== rows) throw new Error(`expected ${rows} rows, got ${result.rows.length}`);
  errors = result.errors.length;
  if (run > 0) times.push(elapsed); // the first run warms the JIT up
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
console.log(
  `CSV import of ${rows.toLocaleString('en')} rows (${(csv.length / 1024).toFixed(0)} KiB), parse + validate: ` +
    `median ${median.toFixed(0)} ms over ${runs} runs (min ${times[0]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms); ` +
    `target < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'}; row errors: ${errors}`,
);
