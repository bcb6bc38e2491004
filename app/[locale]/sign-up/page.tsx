import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WithoutEmailNotice } from '@/components/account/confirm-email-notice';
import { PasswordRules } from '@/components/layout/password-rules';
import { SignUpForm } from '@/components/layout/sign-up-form';
import { Link } from '@/lib/i18n/navigation';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account.signUp' });
  return { title: t('title') };
}

export default async function SignUpPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ returnTo?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { returnTo } = await searchParams;
  const t = await getTranslations('account.signUp');
  return (
    <div className="mx-auto max-w-sm">
      <WithoutEmailNotice />
      <h1 className="mb-2 text-2xl font-semibold">{t('title')}</h1>
      <p className="mb-6 text-sm text-slate-700">{t('intro')}</p>
      <SignUpForm
        returnTo={typeof returnTo === 'string' ? returnTo : undefined}
        texts={{
          email: t('email'),
          displayName: t('displayName'),
          password: t('password'),
          submit: t('submit'),
        }}
        rules={<PasswordRules id="password-rules" />}
      />
      <p className="mt-6 text-sm">
        {t('haveAccount')}{' '}
        <Link href="/sign-in" className="text-brand-700 underline">
          {t('signInLink')}
        </Link>
      </p>
    </div>
  );
}
