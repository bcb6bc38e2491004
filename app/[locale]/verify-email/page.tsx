import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WithoutEmailNotice } from '@/components/account/confirm-email-notice';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { findProfile } from '@/lib/auth/accounts';
import { verifyEmailAction } from '@/lib/auth/actions/account';
import { requirePsuId } from '@/lib/auth/session';
import { Link } from '@/lib/i18n/navigation';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'account.verifyEmail' }))('title') };
}

/**
 * Where the verification link leads. Opening it changes nothing (a mail scanner may open links):
 * the account's owner, signed in, confirms with the button, and the token must be theirs.
 */
export default async function VerifyEmailPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token.slice(0, 100) : '';
  const psuId = await requirePsuId(`/verify-email?${new URLSearchParams({ token: value })}`);
  const profile = await findProfile(psuId);
  if (!profile) notFound();
  const t = await getTranslations('account.verifyEmail');
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <WithoutEmailNotice />
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p>{t('intro', { email: profile.email })}</p>
      <WordedButtonForm
        action={verifyEmailAction}
        label={t('submit')}
        fields={{ token: value }}
        variant="primary"
        once
      />
      <Link href="/account" className="text-sm text-brand-700 underline">
        {t('toAccount')}
      </Link>
    </div>
  );
}
