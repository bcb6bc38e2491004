import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { payeeFromPaymentSchema, payeeInputSchema, payeeUpdateSchema } from '@/lib/payments/saved/payees';
import { SinglePaymentWireSchema } from '@/lib/payments/schemas';
import { singleSubmissionSchema } from '@/lib/payments/submission';
import { unreadableTextPaths } from '@/lib/security/plain-text';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

// A payee's name is used as the creditorName of a payment (spec 2.1: at most 70 characters). Any name
// accepted when a payee is saved is accepted by the payment schemas and the payment actions' own
// check of the text (lib/actions/client.ts), so a saved payee can always be paid; a name that is not
// text (a NUL, half of a surrogate pair) is refused at save, in words in both languages.

const IBAN = 'IS140159260076545510730339';
const CREDITOR = 'IS870301260012345101696399';

/** Names as a hostile or careless client sends them: any UTF-16, lone surrogates and NULs included. */
const names = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 90 }),
  fc.string({ unit: 'grapheme', maxLength: 90 }),
  fc
    .tuple(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u0000', '\uD83D\uDE00', ' '),
      fc.string({ maxLength: 40 }),
    )
    .map(([a, b, c]) => `${a}${b}${c}`),
);

/** Whether a payment form with this name as its creditor's name gets past the action client and its schema. */
function paymentAccepts(name: string): boolean {
  const single = {
    submissionId: crypto.randomUUID(),
    scaLanguage: 'is',
    payment: {
      debtorAccount: { iban: IBAN },
      creditorAccount: { iban: CREDITOR },
      creditorName: name,
      instructedAmount: { currency: 'ISK', amount: '1000' },
    },
  };
  return (
    unreadableTextPaths(single).length === 0 &&
    singleSubmissionSchema.safeParse(single).success &&
    SinglePaymentWireSchema.safeParse(single.payment).success
  );
}

function savedNameOf(name: string): string | undefined {
  // Every way a payee is saved: from the payees page, changed there, or from a past payment.
  if (unreadableTextPaths({ name }).length > 0) return undefined;
  const added = payeeInputSchema.safeParse({ name, accountKind: 'iban', account: CREDITOR });
  const updated = payeeUpdateSchema.safeParse({
    id: '0b7e4f7a-2a57-4b4e-9f3c-6f1f0f2a9d11',
    name,
    accountKind: 'iban',
    account: CREDITOR,
  });
  const fromPayment = payeeFromPaymentSchema.safeParse({
    paymentId: '0b7e4f7a-2a57-4b4e-9f3c-6f1f0f2a9d11',
    name,
  });
  expect(updated.success).toBe(added.success);
  expect(fromPayment.success).toBe(added.success);
  return added.success ? added.data.name : undefined;
}

describe('a payee name accepted at save can be paid to', () => {
  it('any name accepted at save is accepted by the payment schemas and the actions’ text check', () => {
    fc.assert(
      fc.property(names, (name) => {
        const saved = savedNameOf(name);
        if (saved !== undefined) expect(paymentAccepts(saved), JSON.stringify(saved)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('a name with a lone surrogate or a NUL is refused at save, and the refusal is in words in both languages on the pages that save payees', () => {
    for (const name of ['Jón\uD800', '\uDC00Anna', 'a\u0000b']) {
      const refused = payeeInputSchema.safeParse({ name, accountKind: 'iban', account: CREDITOR });
      expect(refused.success).toBe(false);
      const message = refused.success ? '' : (refused.error.issues[0]?.message ?? '');
      const [namespace = '', ...rest] = message.split('.');
      // The key has a text in each language, and is one the payment forms load (the saved pages' actions word
      // it on the server).
      expect(PAYMENT_FORM_MESSAGES).toContain(namespace);
      for (const messages of [en, is]) {
        const text = rest.reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          (messages as Record<string, unknown>)[namespace],
        );
        expect(typeof text, `${message} in ${messages === en ? 'en' : 'is'}`).toBe('string');
      }
    }
  });
});
