import { describe, expect, it, vi } from 'vitest';
import { PaymentStatusView } from '@/components/payments/payment-status-view';
import { StatusBadge } from '@/components/payments/status-badge';
import type { ScaState } from '@/lib/payments/sca';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// A payment the bank has received (RCVD): its page says whom the bank waits for once, in the notice above the
// payment, and its status's words agree with it: the PSU, or, the SCA done (a bank may keep RCVD until it
// accepts the payment), the bank itself.

// The view names the payment's bank from the directory, which reads the settings.
vi.stubEnv('AUTH_SECRET', 'awaiting-psu-secret-awaiting-psu-secret-01');

// Drawn without its cancel button, whose client part needs Next's router (not what is looked at here).
const received = (sca: ScaState | null) => ({
  ...toPaymentView(
    paymentRow({ transactionStatus: 'RCVD', scaRedirect: 'https://bank.example/sca/4711', sca }),
    [],
  ),
  cancellable: false,
});
const waiting = received(null);
const confirmed = received({ scaStatus: 'finalised' } as ScaState);

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');
const occurrences = (html: string, part: string) => text(html).split(part).length - 1;

describe('the page of a payment the bank has received', () => {
  it('is one waiting for the PSU, and one the PSU has confirmed', () => {
    expect([waiting.outcome, waiting.displayStatus]).toEqual(['awaitingPsu', 'RCVD']);
    expect([confirmed.outcome, confirmed.displayStatus]).toEqual(['awaitingBank', 'RCVD']);
  });

  it.each([
    {
      locale: 'is' as const,
      notice: 'Bankinn bíður enn eftir að þú staðfestir greiðsluna.',
      badge: 'Bíður staðfestingar þinnar',
      nothingPaid: ['Ekkert verður greitt fyrr en', 'Ekkert er greitt'],
    },
    {
      locale: 'en' as const,
      notice: 'Your bank is still waiting for you to confirm the payment.',
      badge: 'Waiting for your confirmation',
      nothingPaid: ['Nothing will be paid until', 'Nothing is paid until'],
    },
  ])(
    'says once ($locale) that nothing is paid until the PSU confirms it',
    ({ locale, notice, badge, nothingPaid }) => {
      const html = renderIn(locale, <PaymentStatusView payment={waiting} />);
      expect(html).toContain(notice);
      expect(occurrences(html, badge)).toBe(1);
      expect(nothingPaid.reduce((count, part) => count + occurrences(html, part), 0)).toBe(1);
    },
  );

  it('once confirmed, says the bank has yet to accept it, and nowhere that it waits for the PSU', () => {
    const icelandic = renderIn('is', <PaymentStatusView payment={confirmed} />);
    expect(icelandic).toContain('Greiðslan er staðfest en bankinn hefur ekki enn tekið við henni.');
    expect(icelandic).toContain('Staðfest, bíður bankans');
    expect(icelandic).not.toMatch(/staðfestingar þinnar|þú staðfestir/);
    const english = renderIn('en', <PaymentStatusView payment={confirmed} />);
    expect(english).toContain('The payment is confirmed, but your bank has not accepted it yet.');
    expect(english).toContain('Confirmed, waiting for your bank');
    expect(english).not.toMatch(/your confirmation|for you to confirm/);
  });

  it('reads so in the list of payments too (the badge, from the outcome)', () => {
    const badge = (locale: 'is' | 'en', outcome: typeof confirmed.outcome) =>
      text(renderIn(locale, <StatusBadge status="RCVD" outcome={outcome} />)).trim();
    expect(badge('is', 'awaitingBank')).toBe('Staðfest, bíður bankans');
    expect(badge('en', 'awaitingBank')).toBe('Confirmed, waiting for your bank');
    expect(badge('is', 'awaitingPsu')).toBe('Bíður staðfestingar þinnar');
    expect(badge('is', 'awaitingHolder')).toBe('Bíður staðfestingar eiganda reikningsins');
    expect(badge('en', null)).toBe('Waiting for your confirmation');
  });
});
