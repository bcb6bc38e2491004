'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale } from 'next-intl';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { type Locale, locales } from '@/lib/i18n/routing';

const names: Record<Locale, string> = { is: 'Íslenska', en: 'English' };

/** Switches the language of the current page, keeping its path and query. */
export function LanguageSwitch({ label }: { label: string }) {
  const locale = useLocale();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const router = useRouter();
  return (
    <select
      aria-label={label}
      className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
      value={locale}
      onChange={(event) => {
        const query = Object.fromEntries(searchParams.entries());
        router.replace({ pathname, query }, { locale: event.target.value as Locale });
      }}
    >
      {locales.map((option) => (
        <option key={option} value={option} lang={option}>
          {names[option]}
        </option>
      ))}
    </select>
  );
}
