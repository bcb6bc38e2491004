import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { errorPageTexts } from '@/components/layout/error-page-texts';
import { FrameProvider } from '@/components/layout/frame-context';
import { Link } from '@/lib/i18n/intent-link';
import { localeHref, withoutLocale } from '@/lib/i18n/locale-href';

describe('localeHref', () => {
  it('puts a path, with its query, under the locale', () => {
    expect(localeHref('en', '/payments')).toBe('/en/payments');
    expect(localeHref('is', '/operations/audit?payment=p1')).toBe('/is/operations/audit?payment=p1');
  });

  it('writes a query given apart, leaving out what has no value', () => {
    expect(
      localeHref('en', { pathname: '/payments', query: { status: 'ACSC', after: undefined, page: 2 } }),
    ).toBe('/en/payments?status=ACSC&page=2');
    expect(localeHref('is', { pathname: '/payments/export', query: {} })).toBe('/is/payments/export');
    expect(localeHref('is', { pathname: '/payments', query: { q: 'a&b=c d' } })).toBe(
      '/is/payments?q=a%26b%3Dc+d',
    );
  });
});

describe('withoutLocale', () => {
  it('takes off a locale that leads the path, and nothing else', () => {
    expect(withoutLocale('/is/payments/1')).toBe('/payments/1');
    expect(withoutLocale('/en')).toBe('/');
    expect(withoutLocale('/x.txt')).toBe('/x.txt');
    expect(withoutLocale('/island/is')).toBe('/island/is');
  });

  it('undoes localeHref for every path', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.constantFrom('is', 'en'), fc.array(segment, { maxLength: 4 }), (locale, parts) => {
        const path = `/${parts.join('/')}`;
        expect(withoutLocale(localeHref(locale, path))).toBe(path);
      }),
    );
  });
});

describe('Link', () => {
  it("goes to the path under the frame's locale", () => {
    const html = renderToStaticMarkup(
      <FrameProvider locale="en" errorTexts={errorPageTexts((key) => key)}>
        <Link href={{ pathname: '/payments/new/periodic', query: { from: 'p1' } }} className="underline">
          Again
        </Link>
      </FrameProvider>,
    );
    expect(html).toBe('<a class="underline" href="/en/payments/new/periodic?from=p1">Again</a>');
  });

  it('goes to the default locale outside any frame', () => {
    expect(renderToStaticMarkup(<Link href="/payments">Payments</Link>)).toBe(
      '<a href="/is/payments">Payments</a>',
    );
  });
});
