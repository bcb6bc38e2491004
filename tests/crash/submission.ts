import { createHash } from 'node:crypto';

/** The submission id of payment i of a run: the same on every restart, as a resubmitted form's. */
export function submissionOf(runId: string, i: number): string {
  const hex = createHash('sha256').update(`${runId}:${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
