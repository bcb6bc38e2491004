import { useTranslations } from 'next-intl';
import { whole } from '@/components/ui/whole';

/**
 * The bank's own code in small print, beside the words that say what it means: for an expert, or the bank. A
 * bill's ID (`of="bill"`), which a payment of the bill carries as its message, is named as the bill's ID;
 * at 390 px the line breaks before the ID (never inside it), where on one line with its name it ran past the card.
 */
export function CodeDetail({ code, of = 'bank' }: { code: string; of?: 'bank' | 'bill' }) {
  const t = useTranslations('story');
  return (
    <span
      className={`${of === 'bill' ? '' : 'whitespace-nowrap '}font-mono text-xs text-slate-600`}
      title={of === 'bill' ? t('billIdTitle') : t('codeTitle')}
      data-code={code}
    >
      {of === 'bill' ? t.rich('billId', { code, whole }) : `(${t('code', { code })})`}
    </span>
  );
}
