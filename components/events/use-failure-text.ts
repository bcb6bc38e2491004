'use client';

import { useTranslations } from 'next-intl';
import type { ActionFailure } from '@/lib/actions/result';

/** The operator's words for why an events-page action failed. */
export function useFailureText(): (failure: ActionFailure) => string {
  const t = useTranslations();
  return (failure) =>
    failure.message && t.has(failure.message) ? t(failure.message) : t('events.failure.invalidInput');
}
