import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ErrorPageTexts } from '@/components/layout/error-page-texts';
import { FrameProvider } from '@/components/layout/frame-context';
import { PageLinks } from '@/components/ui/page-links';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

// The links between the pages of the payment history and of the audit trail (components/ui/page-links.tsx).
const draw = (locale: 'is' | 'en', links: Parameters<typeof PageLinks>[0]) =>
  renderToStaticMarkup(
    <FrameProvider locale={locale} errorTexts={{} as ErrorPageTexts}>
      <PageLinks {...links} />
    </FrameProvider>,
  );

describe('the links between the pages of a list', () => {
  it('are no landmark at all where the list has one page', () => {
    expect(draw('is', { label: is.payments.paging })).toBe('');
    expect(draw('en', { label: en.payments.paging })).toBe('');
  });

  it.each([
    { locale: 'is' as const, messages: is },
    { locale: 'en' as const, messages: en },
  ])('name their landmark and lead on, in the page’s language ($locale)', ({ locale, messages }) => {
    const onward = draw(locale, {
      label: messages.payments.paging,
      next: {
        href: { pathname: '/payments', query: { status: 'ACSC', after: 'c-25' } },
        text: messages.payments.nextPage,
      },
    });
    expect(onward).toBe(
      `<nav aria-label="${messages.payments.paging}" class="flex gap-4"><a class="text-brand-700 underline" rel="next" href="/${locale}/payments?status=ACSC&amp;after=c-25">${messages.payments.nextPage}</a></nav>`,
    );
    const both = draw(locale, {
      label: messages.payments.paging,
      first: { href: '/payments', text: messages.payments.firstPage },
      next: { href: { pathname: '/payments', query: { after: 'c-50' } }, text: messages.payments.nextPage },
    });
    expect(both.match(/<a /g)).toHaveLength(2);
    expect(both).toContain(`href="/${locale}/payments">${messages.payments.firstPage}</a>`);
  });
});
