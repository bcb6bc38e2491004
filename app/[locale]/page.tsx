import { redirect } from '@/lib/i18n/redirect';

export default async function Home({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  redirect({ href: '/payments', locale });
}
