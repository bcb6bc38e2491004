import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * react-hook-form's `register` answers a new `ref` callback on every call. A field that called it as it
 * rendered (`{...register(name)}`) was detached from the form and registered anew on every render: the press
 * that shows the single form's errors spent 17 ms of its script in `register` in one Chromium profile, and over
 * 15 page loads the press took 70 ms on average (INP) against 76 before (median 72 both). A field is
 * registered once (components/payments/forms/use-registered.ts, or `useMemo` where the form itself is made).
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each `register(` call of a source that is not kept across renders: not inside `useMemo(() => …)`. */
function registrationsWhileRendering(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => /\bregister\(/.test(line) && !/useMemo\(\(\) => (\w+\.)?register\(/.test(line))
    .map((line) => line.trim());
}

describe('the payment forms register each field once', () => {
  it('tells a registration made while rendering from one kept across renders', () => {
    expect(registrationsWhileRendering(`<SelectField {...register(name)}>`)).toHaveLength(1);
    expect(registrationsWhileRendering(`<input {...methods.register('submissionId')} />`)).toHaveLength(1);
    expect(registrationsWhileRendering(`useMemo(() => register(name, options), [register, name]);`)).toEqual(
      [],
    );
    expect(
      registrationsWhileRendering(`useMemo(() => methods.register('submissionId'), [methods.register]);`),
    ).toEqual([]);
  });

  it('in every component', () => {
    const found = sources('components').flatMap((file) =>
      registrationsWhileRendering(readFileSync(file, 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
