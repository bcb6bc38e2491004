import { describe, expect, it } from 'vitest';
import { CardPayDay } from '@/components/payments/card-pay-day';
import { renderIn } from '@/tests/support/render-intl';

// In a payment's card on a phone, where the list's pay-day column is hidden, the line under the time it was made
// names its pay day in a sentence of its own: a standing order's is its first, and nothing after the colon is
// written as if it began a sentence ("Greiðsludagur: Frá 22. des. 2026" read wrong in Icelandic), its date whole on one line (the card's narrow
// column broke it after "22.").

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/[^\S\u00a0]+/g, ' ')
    .trim();
const card = (locale: 'is' | 'en', service: string, ended = false) =>
  text(renderIn(locale, <CardPayDay service={service} payDay="2026-12-22" ended={ended} />, ['payments']));

describe('the pay day in a payment\u2019s card', () => {
  it('of a standing order: its first pay day, in words that read on after the label', () => {
    expect(card('is', 'periodic-payments')).toBe('Fyrsti greiðsludagur: 22.\u00a0des.\u00a02026');
    expect(card('en', 'periodic-payments')).toBe('First payment date: 22\u00a0Dec\u00a02026');
  });

  // Cancelled or rejected, nothing more is paid: its first pay day is told as past, not as one still to come.
  it('of a standing order that ended: its first pay day, in words that say nothing is coming', () => {
    expect(card('is', 'periodic-payments', true)).toBe('Fyrsti greiðsludagur var 22.\u00a0des.\u00a02026');
    expect(card('en', 'periodic-payments', true)).toBe('First payment date was 22\u00a0Dec\u00a02026');
  });

  it('of a single or bulk payment: the day it is paid on', () => {
    expect(card('is', 'payments')).toBe('Greiðsludagur: 22.\u00a0des.\u00a02026');
    expect(card('en', 'bulk-payments')).toBe('Payment date: 22\u00a0Dec\u00a02026');
  });

  // A payment dated ahead and then cancelled, rejected or refused is paid on no day: its day is told as the one it
  // was to be paid on, beside its status, not as a day still to come.
  it('of a single or bulk payment that ended unpaid: the day it was to be paid on', () => {
    expect(card('is', 'payments', true)).toBe('Átti að greiðast 22.\u00a0des.\u00a02026');
    expect(card('en', 'bulk-payments', true)).toBe('Was to be paid on 22\u00a0Dec\u00a02026');
  });
});
