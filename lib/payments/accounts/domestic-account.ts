import { ibanCheckDigits } from './check-digits';
import { checkKennitala, type KennitalaCheck, normalizeKennitala } from './kennitala';

export interface DomesticAccount {
  /** Bank and branch, 4 digits ("0133"). */
  bank: string;
  /** Ledger (höfuðbók), 2 digits ("26"). */
  ledger: string;
  /** Account number, 6 digits ("012345"). */
  account: string;
}

/**
 * Reads a domestic account typed as "0133-26-012345" or "013326012345". With dashes or spaces, a
 * part may omit its leading zeros ("133-26-12345"), as people often write it.
 */
export function parseDomesticAccount(input: string): DomesticAccount | undefined {
  const text = input.trim();
  const parts = /^(\d{1,4})[-\s](\d{1,2})[-\s](\d{1,6})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{6})$/.exec(text);
  if (!parts) return undefined;
  const [, bank = '', ledger = '', account = ''] = parts;
  return { bank: bank.padStart(4, '0'), ledger: ledger.padStart(2, '0'), account: account.padStart(6, '0') };
}

export function formatDomesticAccount({ bank, ledger, account }: DomesticAccount): string {
  return `${bank}-${ledger}-${account}`;
}

export type DomesticIbanResult =
  | { ok: true; iban: string; kennitala: KennitalaCheck }
  | { ok: false; error: 'validation.domesticAccount.format' | 'validation.kennitala.malformed' };

/**
 * The Icelandic IBAN of a domestic account and its owner's kennitala (ÍST TS-310: IS, check
 * digits, bank 4, ledger 2, account 6, kennitala 10). `kennitala` reports the check digit so the
 * form can warn; a failed check digit does not stop the IBAN from being built.
 */
export function domesticAccountToIban(account: string, kennitala: string): DomesticIbanResult {
  const parsed = parseDomesticAccount(account);
  if (!parsed) return { ok: false, error: 'validation.domesticAccount.format' };
  const kt = normalizeKennitala(kennitala);
  if (kt === undefined) return { ok: false, error: 'validation.kennitala.malformed' };
  const bban = `${parsed.bank}${parsed.ledger}${parsed.account}${kt}`;
  return { ok: true, iban: `IS${ibanCheckDigits('IS', bban)}${bban}`, kennitala: checkKennitala(kt) };
}

/** The domestic account and kennitala inside an Icelandic IBAN; undefined for any other IBAN. */
export function ibanToDomesticAccount(iban: string): (DomesticAccount & { kennitala: string }) | undefined {
  const m = /^IS\d{2}(\d{4})(\d{2})(\d{6})(\d{10})$/.exec(iban.replace(/\s/g, '').toUpperCase());
  if (!m) return undefined;
  const [, bank = '', ledger = '', account = '', kennitala = ''] = m;
  return { bank, ledger, account, kennitala };
}

/**
 * Warnings (never errors) for an account the user entered: an Icelandic IBAN whose kennitala has a
 * check digit that does not match gives `validation.kennitala.checksum`.
 */
export function accountWarnings(account: { iban?: string | null }): 'validation.kennitala.checksum'[] {
  const domestic = account.iban ? ibanToDomesticAccount(account.iban) : undefined;
  return domestic && checkKennitala(domestic.kennitala) === 'invalid-checksum'
    ? ['validation.kennitala.checksum']
    : [];
}
