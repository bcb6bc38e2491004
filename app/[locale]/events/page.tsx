import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { BankChoice } from '@/components/events/bank-choice';
import { EventTypeChoice } from '@/components/events/event-type-choice';
import { eventsFormTextsOf } from '@/components/events/form-texts';
import { SubscriptionForm } from '@/components/events/subscription-form';
import { UpdateEventTypesForm } from '@/components/events/update-event-types-form';
import { requireOperator } from '@/lib/auth/operator';
import { CLAIM_STATUSES } from '@/lib/bank/claims';
import { banksOffering } from '@/lib/bank/directory';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/format';
import { localeOrDefault } from '@/lib/i18n/routing';
import { createSubscriptionAction } from '@/lib/webhooks/actions/create-subscription';
import { deleteSubscriptionAction } from '@/lib/webhooks/actions/delete-subscription';
import { registerSubscriptionAction } from '@/lib/webhooks/actions/register-subscription';
import { replaySubscriptionAction } from '@/lib/webhooks/actions/replay-subscription';
import { updateSubscriptionAction } from '@/lib/webhooks/actions/update-subscription';
import { verifySubscriptionAction } from '@/lib/webhooks/actions/verify-subscription';
import { recentEvents, type SubscriptionView, subscriptionsOverview } from '@/lib/webhooks/overview';
import { webhookSettings } from '@/lib/webhooks/settings';
import {
  eventTypesInWords,
  eventTypeWords,
  subscribableEventTypes,
} from '@/lib/webhooks/subscribable-event-types';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'events' }))('title') };
}

// Every visit asks the bank: its delivery state is the source of truth.
export const dynamic = 'force-dynamic';

/**
 * The operator's page: the company's webhook subscriptions, each at one bank of the directory, and the events
 * received, each with the bank it came from. New subscriptions are made at a bank the operator picks among
 * those whose directory entry offers webhooks.
 */
