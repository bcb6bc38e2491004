import { describe, expect, it } from 'vitest';
import { MAX_BULK_PAYMENTS, MAX_STRUCTURED_REFERENCES } from '@/lib/payments/schemas/limits';
import { bulkSubmissionSchema, singleSubmissionSchema } from '@/lib/payments/submission';

// What one request may cost: spec part 2 sets no bound on structured references or bulk payments;
// the forms and the actions do (is/en texts in messages/validation).

const payment = {
  debtorAccount: { iban: 'IS140159260076545510730339' },
  creditorAccount: { iban: 'IS870301260012345101696399' },
  instructedAmount: { currency: 'ISK', amount: '1000' },
};
const submission = (body: Record<string, unknown>) => ({
  submissionId: '5f0c7a4e-2f7b-4a61-9d9c-3c1e2b0a9f11',
  scaLanguage: 'is',
  payment: body,
});
const references = (count: number) => Array.from({ length: count }, (_, i) => ({ reference: `REF-${i}` }));

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('structured references of one payment', () => {
  it(`are at most ${MAX_STRUCTURED_REFERENCES}`, () => {
    const at = singleSubmissionSchema.safeParse(
      submission({ ...payment, remittanceInformationStructured: references(MAX_STRUCTURED_REFERENCES) }),
    );
    expect(at.success).toBe(true);
    const over = singleSubmissionSchema.safeParse(
      submission({ ...payment, remittanceInformationStructured: references(MAX_STRUCTURED_REFERENCES + 1) }),
    );
    expect(messages(over)).toEqual([
      `validation.structuredReferences.tooMany|{"max":${MAX_STRUCTURED_REFERENCES}}`,
    ]);
  });

  it('refuses the 100,000 references that once held the bank for a minute', () => {
    const attack = singleSubmissionSchema.safeParse(
      submission({ ...payment, remittanceInformationStructured: references(100_000) }),
    );
    expect(attack.success).toBe(false);
  });
});

describe('payments of one bulk', () => {
  const element = { creditorAccount: payment.creditorAccount, instructedAmount: payment.instructedAmount };
  const bulk = (count: number) =>
    submission({
      paymentInformationId: 'BULK-1',
      debtorAccount: payment.debtorAccount,
      payments: Array.from({ length: count }, () => element),
    });

  it(`are at most ${MAX_BULK_PAYMENTS}`, () => {
    expect(bulkSubmissionSchema.safeParse(bulk(MAX_BULK_PAYMENTS)).success).toBe(true);
    expect(messages(bulkSubmissionSchema.safeParse(bulk(MAX_BULK_PAYMENTS + 1)))).toContain(
      `validation.bulk.tooMany|{"max":${MAX_BULK_PAYMENTS}}`,
    );
  });

  it('bound the structured references of each element too', () => {
    const body = bulk(1);
    (body.payment.payments as Record<string, unknown>[])[0] = {
      ...element,
      remittanceInformationStructuredArray: references(MAX_STRUCTURED_REFERENCES + 1),
    };
    expect(messages(bulkSubmissionSchema.safeParse(body))).toEqual([
      `validation.structuredReferences.tooMany|{"max":${MAX_STRUCTURED_REFERENCES}}`,
    ]);
  });
});
