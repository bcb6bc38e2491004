import { useTranslations } from 'next-intl';

/** The bank's own code in small print, beside the words that say what it means: for an expert, or the bank. */
export function CodeDetail({ code }: { code: string }) {
  const t = useTranslations('story');
  return (
    <span
      className="whitespace-nowrap font-mono text-xs text-slate-600"
      title={t('codeTitle')}
      data-code={code}
    >
      ({t('code', { code })})
    </span>
  );
}
