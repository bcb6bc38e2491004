import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bulkSubmissionSchema,
  periodicSubmissionSchema,
  singleSubmissionSchema,
} from '@/lib/payments/submission';

// What a payment carries to the bank is text a person can read as it is: no control characters (a line break,
// a bell, an escape), no marks that turn the direction of what follows (a name read differently on the bank's
// page), and a name that is more than spaces or invisible characters. Any other text, Icelandic letters and
// emoji included, goes as typed.

const single = (creditorName: string, remittance = 'Leiga') => ({
  submissionId: randomUUID(),
  scaLanguage: 'is',
  payment: {
    debtorAccount: { iban: 'IS140159260076545510730339' },
    creditorAccount: { iban: 'IS870301260012345101696399' },
    creditorName,
    instructedAmount: { currency: 'ISK', amount: '1000' },
    remittanceInformationUnstructured: remittance,
  },
});

const refusedAt = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  (result.error?.issues ?? [])
    .filter((issue) => ['validation.unsafeText', 'validation.noVisibleText'].includes(issue.message))
    .map((issue) => issue.path.join('.'));

describe('text a payment carries to the bank', () => {
  it.each([
    ['An\u0007na\u001b[31m'],
    ['Anna\nEvil'],
    ['Anna\u202egnp.exe'],
    ['Ann\u2067a'],
    ['\u200b'],
    ['   '],
  ])('refuses %j as the recipient’s name, beside its field', (name) => {
    expect(refusedAt(singleSubmissionSchema.safeParse(single(name)))).toEqual(['payment.creditorName']);
  });

  it('refuses a line break in the message too, and in a bulk’s and a standing order’s text', () => {
    expect(refusedAt(singleSubmissionSchema.safeParse(single('Anna', 'Leiga\r\ndesember')))).toEqual([
      'payment.remittanceInformationUnstructured',
    ]);
    const bulk = bulkSubmissionSchema.safeParse({
      submissionId: randomUUID(),
      scaLanguage: 'en',
      payment: {
        paymentInformationId: 'GRD-1',
        debtorAccount: { iban: 'IS140159260076545510730339' },
        payments: [
          {
            creditorAccount: { iban: 'IS870301260012345101696399' },
            instructedAmount: { currency: 'ISK', amount: '1000' },
            ultimateCreditor: 'Sigga\u202e',
          },
        ],
      },
    });
    expect(refusedAt(bulk)).toEqual(['payment.payments.0.ultimateCreditor']);
    const { creditorName: _none, ...orderBody } = single('Anna').payment;
    const order = periodicSubmissionSchema.safeParse({
      ...single('Anna'),
      payment: {
        ...orderBody,
        startDate: '2099-01-01T00:00:00Z',
        frequency: 'Monthly',
        remittanceInformationUnstructured: 'Húsa\u0007leiga',
      },
      label: 'Leiga\u2066',
    });
    expect(refusedAt(order)).toEqual(
      expect.arrayContaining(['payment.remittanceInformationUnstructured', 'label']),
    );
  });

  it('takes any readable text as typed: Icelandic letters, accents, emoji, inner spaces', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-zÁÐÉÍÓÚÝÞÆÖáðéíóúýþæö0-9 .,'’-]{0,60}[A-Za-zÞÆÖþæö]$/),
        (name) => {
          expect(refusedAt(singleSubmissionSchema.safeParse(single(name)))).toEqual([]);
        },
      ),
    );
    expect(refusedAt(singleSubmissionSchema.safeParse(single('Þórður Ó. 🙂 Ævarsson')))).toEqual([]);
  });
});
