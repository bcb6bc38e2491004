import { describe, expect, it } from 'vitest';
import { cancelTextsOf } from '@/components/payments/cancel-texts';
import { exportTranslator } from '@/lib/payments/export-words';

// The cancel button names what it cancels: a payment, a bulk payment, or (a stop) a standing order.

describe('the cancel button', () => {
  it('names a bulk payment and a standing order as such, in both languages', () => {
    const en = exportTranslator('en');
    const is = exportTranslator('is');
    expect(cancelTextsOf(en, 'payments')).toMatchObject({
      cancel: 'Cancel payment',
      keep: 'Keep the payment',
    });
    expect(cancelTextsOf(en, 'bulk-payments')).toMatchObject({
      cancel: 'Cancel bulk payment',
      keep: 'Keep the bulk payment',
    });
    expect(cancelTextsOf(is, 'bulk-payments').cancelConfirm).toMatch(/^Afturkalla þessa fjöldagreiðslu\?/);
    expect(cancelTextsOf(en, 'periodic-payments').cancel).toBe('Stop standing order');
  });
});
