import { describe, expect, it } from 'vitest';
import { inWords } from '@/lib/actions/in-words';
import { failure, success } from '@/lib/actions/result';

function form(locale: string) {
  const data = new FormData();
  data.set('locale', locale);
  return data;
}

describe("an action's answer in words", () => {
  it("is in the form's language, with the message's values", async () => {
    expect(await inWords(success(null, 'account.emailSent'), form('en'))).toEqual({
      ok: true,
      text: 'A new link is on its way. It holds for 24 hours.',
    });
    expect(
      await inWords(failure('account.errors.throttled', { messageValues: { minutes: 1 } }), form('is')),
    ).toEqual({ ok: false, text: 'Of margar tilraunir; reyndu aftur eftir 1 mínútu.' });
  });

  it('is in the default language for a locale that is not ours, and says no more than "invalid" for a key we lack', async () => {
    const answer = await inWords(failure('no.such.key'), form('de'));
    expect(answer?.ok).toBe(false);
    expect(answer?.text).toBe((await inWords(failure('account.errors.invalid'), form('is')))?.text);
    expect(answer?.text).not.toContain('no.such.key');
  });

  it('is nothing for an answer without a message', async () => {
    expect(await inWords(success(null), form('en'))).toBeNull();
  });
});
