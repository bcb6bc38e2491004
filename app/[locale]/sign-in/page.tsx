import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignInForm } from '@/components/layout/sign-in-form';
import { settings } from '@/lib/config';
import { demoPsu } from '@/lib/db/seed';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'signIn' });
  return { title: t('title') };
}

export default async function SignInPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ returnTo?: string }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { returnTo } = await searchParams;
  const t = await getTranslations('signIn');
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-2xl font-semibold">{t('title')}</h1>
      <SignInForm locale={locale} returnTo={returnTo} />
      {settings().SEED_DEMO_PSU && (
        <p className="mt-6 text-sm text-slate-600">
          {t('demo', { email: demoPsu.email, password: demoPsu.password })}
        </p>
      )}
    </div>
  );
}
