'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { withShownNumbers } from '@/lib/format/number';
import { deleteSubscriptionAction } from '@/lib/webhooks/actions/delete-subscription';
import { replaySubscriptionAction } from '@/lib/webhooks/actions/replay-subscription';
import { verifySubscriptionAction } from '@/lib/webhooks/actions/verify-subscription';
import { useFailureText } from './use-failure-text';

type Busy = 'verify' | 'replay' | 'delete' | null;

/**
 * Verify, replay and delete for one subscription, each outcome explained beside the buttons. Replay is
 * offered only where the bank offers it (BANK_EVENTS_OFFERS_REPLAY): the spec defines no such call.
 */
export function SubscriptionActions({
  subscriptionId,
  name,
  replayOffered,
}: {
  subscriptionId: string;
  name: string;
  replayOffered: boolean;
}) {
  const t = useTranslations('events');
  const locale = usePageLocale();
  const failureText = useFailureText();
  const router = useRouter();
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'bad'; kind: string } | null>(null);
  const [, startTransition] = useTransition();

  async function run(kind: Exclude<Busy, null>, task: () => Promise<{ text: string; tone: 'ok' | 'bad' }>) {
    setBusy(kind);
    setMessage(null);
    try {
      const result = await task();
      setMessage({ ...result, kind });
      startTransition(() => router.refresh());
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-2">
      <fieldset aria-label={t('subscriptions.actions', { name })} className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          disabled={busy !== null}
          aria-busy={busy === 'verify'}
          onClick={() =>
            run('verify', async () => {
              const result = await verifySubscriptionAction({ subscriptionId });
              if (!result.ok) return { text: failureText(result), tone: 'bad' };
              return {
                text: t(`verify.${result.data.result}`),
                tone: result.data.result === 'activated' ? 'ok' : 'bad',
              };
            })
          }
        >
          {busy === 'verify' ? t('verify.busy') : t('verify.button')}
        </Button>
        {replayOffered && (
          <Button
            type="button"
            variant="secondary"
            disabled={busy !== null}
            aria-busy={busy === 'replay'}
            onClick={() =>
              run('replay', async () => {
                const result = await replaySubscriptionAction({ subscriptionId });
                if (!result.ok) return { text: failureText(result), tone: 'bad' };
                return {
                  text: t(
                    `replay.${result.data.result}`,
                    withShownNumbers({ count: result.data.count }, locale),
                  ),
                  tone: result.data.result === 'replayed' ? 'ok' : 'bad',
                };
              })
            }
          >
            {busy === 'replay' ? t('replay.busy') : t('replay.button')}
          </Button>
        )}
        <Button
          type="button"
          variant="secondary"
          disabled={busy !== null}
          aria-busy={busy === 'delete'}
          onClick={() => {
            if (!window.confirm(t('delete.confirm'))) return;
            void run('delete', async () => {
              const result = await deleteSubscriptionAction({ subscriptionId });
              return result.ok
                ? { text: t('delete.done'), tone: 'ok' }
                : { text: failureText(result), tone: 'bad' };
            });
          }}
        >
          {busy === 'delete' ? t('delete.busy') : t('delete.button')}
        </Button>
      </fieldset>
      {message && (
        <p
          role="status"
          data-outcome={message.kind}
          className={`rounded border p-2 text-sm ${message.tone === 'ok' ? 'border-green-300 bg-green-50' : 'border-amber-300 bg-amber-50'}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
