import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankNotes, bankTextMaxLength, boundedBankText } from '@/lib/bank/bank-text';

/**
 * The bank's words shown to the PSU (a psuMessage, a WARNING's text) are at most 500 characters
 * (payment spec parts 7 and 8: "psuMessage, tppMessage text | max 500 characters"), plain text
 * without control or direction-override characters, whatever the bank sends.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the bank's text must not carry
const unsafe = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('the bank\u2019s text, bounded (payment spec 7 and 8: max 500)', () => {
  it('is never longer than 500 characters, never holds a control or override character, never starts or ends blank', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 2000 }), (text) => {
        const shown = boundedBankText(text);
        if (shown === undefined) return;
        expect(Array.from(shown).length).toBeLessThanOrEqual(bankTextMaxLength);
        expect(shown).not.toMatch(loneSurrogate);
        expect(shown).not.toMatch(unsafe);
        expect(shown).toBe(shown.trim());
      }),
    );
  });

  it('keeps text within the bound as it is, and cuts longer text with an ellipsis', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 500 })
          .filter((s) => /^\S(.*\S)?$/.test(s) && !/\s\s/.test(s) && !unsafe.test(s)),
        (text) => {
          expect(boundedBankText(text)).toBe(text);
        },
      ),
    );
    const cut = boundedBankText('a'.repeat(501)) ?? '';
    expect(cut).toHaveLength(500);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('markup stays text: nothing is removed or interpreted, the page escapes it', () => {
    expect(boundedBankText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(boundedBankText('Greiðsla\u202efni\n\tkemur á morgun')).toBe('Greiðsla fni kemur á morgun');
    expect(boundedBankText('  \u0000 ')).toBeUndefined();
    expect(boundedBankText(42)).toBeUndefined();
  });
});

describe('messages of a successful answer (payment spec part 7: category ERROR or WARNING, code WARNING)', () => {
  it('keeps category and code, bounds the text, and leaves out what is not a message', () => {
    expect(
      bankNotes([
        { category: 'WARNING', code: 'WARNING', text: `Dagsetningu breytt ${'x'.repeat(600)}` },
        { category: 'WARNING', code: 'WARNING', text: null },
        { category: 'ERROR', code: 'WARNING', path: 'requestedExecutionDate', text: 'moved' },
        { code: 'WARNING' },
        { category: 'WARNING', code: 'not a code <script>' },
        'WARNING',
      ]),
    ).toEqual([
      { category: 'WARNING', code: 'WARNING', text: expect.stringMatching(/^Dagsetningu breytt x+…$/) },
      { category: 'WARNING', code: 'WARNING' },
      { category: 'ERROR', code: 'WARNING', text: 'moved' },
    ]);
    expect(bankNotes(undefined)).toEqual([]);
    expect(bankNotes({ category: 'WARNING' })).toEqual([]);
  });
});
