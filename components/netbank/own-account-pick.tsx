'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useSavedChoices } from '@/components/payments/forms/saved-choices';
import { SelectField } from '@/components/ui/select-field';

/**
 * "Pay to my own account": the recipient picked from the PSU's own accounts (My accounts), other than
 * the one paying, which fills in the recipient's account below (`onPick` draws it afresh). Shown where
 * the PSU has an account to pay to.
 */
export function OwnAccountPick({ onPick }: { onPick: (iban: string) => void }) {
  const t = useTranslations('ownAccount');
  const { accounts } = useSavedChoices();
  const { setValue, trigger } = useFormContext();
  const { isSubmitted } = useFormState();
  const paying = (useWatch({ name: 'payment.debtorAccount.iban' }) as string | undefined) ?? '';
  const creditor = (useWatch({ name: 'payment.creditorAccount.iban' }) as string | undefined) ?? '';
  const [picked, setPicked] = useState('');
  const offered = accounts.filter((account) => account.iban !== paying);
  const pick = (iban: string) => {
    setPicked(iban);
    if (!iban) return;
    setValue('payment.creditorAccount', { iban }, { shouldDirty: true });
    onPick(iban);
    if (isSubmitted) void trigger('payment.creditorAccount');
  };
  // An account chosen before the page's script ran (a slow phone) is taken once it runs.
  const select = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser
  useEffect(() => {
    const early = select.current?.value;
    if (early) pick(early);
  }, []);
  if (offered.length === 0) return null;
  return (
    <SelectField
      ref={select}
      label={t('pick')}
      value={picked && picked === creditor ? picked : ''}
      onChange={(event) => pick(event.target.value)}
    >
      <option value="">{t('none')}</option>
      {offered.map((account) => (
        <option key={account.iban} value={account.iban}>
          {account.name ? `${account.name} · ${account.label}` : account.label}
        </option>
      ))}
    </SelectField>
  );
}
