'use client';

import { useTranslations } from 'next-intl';
import type { ActionFailure } from '@/lib/webhooks/actions/result';

/** The operator's words for why an events-page action failed. */
export function useFailureText(): (failure: ActionFailure) => string {
  const t = useTranslations('events.failure');
  return (failure) => t(failure.reason);
}
