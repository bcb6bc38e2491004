import { useTranslations } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '@/components/payments/forms/account-field';
import { renderIn } from '@/tests/support/render-intl';

// The hint under a recipient's account (a bill's pay form fills it in) names the account and its owner's kennitala
// in a sentence: a phone breaks the sentence between words, never a kennitala or an account at a hyphen
// ("550169-" / "2829").
function Owner({ iban }: { iban: string }) {
  return <>{ownerOf(iban, useTranslations('ownAccount'))}</>;
}

describe('the owner of a recipient’s account, under the field', () => {
  it.each([
    ['is', 'Reikningur ', ', kennitala eiganda '],
    ['en', 'Account ', ', owner’s kennitala '],
  ] as const)('keeps the account and the kennitala each whole (%s)', (locale, before, between) => {
    const html = renderIn(locale, <Owner iban="IS870301260012345101696399" />, ['ownAccount']);
    expect(html).toContain(
      `${before}<span class="whitespace-nowrap">0301-26-001234</span>${between}<span class="whitespace-nowrap">510169-6399</span>.`,
    );
  });

  it('names no owner of a mistyped IBAN', () => {
    expect(renderIn('is', <Owner iban="IS870301260012345101696398" />, ['ownAccount'])).toBe('');
  });
});
