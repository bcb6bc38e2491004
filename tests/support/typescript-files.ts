import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every TypeScript file (`.ts`, `.tsx`) under `dir`, at any depth, as a path joined to `dir`. */
export function typescriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return typescriptFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