export default async function EventsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireOperator('/events');
  const db = await getDb();
  const [overview, events, t, tCreate, tBills, format] = await Promise.all([
    subscriptionsOverview(db),
    recentEvents(db),
    getTranslations('events'),
    getTranslations('events.create'),
    getTranslations('bills'),
    getFormatter(),
  ]);
  const typesInWords = (types: string[]) => eventTypesInWords(types, tCreate, (items) => format.list(items));
  // A delivered event is one concrete action (webhooks spec part 6): today `claim.paid`.
  const receivedType = (type: string) => (type === 'claim.paid' ? t('received.claimPaid') : type);
  const claimStatus = (status: string) =>
    (CLAIM_STATUSES as readonly string[]).includes(status)
      ? tBills(`status.${status as (typeof CLAIM_STATUSES)[number]}`)
      : status;
  const replayOffered = webhookSettings().BANK_EVENTS_OFFERS_REPLAY;
  const banks = banksOffering('webhooks').map(({ id, name }) => ({ id, name }));
  const bankLabel = (bank: { bankId: string; bankName: string | null }) =>
    bank.bankName ?? t('bank.former', { id: bank.bankId });
  const formTexts = eventsFormTextsOf(t);
  const typeWords = Object.fromEntries(
    subscribableEventTypes.map((type) => [type, tCreate(eventTypeWords[type])]),
  ) as Record<(typeof subscribableEventTypes)[number], string>;
  const bankChoice = (
    <BankChoice banks={banks} label={t('bank.label')} named={(bank) => t('bank.named', { bank })} />
  );
  const when = (iso: string) => formatDateTime(iso, localeOrDefault(locale), { seconds: true });
  const reason = (sub: SubscriptionView) =>
    sub.disabledReason === 'pending_activation' || sub.disabledReason === 'delivery_failures_exhausted'
      ? t(`subscriptions.reason.${sub.disabledReason}`)
      : sub.disabledReason
        ? t('subscriptions.reason.other', { reason: sub.disabledReason })
        : null;

  return (
    <div className="space-y-10">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="max-w-2xl text-slate-700">{t('intro')}</p>
        {!overview.bankReachable && (
          <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
            {t('bankUnreachable')}
          </p>
        )}
      </div>

      <section aria-labelledby="subscriptions-heading" className="space-y-3">
        <h2 id="subscriptions-heading" className="text-lg font-semibold">
          {t('subscriptions.title')}
        </h2>
        {overview.ours.length === 0 ? (
          <p>{t('subscriptions.none')}</p>
        ) : (
          <ul className="space-y-4">
            {overview.ours.map((sub) => {
              const name = sub.description ?? sub.bankSubscriptionId;
              return (
                <li
                  key={sub.id}
                  data-testid="subscription"
                  data-subscription-id={sub.id}
                  data-bank-id={sub.bankId}
                  data-description={sub.description ?? ''}
                  data-delivery-enabled={String(sub.deliveryEnabled)}
                  className="space-y-3 rounded border border-slate-200 bg-white p-4"
                >
                  <h3 className="font-medium">{name}</h3>
                  <p className="text-sm" data-testid="subscription-bank">
                    {t('bank.named', { bank: bankLabel(sub) })}
                  </p>
                  <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
                    <dt className="font-medium">{t('subscriptions.bankId')}</dt>
                    <dd className="break-all font-mono">{sub.bankSubscriptionId}</dd>
                    <dt className="font-medium">{t('subscriptions.callbackUrl')}</dt>
                    <dd className="break-all font-mono">{sub.callbackUrl}</dd>
                    <dt className="font-medium">{t('subscriptions.eventTypes')}</dt>
                    <dd>{typesInWords(sub.eventTypes)}</dd>
                    <dt className="font-medium">{t('subscriptions.delivery')}</dt>
                    <dd data-testid="delivery-state">
                      {sub.source === 'missing' ? (
                        t('subscriptions.missing')
                      ) : sub.deliveryEnabled ? (
                        <span className="text-green-800">{t('subscriptions.enabled')}</span>
                      ) : (
                        <span className="text-amber-800">
                          {t('subscriptions.disabled')}
                          {reason(sub) ? `: ${reason(sub)}` : ''}
                          {sub.disabledAt
                            ? ` ${t('subscriptions.disabledSince', { at: when(sub.disabledAt) })}`
                            : ''}
                        </span>
                      )}
                      {sub.source === 'mirror' && ` ${t('subscriptions.fromMirror')}`}
                    </dd>
                  </dl>
                  {!replayOffered && sub.disabledReason === 'delivery_failures_exhausted' && (
                    <p className="text-sm text-slate-700" data-testid="replay-not-offered">
                      {t('replay.notOffered')}
                    </p>
                  )}
                  {sub.source !== 'missing' && (
                    <UpdateEventTypesForm
                      action={updateSubscriptionAction}
                      subscriptionId={sub.id}
                      label={t('update.label', { name })}
                      eventTypeChoice={
                        <EventTypeChoice
                          kind="checkbox"
                          legend={t('update.legend')}
                          words={typeWords}
                          checked={sub.eventTypes}
                        />
                      }
                      description={sub.description}
                      texts={formTexts.update}
                    />
                  )}
                  {/* The buttons in a row, each one's answer below them all (its form's box left out of the layout). */}
                  <fieldset
                    aria-label={t('subscriptions.actions', { name })}
                    className="flex flex-wrap gap-2 [&>form]:contents [&_p]:order-last [&_p]:basis-full"
                  >
                    <WordedButtonForm
                      action={verifySubscriptionAction}
                      label={t('verify.button')}
                      pendingLabel={t('verify.busy')}
                      fields={{ subscriptionId: sub.id }}
                    />
                    {replayOffered && (
                      <WordedButtonForm
                        action={replaySubscriptionAction}
                        label={t('replay.button')}
                        pendingLabel={t('replay.busy')}
                        fields={{ subscriptionId: sub.id }}
                      />
                    )}
                    <WordedButtonForm
                      action={deleteSubscriptionAction}
                      label={t('delete.button')}
                      pendingLabel={t('delete.busy')}
                      confirm={t('delete.confirm')}
                      fields={{ subscriptionId: sub.id }}
                    />
                  </fieldset>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="create-heading" className="max-w-xl space-y-3">
        <h2 id="create-heading" className="text-lg font-semibold">
          {t('create.title')}
        </h2>
        {banks.length === 0 ? (
          <p>{t('bank.none')}</p>
        ) : (
          <SubscriptionForm
            kind="create"
            action={createSubscriptionAction}
            bankChoice={bankChoice}
            fields={[
              {
                name: 'description',
                label: tCreate('description'),
                hint: tCreate('descriptionHint'),
                maxLength: 200,
              },
            ]}
            eventTypeChoice={
              <EventTypeChoice
                kind="radio"
                legend={tCreate('eventType')}
                words={typeWords}
                checked={['Claim']}
              />
            }
            texts={{ ...formTexts.create, ...formTexts.secret }}
            variant="primary"
          />
        )}
      </section>

      <section aria-labelledby="register-heading" className="max-w-xl space-y-3">
        <h2 id="register-heading" className="text-lg font-semibold">
          {t('register.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('register.intro')}</p>
        {banks.length > 0 && (
          <SubscriptionForm
            kind="register"
            action={registerSubscriptionAction}
            bankChoice={bankChoice}
            fields={[
              { name: 'bankSubscriptionId', label: t('register.bankId') },
              { name: 'signingSecret', label: t('register.secret'), type: 'password' },
            ]}
            texts={formTexts.register}
            variant="secondary"
          />
        )}
      </section>

      {overview.elsewhere.length > 0 && (
        <section aria-labelledby="elsewhere-heading" className="space-y-3">
          <h2 id="elsewhere-heading" className="text-lg font-semibold">
            {t('elsewhere.title')}
          </h2>
          <p className="text-sm text-slate-700">{t('elsewhere.intro')}</p>
          <ul className="space-y-1 text-sm">
            {overview.elsewhere.map((sub) => (
              <li key={`${sub.bankId}/${sub.subscriptionId}`} className="break-all" data-bank-id={sub.bankId}>
                {sub.bankName}: <span className="font-mono">{sub.subscriptionId}</span>
                {sub.description ? ` — ${sub.description}` : ''} ({sub.callbackUrl})
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="received-heading" className="space-y-3">
        <h2 id="received-heading" className="text-lg font-semibold">
          {t('received.title')}
        </h2>
        {events.length === 0 ? (
          <p>{t('received.none')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-4">
                    {t('received.eventType')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('bank.label')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('received.claim')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('received.occurredAt')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('received.receivedAt')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('received.outcome')}
                  </th>
                </tr>
              </thead>
              <tbody data-testid="received-events">
                {events.map((event) => (
                  <tr
                    key={event.eventId}
                    data-event-id={event.eventId}
                    data-event-type={event.eventType}
                    data-claim-id={event.claimId ?? ''}
                    data-outcome={event.outcome ?? 'pending'}
                    data-bank-id={event.bankId}
                    className="border-b border-slate-100"
                  >
                    <td className="py-2 pr-4">{receivedType(event.eventType)}</td>
                    <td className="py-2 pr-4">{bankLabel(event)}</td>
                    <td className="break-all py-2 pr-4">
                      <span className="font-mono">{event.claimId ?? '—'}</span>
                      {event.claimStatus ? ` (${claimStatus(event.claimStatus)})` : ''}
                    </td>
                    <td className="py-2 pr-4">{when(event.occurredAt)}</td>
                    <td className="py-2 pr-4">{when(event.receivedAt)}</td>
                    <td className="py-2">{t(`received.outcomes.${event.outcome ?? 'pending'}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
