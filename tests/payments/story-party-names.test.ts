import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentStory } from '@/lib/payments/story';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';

// The recipient's name on the payment page is the bank's (spec 2.6 creditorName) where it is a name: a bank
// that fills it with an account identifier (the IBAN, or the BBAN it was sent, as an IOBWS bank sends a claim
// key) has given no name, and the name the PSU entered stands.

function paidTo(bankName: string) {
  return paymentRow({
    creditorName: 'Greiðsla ehf.',
    body: {
      debtorAccount: { iban: 'IS381111260047110101302989' },
      creditorAccount: { iban: 'IS260159260020245501692829' },
      creditorName: 'Greiðsla ehf.',
    },
    bankDetails: { status: 'ACSC', creditorName: bankName },
  });
}

const toName = (bankName: string) => paymentStory(paidTo(bankName), []).to?.name;

describe('the recipient’s name', () => {
  it('is the bank’s where it is a name', () => {
    expect(toName('Greiðsla hf.')).toBe('Greiðsla hf.');
    expect(toName('3M Ísland')).toBe('3M Ísland');
  });

  it('is the one entered where the bank gave an account identifier instead', () => {
    expect(toName('5501692829111166000004080127')).toBe('Greiðsla ehf.');
    expect(toName('0159-26-002024')).toBe('Greiðsla ehf.');
    expect(toName('IS26 0159 2600 2024 5501 6928 29')).toBe('Greiðsla ehf.');
  });
});

describe('the recipient’s name in the history, the export and every list', () => {
  // The view names banks by the directory, which reads the app's settings.
  beforeAll(() => {
    vi.stubEnv('AUTH_SECRET', 'party-names-secret-party-names-secret-0123');
  });

  it('is the one on the payment’s page', () => {
    expect(toPaymentView(paidTo('Greiðsla hf.'), []).creditorName).toBe('Greiðsla hf.');
    expect(toPaymentView(paidTo('IS26 0159 2600 2024 5501 6928 29'), []).creditorName).toBe('Greiðsla ehf.');
  });
});
