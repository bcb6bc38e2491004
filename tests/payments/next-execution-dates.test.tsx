import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NextExecutionDates } from '@/components/payments/forms/next-execution-dates';
import { todayInReykjavik } from '@/lib/payments/calendar';
import en from '@/messages/en.json';
import formsEn from '@/messages/forms/en.json';

// The periodic form's preview of the next dates lists none gone by: a first day typed in the past (which the form
// refuses) does not show a payment on it as one to come.

const day = (offset: number) =>
  new Date(Date.parse(`${todayInReykjavik()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe('the next dates of a standing order being made', () => {
  it('start from today, whatever first day was typed', () => {
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale="en" messages={{ ...en, ...formsEn }} timeZone="Atlantic/Reykjavik">
        <NextExecutionDates
          schedule={{ startDate: day(-20), frequency: 'Daily', executionRule: 'following' }}
          locale="en"
        />
      </NextIntlClientProvider>,
    );
    const listed = [...html.matchAll(/data-scheduled="(\d{4}-\d{2}-\d{2})"/g)].map((match) => match[1] ?? '');
    expect(listed.length).toBeGreaterThan(0);
    for (const date of listed) expect(date >= todayInReykjavik(), date).toBe(true);
  });
});
