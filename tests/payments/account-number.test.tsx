import { describe, expect, it } from 'vitest';
import { AccountNumber } from '@/components/payments/account-number';
import { renderIn } from '@/tests/support/render-intl';

// An Icelandic account is read as its domestic number and its owner's kennitala; a narrow column (the
// standing orders' cards, a phone) may break the line between the two, never inside either.
describe('an account as the PSU reads it', () => {
  it.each([
    ['is', 'kt. 510169-6399'],
    ['en', 'kennitala 510169-6399'],
  ] as const)('keeps its domestic number and its kennitala each on one line (%s)', (locale, kennitala) => {
    const html = renderIn(locale, <AccountNumber account="IS870301260012345101696399" />);
    expect(html).toMatch(/<span class="whitespace-nowrap[^"]*"[^>]*>0301-26-001234<\/span>/);
    expect(html).toContain(`, <span class="whitespace-nowrap">${kennitala}</span>`);
    expect(html.replace(/<[^>]+>/g, '')).toContain('IS87 0301 2600 1234 5101 6963 99');
  });

  // At 390 px a bulk's row breaks the IBAN between its groups: its last, short group ("99") goes with the one before
  // it, never alone on a line.
  it.each([
    ['IS870301260012345101696399', '6963 99'],
    ['DE89370400440532013000', '0130 00'],
    ['NO9386011117947', '1117 947'],
  ])('keeps the last group of %s with the one before it', (account, last) => {
    const html = renderIn('is', <AccountNumber account={account} />);
    expect(html).toContain(`<span class="whitespace-nowrap">${last}</span>`);
  });
});
