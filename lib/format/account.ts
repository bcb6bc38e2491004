import { formatDomesticAccount, ibanToDomesticAccount } from '@/lib/payments/accounts/domestic-account';
import { formatKennitala } from '@/lib/payments/accounts/kennitala';

/** How an account is shown: an Icelandic IBAN as the PSU knows it, beside the IBAN itself. */
export type AccountDisplay =
  /** An Icelandic IBAN: the domestic account "0133-26-012345" and the owner's kennitala "010130-2989". */
  | { kind: 'domestic'; account: string; kennitala: string; iban: string }
  /** Any other IBAN, in groups of four as ISO 13616 prints it: "GB82 WEST 1234 5698 7654 32". */
  | { kind: 'iban'; iban: string }
  /** A BBAN, masked card number or phone number, as the payment carries it. */
  | { kind: 'other'; text: string };

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;

/**
 * ISO 13616's print format, groups of four: what ibantools' friendlyFormatIBAN does, written here
 * because importing it brings the library's whole country table (about 5 kB) into the payment page.
 */
const printFormat = (iban: string) => iban.replace(/(.{4})(?!$)/g, '$1 ');

/**
 * The display of an account the payment carries. An Icelandic IBAN holds the domestic account and
 * the owner's kennitala (ÍST TS-310: bank 4, ledger 2, account 6, kennitala 10), which is how
 * people in Iceland know an account; the IBAN is kept beside it for a reader who knows only that.
 */
export function accountDisplay(account: string): AccountDisplay {
  const compact = account.replace(/\s/g, '').toUpperCase();
  if (!IBAN.test(compact)) return { kind: 'other', text: account };
  const iban = printFormat(compact);
  const domestic = ibanToDomesticAccount(compact);
  if (!domestic) return { kind: 'iban', iban };
  return {
    kind: 'domestic',
    account: formatDomesticAccount(domestic),
    kennitala: formatKennitala(domestic.kennitala),
    iban,
  };
}

/** An account in a few words, as people know it: the domestic number, else the IBAN or the text as given. */
export function accountAsKnown(account: string): string {
  const shown = accountDisplay(account);
  return shown.kind === 'domestic' ? shown.account : shown.kind === 'iban' ? shown.iban : shown.text;
}
