import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every browser spec fails on a page error, a console error or a hydration warning: it takes its `test` from
 * e2e/support/test.ts, whose fixture watches every page, never Playwright's own `test`.
 */
const e2e = path.resolve(import.meta.dirname, '../../e2e');
const specs = readdirSync(e2e).filter((name) => /\.(spec|setup)\.ts$/.test(name));

/** The names a file imports from `source`, `test as setup` written as `test`. */
function imported(text: string, source: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (match[2] !== source) continue;
    for (const name of (match[1] ?? '').split(',')) {
      const trimmed = name.trim().replace(/^type\s+/, '');
      if (trimmed) names.push(trimmed.split(/\s+as\s+/)[0] ?? trimmed);
    }
  }
  return names;
}

describe('browser specs watch the console (e2e/support/test.ts)', () => {
  it('finds the specs', () => {
    expect(specs.length).toBeGreaterThan(20);
  });

  it.each(specs)('%s takes test from e2e/support/test.ts', (spec) => {
    const text = readFileSync(path.join(e2e, spec), 'utf8');
    expect(imported(text, '@playwright/test')).not.toContain('test');
    expect(imported(text, './support/test')).toContain('test');
  });
});
