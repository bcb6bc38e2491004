import { useTranslations } from 'next-intl';

/**
 * A payment whose bank asks for a way of confirming it that this app does not offer (lib/payments/sca.ts
 * `cannot-take`): what happened, that nothing is paid unless the PSU confirms it at the bank, and where they can
 * cancel it; the page goes on reading its status, so an approval at the bank moves it on.
 */
export function ScaCannotTake({ cancellable, links = [] }: { cancellable: boolean; links?: string[] }) {
  const t = useTranslations('sca.cannotTake');
  return (
    <section
      aria-labelledby="sca-heading"
      className="rounded border border-amber-300 bg-amber-50 p-4"
      data-sca-step="cannot-take"
      data-unusable-links={links.join(' ')}
    >
      <h2 id="sca-heading" className="mb-3 text-lg font-semibold">
        {t('title')}
      </h2>
      <p role="status">
        {t('text')} {t(cancellable ? 'cancelHere' : 'cancelAtBank')}
      </p>
    </section>
  );
}
