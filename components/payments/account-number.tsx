import { useTranslations } from 'next-intl';
import { accountDisplay } from '@/lib/format';

/**
 * An account as the PSU knows it: an Icelandic IBAN as its domestic account and the owner's
 * kennitala ("0133-26-012345, kt. 010130-2989") with the IBAN beside it; any other IBAN in groups
 * of four; anything else as the payment carries it. A narrow column may break the line between the
 * domestic account and the kennitala, never inside either (at one of their hyphens).
 */
export function AccountNumber({ account }: { account: string }) {
  const t = useTranslations('payment');
  const shown = accountDisplay(account);
  if (shown.kind === 'other') return <span className="font-mono text-sm">{shown.text}</span>;
  if (shown.kind === 'iban')
    return (
      <span className="font-mono text-sm">
        <Iban iban={shown.iban} />
      </span>
    );
  return (
    <span data-account={account}>
      <span className="whitespace-nowrap tabular-nums" data-testid="domestic-account">
        {shown.account}
      </span>
      <span className="text-slate-700">
        {', '}
        <span className="whitespace-nowrap">{t('kennitala', { kennitala: shown.kennitala })}</span>
      </span>
      <span className="block font-mono text-xs text-slate-600">
        <Iban iban={shown.iban} />
      </span>
    </span>
  );
}

/**
 * An IBAN in its groups of four, which a narrow column breaks between: its last group, often short ("99"), stays
 * on the line of the one before it, never alone on a line. Copied, it is the IBAN with its spaces.
 */
function Iban({ iban }: { iban: string }) {
  const at = iban.lastIndexOf(' ', iban.lastIndexOf(' ') - 1);
  if (at === -1) return iban;
  return (
    <>
      {iban.slice(0, at + 1)}
      <span className="whitespace-nowrap">{iban.slice(at + 1)}</span>
    </>
  );
}
