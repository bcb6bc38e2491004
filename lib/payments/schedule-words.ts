import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import formsEn from '@/messages/forms/en.json';
import formsIs from '@/messages/forms/is.json';
import noticesEn from '@/messages/notices/en.json';
import noticesIs from '@/messages/notices/is.json';
import type { StandingOrderSchedule } from './standing-order';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * A standing order's schedule in words: "from 1 Dec 2026, until you cancel it · Monthly · on the 1st · …"
 * (`t`: the standingOrders messages, `tf`: forms.periodic). "Until you cancel it" only while the bank runs it.
 */
export function describeSchedule(
  schedule: StandingOrderSchedule,
  locale: Locale,
  { t, tf }: { t: Translate; tf: Translate },
): string {
  const from = t('from', { date: formatDate(schedule.start, locale) });
  const parts = [
    schedule.end
      ? t('fromUntil', { start: formatDate(schedule.start, locale), end: formatDate(schedule.end, locale) })
      : schedule.running
        ? `${from}, ${t('untilCancelled')}`
        : from,
  ];
  if (schedule.frequency) parts.push(tf(`frequencyOption.${schedule.frequency}`));
  if (schedule.dayOfExecution) {
    parts.push(schedule.dayOfExecution === '31' ? t('lastDay') : t('day', { day: schedule.dayOfExecution }));
  }
  if (schedule.executionRule) parts.push(tf(`executionRuleOption.${schedule.executionRule}`));
  return parts.join(' · ');
}

// From the message files themselves, for words written outside a request (a mail), as its page writes them.
const translators = Object.fromEntries(
  (
    [
      ['is', noticesIs, formsIs],
      ['en', noticesEn, formsEn],
    ] as const
  ).map(([locale, notices, forms]) => [
    locale,
    {
      t: createTranslator({
        locale,
        messages: notices as AbstractIntlMessages,
        namespace: 'standingOrders',
        onError: () => {},
      }) as unknown as Translate,
      tf: createTranslator({
        locale,
        messages: forms as AbstractIntlMessages,
        namespace: 'forms.periodic',
        onError: () => {},
      }) as unknown as Translate,
    },
  ]),
) as Record<Locale, { t: Translate; tf: Translate }>;

/** describeSchedule in `locale`, outside a request. */
export function scheduleInWords(schedule: StandingOrderSchedule, locale: Locale): string {
  return describeSchedule(schedule, locale, translators[locale]);
}
