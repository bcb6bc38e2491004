import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * The JSON lines a child process writes (its pino log, its events), gathered as they come, each also given to
 * `onLine`; a line that is not JSON is left out.
 */
export function jsonLinesOf(
  output: Readable | null,
  onLine?: (line: Record<string, unknown>) => void,
): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  if (!output) return lines;
  createInterface({ input: output }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    lines.push(line);
    onLine?.(line);
  });
  return lines;
}
