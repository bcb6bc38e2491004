import { createTranslator } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import LocaleError from '@/app/[locale]/error';
import { errorPageTexts } from '@/components/layout/error-page-texts';
import { FrameProvider } from '@/components/layout/frame-context';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

/** The error page as it replaces a page of the frame: the frame's locale and texts. */
function render(locale: 'is' | 'en', error: unknown) {
  const t = createTranslator({ locale, messages: locale === 'is' ? is : en, namespace: 'errorPage' });
  return renderToStaticMarkup(
    <FrameProvider locale={locale} errorTexts={errorPageTexts(t)}>
      <LocaleError error={error} retry={() => undefined} />
    </FrameProvider>,
  );
}

describe('the error page', () => {
  it.each([
    // The digest with what to do with it; not "Tilvísun", the glossary's word for a payment's reference.
    [
      'is',
      'Eitthvað fór úrskeiðis',
      'Reyna aftur',
      'Ef þetta endurtekur sig skaltu hafa samband við okkur og gefa upp þennan kóða: 1234567890',
    ],
    [
      'en',
      'Something went wrong',
      'Try again',
      'If this happens again, contact us and give this code: 1234567890',
    ],
  ] as const)(
    'speaks %s, offers a retry and the way back, and gives the digest',
    (locale, title, retry, digest) => {
      const html = render(
        locale,
        Object.assign(new Error('database password is hunter2'), { digest: '1234567890' }),
      );
      expect(html).toContain(`<h1 class="text-2xl font-semibold">${title}</h1>`);
      expect(html).toContain(`>${retry}</button>`);
      expect(html).toContain(`href="/${locale}/payments"`);
      expect(html).toContain(`>${digest}</p>`);
      // Only text we wrote reaches the PSU, never the error's own message.
      expect(html).not.toContain('hunter2');
    },
  );

  it('shows no reference for a value thrown in the browser that is not an Error', () => {
    expect(render('en', 'a string')).not.toContain('Reference');
  });
});
