import type { Href } from '@/lib/i18n/locale-href';
import { Link } from '@/lib/i18n/navigation';

interface PageLink {
  href: Href;
  text: string;
}

/**
 * The links between the pages of a long list: back to its first page, and on to the next. Nothing at all where
 * the list has one page only: a landmark without links would be announced to a screen reader for nothing.
 */
export function PageLinks({ label, first, next }: { label: string; first?: PageLink; next?: PageLink }) {
  if (!first && !next) return null;
  return (
    <nav aria-label={label} className="flex gap-4">
      {first && (
        <Link href={first.href} className="text-brand-700 underline">
          {first.text}
        </Link>
      )}
      {next && (
        <Link href={next.href} className="text-brand-700 underline" rel="next">
          {next.text}
        </Link>
      )}
    </nav>
  );
}
