import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

const parsed = new Map<string, unknown>();

/** Where a parsed copy of the YAML text `text` is kept: the temp dir, under a hash of the text. */
export function keptCopyOf(text: string): string {
  return path.join(
    tmpdir(),
    `greidsla-yaml-${createHash('sha256').update(text).digest('hex').slice(0, 24)}.json`,
  );
}

/**
 * The YAML document at `file` (a contract of `contract/`), parsed. Parsing is slow, and every sandbox process, and
 * each test process that starts one, reads the same documents (IOBWS 3.2's 575 kB took 415 ms to parse, our
 * bank's three 160 ms, on 2 cores, 3 December 2026): the parsed document is kept as JSON (keptCopyOf), which a
 * later process reads in about 5 ms, and in this process. A changed text has another hash; a kept copy that
 * cannot be read is parsed and written again.
 */
export function readYamlDocument(file: URL): unknown {
  const text = readFileSync(file, 'utf8');
  const kept = keptCopyOf(text);
  const known = parsed.get(kept);
  if (known !== undefined) return known;
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(kept, 'utf8'));
  } catch {
    document = parse(text);
    // Written aside and renamed: a process reading it at the same time finds the whole of it or nothing.
    const partial = `${kept}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(document));
    renameSync(partial, kept);
  }
  parsed.set(kept, document);
  return document;
}
