import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { formResolver } from '@/components/payments/forms/resolver';
import { unprunedErrors } from '@/components/payments/forms/unpruned-errors';
import { singleSubmissionSchema } from '@/lib/payments/submission';

// The form drops what the PSU left empty before the schema sees it; an error the schema finds on a
// list's item is shown on that item as the form holds it, not on whichever row took its place.

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const resolve = formResolver<FieldValues, unknown>(async () => singleSubmissionSchema);

const reference = (text: string) => ({ reference: text, referenceType: '', referenceIssuer: '' });
const form = (structured: ReturnType<typeof reference>[]) => ({
  submissionId: randomUUID(),
  scaLanguage: 'is',
  payment: {
    debtorAccount: { iban: 'IS140159260076545510730339' },
    creditorAccount: { iban: 'IS870301260012345101696399' },
    creditorName: 'Anna',
    instructedAmount: { currency: 'ISK', amount: '1000' },
    remittanceInformationStructured: structured,
  },
});

type Errors = { payment?: { remittanceInformationStructured?: unknown[] } };
const rowsInError = (errors: Errors) =>
  Object.keys(errors.payment?.remittanceInformationStructured ?? {}).map(Number);

describe('errors of a form with rows left empty', () => {
  it('puts a filled reference’s error on its own row, below an empty one', async () => {
    const { errors } = await resolve(form([reference(''), reference('x'.repeat(500))]), undefined, options);
    expect(rowsInError(errors as Errors)).toEqual([1]);
  });

  it('keeps the row of every error, wherever the empty rows are', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('', 'ok', 'x'.repeat(500)), { maxLength: 4 }),
        async (texts) => {
          const { errors } = await resolve(form(texts.map(reference)), undefined, options);
          const tooLong = texts.flatMap((text, row) => (text.length > 100 ? [row] : []));
          expect(rowsInError(errors as Errors)).toEqual(tooLong);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves a list’s own error and anything outside a list where it was', () => {
    const errors = { rows: Object.assign([], { root: { message: 'too many' } }), name: { message: 'x' } };
    expect(unprunedErrors({ rows: [{ a: '' }, { a: 'b' }], name: '' }, errors)).toEqual(errors);
  });
});
