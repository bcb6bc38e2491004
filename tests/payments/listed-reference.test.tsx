import { describe, expect, it } from 'vitest';
import { ListedReference } from '@/components/payments/listed-reference';
import { isGeneratedBulkId, newPaymentInformationId } from '@/lib/payments/bulk-id';
import { renderIn } from '@/tests/support/render-intl';

// The reference column of the payments list says what the PSU reads: their message, or the name they gave a bulk;
// a bulk whose id the form made ("GRD-20261207-WJEWAW5BNC7E") has no words of theirs and reads as a bulk payment.

// As read: a soft hyphen, where the word may break, is seen only where it does.
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00ad/g, '')
    .trim();
const listed = (locale: 'is' | 'en', service: string, reference: string | null) =>
  text(renderIn(locale, <ListedReference payment={{ service, reference }} />, ['payments', 'story']));

describe('a payment\u2019s reference in the payments list', () => {
  it('is a bulk payment, not the id the form made, for a bulk without a name of the PSU\u2019s', () => {
    const id = newPaymentInformationId(new Date('2026-12-07T05:41:00Z'));
    expect(listed('is', 'bulk-payments', id)).toBe('Fjöldagreiðsla');
    expect(listed('en', 'bulk-payments', id)).toBe('Bulk payment');
    expect(listed('is', 'bulk-payments', 'GRD-20261207-3KJXJ346A4YN')).toBe('Fjöldagreiðsla');
    expect(listed('is', 'bulk-payments', null)).toBe('Fjöldagreiðsla');
  });

  it('breaks "Fjöldagreiðsla" only where Icelandic does, in a narrow column', () => {
    const html = renderIn('is', <ListedReference payment={{ service: 'bulk-payments', reference: null }} />, [
      'payments',
    ]);
    expect(html).toContain('>Fjölda\u00adgreiðsla<');
    expect(html).toContain('[overflow-wrap:normal]');
  });

  it('is the name the PSU gave a bulk as its id, and a payment\u2019s message, as written', () => {
    expect(listed('is', 'bulk-payments', 'Laun desember')).toBe('Laun desember');
    expect(listed('en', 'bulk-payments', 'GRD-laun')).toBe('GRD-laun');
    expect(listed('is', 'payments', 'Húsaleiga')).toBe('Húsaleiga');
    // A single payment's message that happens to look like a bulk's id is the PSU's own.
    expect(listed('is', 'payments', 'GRD-20261207-3KJXJ346A4YN')).toBe('GRD-20261207-3KJXJ346A4YN');
    expect(listed('is', 'periodic-payments', null)).toBe('');
  });

  // The claim id is a key for the bank (kennitala, bank, ledger, number, due date): the list names the bill by the
  // number people read, and its page gives the id.
  it('is a bill\u2019s payment in words, by the claim number, without the claim id', () => {
    const claimId = '5501692829013066000123+20261215';
    expect(listed('is', 'payments', claimId)).toBe('Greiðsla kröfu nr. 0130-66-000123');
    expect(listed('en', 'payments', claimId)).toBe('Payment of bill no. 0130-66-000123');
    const part = (locale: 'is' | 'en') =>
      text(
        renderIn(
          locale,
          <ListedReference payment={{ service: 'payments', reference: claimId }} partPayment />,
          ['payments', 'story'],
        ),
      );
    expect(part('is')).toBe('Innborgun á kröfu nr. 0130-66-000123');
    expect(part('en')).toBe('Part payment of bill no. 0130-66-000123');
  });

  it('knows every id the bulk form makes', () => {
    for (let day = 0; day < 50; day++) {
      const id = newPaymentInformationId(new Date(Date.UTC(2026, 0, 1 + day * 7)));
      expect([id, isGeneratedBulkId(id)]).toEqual([id, true]);
    }
    expect(isGeneratedBulkId('GRD-2026-12')).toBe(false);
  });
});
