import { describe, expect, it } from 'vitest';
import { cancelTextsOf } from '@/components/payments/cancel-texts';
import { exportTranslator } from '@/lib/payments/export-words';
import en from '@/messages/en.json';
import formsEn from '@/messages/forms/en.json';
import netbankEn from '@/messages/netbank/en.json';
import noticesEn from '@/messages/notices/en.json';

// The cancel button names what it cancels: a payment, a bulk payment, or a standing order.

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
    expect(cancelTextsOf(en, 'periodic-payments').cancel).toBe('Cancel standing order');
    expect(cancelTextsOf(is, 'periodic-payments').cancel).toBe('Afturkalla fasta greiðslu');
  });
});

// The glossary's word: a standing order is cancelled ("afturkalla"), as a payment is; "stop" is the costs step's
// ("Stop payment": before anything reaches the bank), and read beside "Cancelled" as if it were something else.
describe('a standing order ended by the PSU, in English', () => {
  it('is cancelled, never stopped', () => {
    const texts = [
      ...Object.values(en.payment.standingCancel),
      en.payment.outcome.ofStandingOrder.cancelled,
      en.status.CANC.standingLabel,
      en.status.CANC.standingExplain,
      formsEn.forms.periodic.endDateHint,
      netbankEn.waiting.cancelsWholeOrder,
      netbankEn.standingOrderChange.stoppedInstead,
      netbankEn.standingOrderChange.stoppedAtBank,
      netbankEn.standingOrderChange.cannotTell,
      noticesEn.standingOrders.untilCancelled,
      noticesEn.standingOrders.noNextCancelled,
    ];
    for (const text of texts) expect(text).not.toMatch(/\bstop/i);
    expect(en.status.CANC.standingLabel).toBe('Cancelled');
  });
});
