// Time to validate a 10,000-row bulk payment with the form schema (target: under 150 ms).
// Run with: npx tsx bench/validate-bulk.ts [rows] [runs]
import { performance } from 'node:perf_hooks';
import { ibanCheckDigits } from '@/lib/payments/accounts/iban';
import { todayInReykjavik, toExecutionDateTime } from '@/lib/payments/calendar/date-time';
import { BulkPaymentSchema, BulkPaymentWireSchema } from '@/lib/payments/schemas';

const TARGET_MS = 150;
const rows = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 20);

function iban(i: number): string {
  const bban = `0133${String(26 + (i % 3)).padStart(2, '0')}${String(i).padStart(6, '0')}${String(5510730339 + i).slice(0, 10)}`;
  return `IS${ibanCheckDigits('IS', bban)}${bban}`;
}

const tomorrow = new Date(Date.parse(`${todayInReykjavik()}T00:00:00Z`) + 86_400_000)
  .toISOString()
  .slice(0, 10);
const body = {
  batchBookingPreferred: true,
  debtorAccount: { iban: iban(999_999) },
  paymentInformationId: 'BENCH-2026-0001',
  requestedExecutionDate: toExecutionDateTime(tomorrow),
  payments: Array.from({ length: rows }, (_, i) => ({
    endToEndIdentification: `E2E-${i}`,
    instructedAmount:
      i % 5 === 0
        ? { currency: 'EUR', amount: `${i + 1}.${String(i % 100).padStart(2, '0')}` }
        : { currency: 'ISK', amount: String(1000 + i) },
    creditorAccount: { iban: iban(i) },
    creditorId: String(5510730339 + i).slice(0, 10),
    remittanceInformationUnstructured: `Reikningur ${i}`,
    remittanceInformationStructuredArray: [{ reference: `TILV-${i}`, referenceType: 'TILV_U' }],
  })),
};

function measure(label: string, validate: () => boolean): void {
  for (let i = 0; i < 3; i++) if (!validate()) throw new Error(`${label}: the benchmark body is not valid`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    validate();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? Number.NaN;
  const median = at(0.5);
  const p95 = at(0.95);
  console.log(
    `${label.padEnd(32)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   target ${TARGET_MS} ms   ${p95 < TARGET_MS ? 'OK' : 'OVER'}`,
  );
}

console.log(`Bulk payment of ${rows} rows, ${runs} runs after 3 warm-up runs (Node ${process.version})`);
measure('form schema (BulkPaymentSchema)', () => BulkPaymentSchema.safeParse(body).success);
measure('wire schema (BulkPaymentWireSchema)', () => BulkPaymentWireSchema.safeParse(body).success);
