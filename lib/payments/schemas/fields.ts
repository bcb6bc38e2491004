import * as z from 'zod/mini';
import { isRfc3339DateTime, reykjavikDateOf, todayInReykjavik } from '@/lib/payments/calendar/date-time';
import { issueMessage, type ValidationKey } from './issue-message';

// The payment schemas are written with zod's functional API (`zod/mini`): the client forms import
// them too, and the classic API cannot be tree-shaken out of their bundle. Same core, same checks,
// same issues as the classic API.

/**
 * Which layer a schema belongs to. `wire`: exactly the bank's bounds of spec part 2. `form`: the
 * wire bounds plus rules that help the user and only reject what the bank would refuse or what is
 * certainly wrong (bad IBAN check digits, decimals the currency lacks, a past date). The form layer
 * also rejects unknown properties everywhere, since the form never sends any.
 */
export type Layer = 'wire' | 'form';

type TypeName = 'string' | 'boolean' | 'array' | 'object';
const EXPECTED = {
  string: 'validation.expectedString',
  boolean: 'validation.expectedBoolean',
  array: 'validation.expectedArray',
  object: 'validation.expectedObject',
} as const;

/** zod `error` for a schema's own issues: a missing key reads "required", anything else "expected X". */
export function typeError(expected: TypeName) {
  return (issue: { input?: unknown; code?: string; keys?: string[] }) => {
    if (issue.code === 'unrecognized_keys') {
      return issueMessage('validation.unknownProperty', { keys: (issue.keys ?? []).join(', ') });
    }
    if (issue.input === undefined) return issueMessage('validation.required');
    return issueMessage(EXPECTED[expected]);
  };
}

export const text = () => z.string({ error: typeError('string') });

/**
 * Length in characters as JSON Schema counts them (Unicode code points), so an emoji counts once
 * and we never refuse a value of exactly `max` characters that the bank accepts.
 */
export function codePointLength(value: string): number {
  let surrogatePairs = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        surrogatePairs++;
        i++;
      }
    }
  }
  return value.length - surrogatePairs;
}

const withinLength = (min: number, max: number) => (value: string) =>
  value.length >= min && (value.length <= max || codePointLength(value) <= max);

export const maxText = (max: number) =>
  text().check(z.refine(withinLength(0, max), { error: issueMessage('validation.maxLength', { max }) }));

/** A string of `min` to `max` characters (code points), e.g. paymentInformationId 1..35. */
export const rangeText = (min: number, max: number) =>
  text().check(
    z.refine(withinLength(min, max), { error: issueMessage('validation.lengthRange', { min, max }) }),
  );

export const boolean = () => z.boolean({ error: typeError('boolean') });

/** A JSON object: strict rejects unknown properties, loose lets them through as the bank does. */
export function object<Shape extends z.core.$ZodLooseShape>(shape: Shape, strict: boolean) {
  // Typed as the strict object either way: extra properties a loose object lets through are not
  // part of our types.
  return strict
    ? z.strictObject(shape, { error: typeError('object') })
    : (z.looseObject(shape, { error: typeError('object') }) as unknown as z.ZodMiniObject<
        Shape,
        z.core.$strict
      >);
}

export const array = <T extends z.core.SomeType>(element: T) =>
  z.array(element, { error: typeError('array') });

/** An array of at most `max` elements; beyond that, `key` with `{ max }` says so. */
export const boundedArray = <T extends z.core.SomeType>(element: T, max: number, key: ValidationKey) =>
  array(element).check(z.maxLength(max, { error: issueMessage(key, { max }) }));

/** The spec's `string, date-time` (RFC 3339, as OpenAPI `format: date-time`). */
export const dateTime = () =>
  text().check(
    z.refine(isRfc3339DateTime, { error: issueMessage('validation.dateTime.format'), abort: true }),
  );

/** Form rule: the day (in Iceland) of a date-time is today or later. */
export function notInPast(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  const day = reykjavikDateOf(value);
  return day === undefined || day >= todayInReykjavik();
}

/** Form rule: a date-time whose day (in Iceland) is today or later, told on the field itself. */
export const notPastDateTime = () =>
  dateTime().check(z.refine(notInPast, { error: issueMessage('validation.executionDate.past') }));

/**
 * For a rule over several fields of a body (`z.superRefine`): checked beside every other mistake, as the body was
 * typed. zod otherwise skips it while a required field is missing, and the PSU would learn of it only once they
 * had mended the rest. The rule reads the body defensively: any of its fields may be missing or malformed.
 */
export const besideEveryMistake = { when: () => true };
