import { useTranslations } from 'next-intl';
import { CodeDetail } from '@/components/payments/code-detail';
import { isKnownFeeType } from '@/lib/bank/fee-types';

/**
 * A fee as the PSU reads it: the words for the bank's fee type (our spec's sandbox and IOBWS 3.2), or a
 * general phrase for a type we do not know, with the bank's code in small print beside it.
 */
export function FeeType({ feeType }: { feeType: string }) {
  const t = useTranslations('bankWords.fee');
  if (isKnownFeeType(feeType)) return <span data-fee-type={feeType}>{t(feeType)}</span>;
  return (
    <span data-fee-type={feeType}>
      {t('unknown')} <CodeDetail code={feeType} />
    </span>
  );
}
