import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { FormMessage, useFieldError } from '@/components/layout/account-form-parts';
import { formInWords, inWords } from '@/lib/actions/in-words';
import { type ActionResult, failure, success } from '@/lib/actions/result';
import { loadMessages } from '@/lib/i18n/messages';

/** The password and e-mail fields' errors as an account form shows them in the browser. */
function PasswordAndEmailErrors({ result }: { result: ActionResult<unknown> }) {
  const fieldError = useFieldError(result);
  return (
    <>
      <p>{fieldError('password')}</p>
      <p>{fieldError('email')}</p>
    </>
  );
}

function form(locale: string) {
  const data = new FormData();
  data.set('locale', locale);
  return data;
}

describe("an action's answer in words", () => {
  it("is in the form's language, with the message's values", async () => {
    expect(await inWords(success(null, 'account.emailSent'), form('en'))).toEqual({
      ok: true,
      text: 'A new link is on its way. It is valid for 24 hours.',
    });
    expect(
      await inWords(failure('account.errors.throttled', { messageValues: { minutes: 1 } }), form('is')),
    ).toEqual({ ok: false, text: 'Of margar tilraunir; reyndu aftur eftir 1 mínútu.' });
  });

  it("carries a success's values too: a count written the locale's way, and words the action chose", async () => {
    // The bank replays 1234 missed events (events page, webhooks spec part 3).
    const replayed = success(null, 'events.replay.replayed', { count: 1234 });
    expect((await inWords(replayed, form('is')))?.text).toContain('1.234');
    expect((await inWords(replayed, form('en')))?.text).toBe(
      'The bank will deliver 1,234 missed events again.',
    );
    expect((await inWords(success(null, 'events.replay.replayed', { count: 0 }), form('en')))?.text).toBe(
      'No events were missed, so the bank has none to deliver again.',
    );
    expect(
      (
        await inWords(
          success(null, 'events.update.done', { types: 'Claims paid only (claim.paid)' }),
          form('en'),
        )
      )?.text,
    ).toBe('The bank now delivers: Claims paid only (claim.paid).');
  });

  it('is in the default language for a locale that is not ours, and says no more than "invalid" for a key we lack', async () => {
    const answer = await inWords(failure('no.such.key'), form('de'));
    expect(answer?.ok).toBe(false);
    expect(answer?.text).toBe((await inWords(failure('account.errors.invalid'), form('is')))?.text);
    expect(answer?.text).not.toContain('no.such.key');
  });

  it("follows a failure's message with its reason, in the language of an object's locale (as a payment form calls)", async () => {
    // A standing order's change stopped at its first step, and the bank's answer behind it.
    const answer = failure('standingOrderChange.cancelRefused', { reason: 'bank.rejected' });
    for (const locale of ['is', 'en'] as const) {
      const t = createTranslator({ locale, messages: await loadMessages(locale) });
      expect(await inWords(answer, { payment: {}, locale })).toEqual({
        ok: false,
        text: `${t('standingOrderChange.cancelRefused')} ${t('bank.rejected')}`,
      });
    }
    expect((await inWords(answer, { locale: 'is' }))?.text).not.toBe(
      (await inWords(answer, { locale: 'en' }))?.text,
    );
    // A reason the texts lack says no more than "not valid".
    expect(
      (await inWords(failure('bank.rejected', { reason: 'no.such.key' }), { locale: 'en' }))?.text,
    ).not.toContain('no.such');
  });

  it('is nothing for an answer without a message', async () => {
    expect(await inWords(success(null), form('en'))).toBeNull();
  });

  it("is what an account form's message says of the same answer in the browser", async () => {
    const answers = [
      success(null, 'account.emailSent'),
      failure('account.errors.throttled', { messageValues: { minutes: 15 } }),
      failure('no.such.key'),
    ];
    for (const locale of ['is', 'en'] as const)
      for (const answer of answers) {
        const words = await inWords(answer, form(locale));
        const html = renderToStaticMarkup(
          <NextIntlClientProvider
            locale={locale}
            messages={await loadMessages(locale)}
            timeZone="Atlantic/Reykjavik"
          >
            <FormMessage result={answer} />
          </NextIntlClientProvider>,
        );
        expect(html).toContain(`>${words?.text}</p>`);
      }
  });

  it("words a form's whole answer: its message, each field's errors as the field shows them, and what was typed", async () => {
    const answer = failure('account.errors.invalid', {
      fieldErrors: {
        password: ['account.password.rules.tooShort', 'account.password.rules.common'],
        email: ['no.such.key'],
        name: [],
      },
      values: { email: 'anna@example.is' },
    });
    for (const locale of ['is', 'en'] as const) {
      const words = await formInWords(answer, form(locale));
      expect(words.ok).toBe(false);
      expect(words.text).toBe((await inWords(answer, form(locale)))?.text);
      expect(Object.keys(words.fields ?? {}).sort()).toEqual(['email', 'password']);
      expect(words.values).toEqual({ email: 'anna@example.is' });
      const html = renderToStaticMarkup(
        <NextIntlClientProvider
          locale={locale}
          messages={await loadMessages(locale)}
          timeZone="Atlantic/Reykjavik"
        >
          <PasswordAndEmailErrors result={answer} />
        </NextIntlClientProvider>,
      );
      expect(html).toBe(`<p>${words.fields?.password}</p><p>${words.fields?.email}</p>`);
      expect(words.fields?.password).not.toContain('account.');
    }
    // Two rules broken: "A password must:" once, before both.
    expect((await formInWords(answer, form('is'))).fields?.password).toBe(
      'Lykilorð þarf að: vera minnst 12 stafir; vera frábrugðið algengum lykilorðum, líka þótt tölustöfum eða táknum sé bætt aftan við þau.',
    );
    expect((await formInWords(answer, form('is'))).fields?.password).not.toBe(
      (await formInWords(answer, form('en'))).fields?.password,
    );
    expect(await formInWords(success(null, 'account.emailSent'), form('en'))).toEqual({
      ok: true,
      text: 'A new link is on its way. It is valid for 24 hours.',
    });
    expect(await formInWords(success(null), form('en'))).toEqual({ ok: true });
    // What a success gave back stays with it: the choice a form shows after React resets it.
    expect(await formInWords(success({ mailOnPaymentEnd: true }), form('en'))).toEqual({
      ok: true,
      data: { mailOnPaymentEnd: true },
    });
  });
});
