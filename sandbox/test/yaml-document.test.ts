import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { keptCopyOf, readYamlDocument } from '../src/yaml-document.js';

const contractDir = new URL('../../contract/', import.meta.url);
const scratch = mkdtempSync(path.join(tmpdir(), 'greidsla-yaml-test-'));
/** The texts of this file's own YAML files, whose kept copies it removes at its end. */
const texts: string[] = [];
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const text of texts) rmSync(keptCopyOf(text), { force: true });
});

function yamlFile(name: string, text: string): URL {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  texts.push(text);
  return pathToFileURL(file);
}

describe('a contract read through its kept parsed copy', () => {
  const contracts = [
    ...readdirSync(contractDir).filter((name) => name.endsWith('.yaml')),
    ...readdirSync(new URL('published/', contractDir))
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => `published/${name}`),
  ];

  it.each(contracts)('%s is the document the YAML parser reads', (name) => {
    const file = new URL(name, contractDir);
    const text = readFileSync(file, 'utf8');
    expect(readYamlDocument(file)).toEqual(parse(text));
    // Read again: the same document, from this process's copy.
    expect(readYamlDocument(file)).toBe(readYamlDocument(file));
    expect(JSON.parse(readFileSync(keptCopyOf(text), 'utf8'))).toEqual(parse(text));
  });

  it('is read anew when the text changes', () => {
    const first = `a: 1\nnote: ${Math.random()}\n`;
    const file = yamlFile('changing.yaml', first);
    expect(readYamlDocument(file)).toEqual(parse(first));
    const second = `${first}b: [x, y]\n`;
    writeFileSync(file, second);
    texts.push(second);
    expect(readYamlDocument(file)).toEqual(parse(second));
  });

  it('is parsed again when its kept copy cannot be read', () => {
    const text = `broken: ${Math.random()}\n`;
    writeFileSync(keptCopyOf(text), '{"broken": ');
    expect(readYamlDocument(yamlFile('broken.yaml', text))).toEqual(parse(text));
    expect(JSON.parse(readFileSync(keptCopyOf(text), 'utf8'))).toEqual(parse(text));
  });
});
