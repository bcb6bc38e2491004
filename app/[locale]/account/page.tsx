import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WithoutEmailNotice } from '@/components/account/confirm-email-notice';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { ChangePasswordForm } from '@/components/layout/change-password-form';
import { PasswordRules } from '@/components/layout/password-rules';
import { PaymentEndMailForm } from '@/components/notices/payment-end-mail-form';
import { DateText } from '@/components/ui/date-text';
import { findProfile } from '@/lib/auth/accounts';
import {
  resendVerificationAction,
  signOutEverywhereAction,
  verifyKennitalaAction,
} from '@/lib/auth/actions/account';
import { oidcSignInOffered } from '@/lib/auth/oidc';
import { requirePsuId } from '@/lib/auth/session';
import { settings } from '@/lib/config';
import { getDb } from '@/lib/db';
import { noticeSettingsOf } from '@/lib/db/queries/notices';
import { formatKennitala, withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account' });
  return { title: t('title') };
}

const refusals = ['noKennitala', 'kennitalaTaken', 'accountHasAnother'] as const;

/**
 * The signed-in PSU's account: the e-mail and whether it is verified, the kennitala an identity
 * provider verified (or how to verify it), the password, and the sessions.
 */
export default async function AccountPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{
    kennitala?: string | string[];
    password?: string | string[];
    link?: string | string[];
  }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/account');
  const profile = await findProfile(psuId);
  if (!profile) notFound();
  const [t, tn, query, notices] = await Promise.all([
    getTranslations('account'),
    getTranslations('notices.mail'),
    searchParams,
    getDb().then((db) => noticeSettingsOf(db, psuId)),
  ]);
  const refused = refusals.find((reason) => reason === query.kennitala);
  const lang = localeOrDefault(locale);
  const eid = oidcSignInOffered(settings(), lang);
  const kennitala = profile.kennitala ? formatKennitala(profile.kennitala) : null;
  return (
    <div className="max-w-xl space-y-8">
      <WithoutEmailNotice />
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <section aria-labelledby="profile-heading" className="space-y-3">
        <h2 id="profile-heading" className="text-lg font-semibold">
          {t('profile')}
        </h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium">{t('displayName')}</dt>
          <dd>{profile.displayName}</dd>
          <dt className="font-medium">{t('email')}</dt>
          <dd className="space-y-2">
            <p>{profile.email}</p>
            <p data-testid="email-status">
              {profile.emailVerifiedAt ? t('emailVerified') : t('emailUnverified')}
            </p>
            {!profile.emailVerifiedAt && (
              <WordedButtonForm action={resendVerificationAction} label={t('emailResend')} />
            )}
          </dd>
          <dt className="font-medium">{t('kennitala')}</dt>
          <dd className="space-y-2">
            <p data-testid="profile-kennitala">{kennitala ?? t('noKennitala')}</p>
            {kennitala ? (
              <p className="text-slate-700">{t('kennitalaLinked')}</p>
            ) : (
              <>
                <p className="text-slate-700">{t('kennitalaWhy')}</p>
                {refused && (
                  <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800">
                    {t(`kennitalaRefused.${refused}`)}
                  </p>
                )}
                {eid && query.link === 'eid' ? (
                  // Linking is this account's PSU's own act, confirmed here: the electronic ID of
                  // whoever signs in next becomes this account's.
                  <section
                    aria-labelledby="kennitala-confirm-heading"
                    data-testid="kennitala-confirm"
                    className="space-y-3 rounded border border-amber-300 bg-amber-50 p-4"
                  >
                    <h3 id="kennitala-confirm-heading" className="font-semibold">
                      {t('kennitalaConfirm.title')}
                    </h3>
                    <p>{t('kennitalaConfirm.body', { nameDative: eid.nameDative, email: profile.email })}</p>
                    <div className="flex flex-wrap items-center gap-4">
                      <WordedButtonForm
                        action={verifyKennitalaAction}
                        label={t('kennitalaConfirm.confirm')}
                        fields={{ confirm: 'link' }}
                        variant="primary"
                      />
                      <Link href="/account" className="text-brand-700 underline">
                        {t('kennitalaConfirm.cancel')}
                      </Link>
                    </div>
                  </section>
                ) : eid ? (
                  <Link
                    href={{ pathname: '/account', query: { link: 'eid' } }}
                    className="inline-flex items-center justify-center rounded border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-100"
                  >
                    {t('kennitalaVerify', { nameDative: eid.nameDative })}
                  </Link>
                ) : (
                  <p className="text-slate-700">{t('kennitalaUnavailable')}</p>
                )}
              </>
            )}
          </dd>
          <dt className="font-medium">{t('memberSince')}</dt>
          <dd>
            <DateText value={profile.createdAt.toISOString()} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="payment-end-mail-heading" className="space-y-3">
        <h2 id="payment-end-mail-heading" className="text-lg font-semibold">
          {tn('title')}
        </h2>
        <PaymentEndMailForm
          on={notices.mailOnPaymentEnd}
          verified={profile.emailVerifiedAt !== null}
          texts={{ intro: tn('intro'), unverified: tn('unverified'), label: tn('label'), save: tn('save') }}
        />
      </section>
      <section aria-labelledby="password-heading" className="space-y-3">
        <h2 id="password-heading" className="text-lg font-semibold">
          {t('password.title')}
        </h2>
        {query.password === 'changed' && (
          <p role="status" className="rounded border border-green-300 bg-green-50 p-3 text-sm text-green-900">
            {t('password.changedOthersEnded')}
          </p>
        )}
        <ChangePasswordForm
          locale={locale}
          texts={{
            current: t('password.current'),
            new: t('password.new'),
            confirm: t('password.confirm'),
            submit: t('password.submit'),
          }}
          rules={<PasswordRules id="new-password-rules" />}
        />
      </section>
      <section aria-labelledby="sessions-heading" className="space-y-3">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          {t('sessions.title')}
        </h2>
        <p className="text-sm text-slate-700">
          {t('sessions.intro', withShownNumbers({ minutes: settings().SESSION_IDLE_MINUTES }, lang))}
        </p>
        <WordedButtonForm action={signOutEverywhereAction} label={t('sessions.signOutEverywhere')} />
      </section>
    </div>
  );
}
