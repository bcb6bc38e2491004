import { parseDomesticAccount } from '@/lib/payments/accounts/domestic-account';

/**
 * What a bank of the directory offers (lib/bank/directory.ts, which also reads it from the directory file), in a
 * module the browser may load too, without zod: the form offers only this, and says which bank an account is at
 * as the PSU types it.
 */
export const PAYMENT_SERVICES = ['payments', 'bulk-payments', 'periodic-payments'] as const;
export const PAYMENT_PRODUCTS = ['credit-transfers', 'card-deposits'] as const;
export const SCA_APPROACHES = ['REDIRECT', 'DECOUPLED', 'EMBEDDED'] as const;

export interface BankOffer {
  services: (typeof PAYMENT_SERVICES)[number][];
  products: (typeof PAYMENT_PRODUCTS)[number][];
  /** The SCA approaches the bank may answer a payment with (ASPSP-SCA-Approach). */
  scaApproaches: (typeof SCA_APPROACHES)[number][];
  /** Whether it takes a TPP-Notification-URI (spec part 6); without, the app sends none and polls. */
  notifications: boolean;
  /** Whether it has a webhooks service for the app's business user. */
  webhooks: boolean;
  /** Whether its claims interface holds bills for the app's users (the business user is their claimant). */
  claims: boolean;
}

export const FULL_OFFER: BankOffer = {
  services: [...PAYMENT_SERVICES],
  products: [...PAYMENT_PRODUCTS],
  scaApproaches: [...SCA_APPROACHES],
  notifications: true,
  webhooks: true,
  claims: true,
};

/**
 * The bank number of an Icelandic account, as typed: the first two digits of the bank-and-branch number of a
 * domestic account ("0133-26-012345"), or positions 5-6 of an IS IBAN. Undefined for anything else.
 */
export function bankNumberOf(account: string): string | undefined {
  const compact = account.replace(/\s/g, '').toUpperCase();
  const iban = /^IS\d{2}(\d{2})\d{20}$/.exec(compact);
  if (iban) return iban[1];
  return parseDomesticAccount(account)?.bank.slice(0, 2);
}

/** The bank of the directory that holds `account`: the one serving its bank number, or a directory's only bank. */
export function bankOfAccount<B extends { bankNumbers: string[] }>(
  banks: readonly B[],
  account: string,
): B | undefined {
  const number = bankNumberOf(account);
  if (number === undefined) return undefined;
  return (
    banks.find((bank) => bank.bankNumbers.includes(number)) ?? banks.find((b) => b.bankNumbers.length === 0)
  );
}
