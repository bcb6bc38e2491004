'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { localeHref, withoutLocale } from '@/lib/i18n/locale-href';
import { type Locale, locales } from '@/lib/i18n/routing';

const names: Record<Locale, string> = { is: 'Íslenska', en: 'English' };

/** Switches the language of the current page (in `locale`), keeping its path and query. */
export function LanguageSwitch({ label, locale }: { label: string; locale: Locale }) {
  const pathname = withoutLocale(usePathname());
  const searchParams = useSearchParams();
  const router = useRouter();
  return (
    <select
      aria-label={label}
      className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
      value={locale}
      onChange={(event) => {
        const search = searchParams.toString();
        router.replace(localeHref(event.target.value, `${pathname}${search ? `?${search}` : ''}`));
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
