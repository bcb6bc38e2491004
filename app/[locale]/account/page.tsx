import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ChangePasswordForm } from '@/components/layout/change-password-form';
import { ACCOUNT_MESSAGES, ClientMessages } from '@/components/layout/client-messages';
import { DateText } from '@/components/ui/date-text';
import { findProfile } from '@/lib/auth/accounts';
import { requirePsuId } from '@/lib/auth/session';
import { formatKennitala } from '@/lib/format';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account' });
  return { title: t('title') };
}

/** The signed-in PSU's profile, with the kennitala the bank may receive, and a password change. */
export default async function AccountPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/account');
  const profile = await findProfile(psuId);
  if (!profile) notFound();
  const t = await getTranslations('account');
  return (
    <div className="max-w-xl space-y-8">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <section aria-labelledby="profile-heading" className="space-y-3">
        <h2 id="profile-heading" className="text-lg font-semibold">
          {t('profile')}
        </h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium">{t('displayName')}</dt>
          <dd>{profile.displayName}</dd>
          <dt className="font-medium">{t('email')}</dt>
          <dd>{profile.email}</dd>
          <dt className="font-medium">{t('kennitala')}</dt>
          <dd data-testid="profile-kennitala">
            {profile.kennitala ? formatKennitala(profile.kennitala) : t('noKennitala')}
          </dd>
          <dt className="font-medium">{t('memberSince')}</dt>
          <dd>
            <DateText value={profile.createdAt.toISOString()} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="password-heading" className="space-y-3">
        <h2 id="password-heading" className="text-lg font-semibold">
          {t('password.title')}
        </h2>
        <ClientMessages namespaces={ACCOUNT_MESSAGES}>
          <ChangePasswordForm />
        </ClientMessages>
      </section>
    </div>
  );
}
