import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExecutionDatesTable } from '@/components/payments/execution-dates-table';
import formsEn from '@/messages/forms/en.json';
import formsIs from '@/messages/forms/is.json';

// Why a standing order's date moved names every closed day it was moved over, not only the first.

type Name = { caption: string } | { labelledBy: string };

function markup(
  locale: 'is' | 'en',
  dates: { scheduled: string; execution: string }[],
  name: Name = { caption: '' },
): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={locale === 'is' ? formsIs : formsEn}
      timeZone="Atlantic/Reykjavik"
    >
      <ExecutionDatesTable dates={dates} locale={locale} name={name} />
    </NextIntlClientProvider>,
  );
}

function shown(locale: 'is' | 'en', dates: { scheduled: string; execution: string }[]): string {
  return markup(locale, dates).replace(/<[^>]+>/g, ' ');
}

describe('a moved date of a standing order', () => {
  it('Sunday 1 August 2027, before Frídagur verslunarmanna: moved over the weekend and the holiday', () => {
    const dates = [{ scheduled: '2027-08-01', execution: '2027-08-03' }];
    expect(shown('is', dates)).toContain('fært: helgi og frídagur verslunarmanna');
    expect(shown('en', dates)).toMatch(/moved: weekend and Commerce Day/i);
  });

  it('a holiday alone, or a weekend alone, is named alone', () => {
    expect(shown('is', [{ scheduled: '2027-01-01', execution: '2027-01-04' }])).toContain(
      'fært: nýársdagur og helgi',
    );
    expect(shown('is', [{ scheduled: '2027-03-06', execution: '2027-03-08' }])).toContain('fært: helgi');
  });
});

describe('the table’s name for a screen reader', () => {
  const dates = [{ scheduled: '2027-03-08', execution: '2027-03-08' }];

  it('is its own caption where no heading names it', () => {
    const table = markup('en', dates, { caption: 'The next 3 payment dates' });
    expect(table).toContain('<caption class="sr-only">The next 3 payment dates</caption>');
    expect(table).not.toContain('aria-labelledby');
  });

  it('is the heading above it where there is one, not its words said again', () => {
    const table = markup('en', dates, { labelledBy: 'next-dates-heading' });
    expect(table).toContain('aria-labelledby="next-dates-heading"');
    expect(table).not.toContain('<caption');
  });
});
