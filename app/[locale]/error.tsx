'use client';

import { useErrorPageTexts } from '@/components/layout/frame-context';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

/**
 * An unexpected error on a page, in the site's frame and the page's language. The server's message
 * never reaches the PSU; its digest does, to match the server's log.
 */
export default function LocaleError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useErrorPageTexts();
  const digest =
    error instanceof Error && 'digest' in error && typeof error.digest === 'string'
      ? error.digest
      : undefined;
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="text-slate-700">{t.text}</p>
      {digest && <p className="text-sm text-slate-600">{t.reference.replace('{digest}', digest)}</p>}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="button" onClick={() => retry()}>
          {t.retry}
        </Button>
        <Link href="/payments" className="text-brand-700 underline underline-offset-2">
          {t.back}
        </Link>
      </div>
    </div>
  );
}
