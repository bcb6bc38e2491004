import { useTranslations } from 'next-intl';
import type { BankNote } from '@/lib/bank/bank-text';

/**
 * The bank's own words for the PSU: its psuMessage (spec 2.5, "text to show to the PSU") and the
 * messages of its successful answers (spec part 7: category WARNING or ERROR, code WARNING). The code
 * decides our own heading, in the PSU's language; WARNING says nothing more, so the bank's text
 * follows it as the bank wrote it, as plain text, bounded to the spec's 500 characters
 * (lib/bank/bank-text.ts). A code we know from spec part 7 is told in our words instead.
 */
export function BankMessages({
  psuMessage,
  notes,
  fundsShort = false,
}: {
  psuMessage: string | null;
  notes: BankNote[];
  /** Its funds check found the money not there yet (`fundsAvailable: false`, BG IG 4.14.1): told in our words. */
  fundsShort?: boolean;
}) {
  const t = useTranslations('payment.bankSays');
  const tBank = useTranslations('bank');
  if (!psuMessage && notes.length === 0 && !fundsShort) return null;
  return (
    <section aria-labelledby="bank-says-heading" className="rounded border border-slate-300 bg-white p-4">
      <h2 id="bank-says-heading" className="mb-2 text-lg font-semibold">
        {t('title')}
      </h2>
      <ul className="space-y-2">
        {fundsShort && <li data-bank-message="fundsAvailable">{t('fundsShort')}</li>}
        {psuMessage && (
          <li data-bank-message="psuMessage">
            <span className="font-medium">{t('psuMessage')}</span> <q className="italic">{psuMessage}</q>
          </li>
        )}
        {notes.map((note, index) => {
          const ours = note.code !== 'WARNING' && tBank.has(`code.${note.code}`);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the bank's list, shown in its order
            <li key={index} data-bank-message={note.code} data-category={note.category}>
              {ours ? (
                tBank(`code.${note.code}`)
              ) : note.text ? (
                <>
                  <span className="font-medium">{t(note.category === 'ERROR' ? 'error' : 'warning')}</span>{' '}
                  <q className="italic">{note.text}</q>
                </>
              ) : (
                t('withoutText')
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
