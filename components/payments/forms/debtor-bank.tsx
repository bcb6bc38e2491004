'use client';

import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useContext } from 'react';
import { useWatch } from 'react-hook-form';
import { bankArguments } from '@/lib/bank/bank-name';
import type { PublicBank } from '@/lib/bank/directory';
import { bankNumberOf, bankOfAccount } from '@/lib/bank/offer';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import { useFormLocale } from './messages';

const BankDirectoryContext = createContext<readonly PublicBank[]>([]);

/** The banks of the directory as the browser may know them (names, bank numbers, offers), for the forms below. */
export function BankDirectoryProvider({
  banks,
  children,
}: {
  banks: readonly PublicBank[];
  children: ReactNode;
}) {
  return <BankDirectoryContext.Provider value={banks}>{children}</BankDirectoryContext.Provider>;
}

export interface DebtorBank {
  /** The directory's bank of the paying account, once its number says which. */
  bank?: PublicBank;
  /** The bank number of a paying account at a bank not in the directory. */
  unknownNumber?: string;
}

/** The bank of the paying account as it stands in the form, re-read as the PSU types it. */
export function useDebtorBank(): DebtorBank {
  const banks = useContext(BankDirectoryContext);
  const iban = useWatch({ name: 'payment.debtorAccount.iban' }) as string | undefined;
  if (!iban || banks.length === 0) return {};
  const bank = bankOfAccount(banks, iban);
  if (bank) return { bank };
  const number = bankNumberOf(iban);
  return number ? { unknownNumber: number } : {};
}

/** The products the paying account's bank offers; every product while its bank is not known yet. */
export function offeredProducts(debtor: DebtorBank, all: readonly PaymentProduct[]): PaymentProduct[] {
  return all.filter((product) => !debtor.bank || debtor.bank.offer.products.includes(product));
}

const SERVICE_NAMES: Record<PaymentService, 'single' | 'periodic' | 'bulk'> = {
  payments: 'single',
  'periodic-payments': 'periodic',
  'bulk-payments': 'bulk',
};

/**
 * Under the paying account: which bank it is at, by name; that the bank approves in its app when it approves no
 * other way; that the bank does not offer this kind of payment; or that the app does not connect to its bank.
 * The server decides the same again before anything is sent (lib/payments/payment-bank.ts).
 */
export function DebtorBankNote({ service }: { service: PaymentService }) {
  const t = useTranslations('banks');
  const locale = useFormLocale();
  const { bank, unknownNumber } = useDebtorBank();
  if (unknownNumber) {
    return (
      <p role="alert" data-testid="debtor-bank" className="text-sm text-red-700">
        {t('unknownAt', { number: unknownNumber })}
      </p>
    );
  }
  if (!bank) return null;
  const { scaApproaches, services } = bank.offer;
  const names = bankArguments(bank.names, locale);
  return (
    <div role="status" data-testid="debtor-bank" className="space-y-1 text-sm text-slate-700">
      <p>{t('accountAt', names)}</p>
      {scaApproaches.length === 1 && scaApproaches[0] === 'DECOUPLED' ? (
        <p>{t('approveInApp', names)}</p>
      ) : null}
      {services.includes(service) ? null : (
        <p className="text-red-700">{t('noServiceHere', { ...names, service: SERVICE_NAMES[service] })}</p>
      )}
    </div>
  );
}
