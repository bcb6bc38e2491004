// Shared by the benchmarks: percentiles, and the machine-readable line `npm run bench` collects.

/** One figure a benchmark reports, beside the target it is held to (if any). */
export interface Figure {
  /** What was measured, as it reads in bench/RESULTS.md. */
  name: string;
  value: number;
  unit: string;
  /** The target as it reads in the issue, e.g. "< 10 ms at the median"; omitted for reference figures. */
  target?: string;
  met?: boolean;
  /** The same-run reference this figure stands beside, e.g. "direct bank call 3.1 ms". */
  reference?: string;
}

/** The q-quantile (0..1) of already sorted values, nearest-rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.reduce((sum, v) => sum + v, 0) / (sorted.length || 1),
  };
}

export const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;

export function formatSummary(summary: Summary, digits = 2): string {
  return `p50 ${ms(summary.p50, digits)}  p95 ${ms(summary.p95, digits)}  (min ${ms(summary.min, digits)}, max ${ms(summary.max, digits)}, n=${summary.n})`;
}

/**
 * The last line a benchmark prints: `BENCH_RESULT {"bench":…,"figures":[…]}`. scripts/bench.mjs reads
 * it to write bench/RESULTS.md; the human-readable lines above it say the same.
 */
export function printResult(bench: string, figures: Figure[], notes: string[] = []): void {
  console.log(`BENCH_RESULT ${JSON.stringify({ bench, figures, notes })}`);
}

/** The rows of `db.execute(...)`: node-postgres answers `{ rows }`, PGlite's drizzle driver too. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
