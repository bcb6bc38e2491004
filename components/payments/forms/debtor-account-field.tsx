'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { useValueFromBeforeHydration } from '@/components/ui/use-value-from-before-hydration';
import { AccountField } from './account-field';
import { useSavedChoices } from './saved-choices';

/**
 * The paying account: picked from the PSU's own accounts by the name they gave it, which fills in
 * the account field below, or typed there as an IBAN or a domestic account with kennitala. A typed
 * account joins the list once the bank accepts a payment from it.
 */
export function DebtorAccountField({ name, label }: { name: string; label: string }) {
  const t = useTranslations('saved.accounts');
  const { accounts } = useSavedChoices();
  const { setValue, trigger } = useFormContext();
  const { isSubmitted } = useFormState();
  // The pick names the account the field below holds, picked or typed: never one the PSU has since typed over.
  const paying = (useWatch({ name: `${name}.iban` }) as string | undefined) ?? '';
  const picked = accounts.some((account) => account.iban === paying) ? paying : '';
  // The account field shows its own text: a pick draws it afresh with the account picked.
  const [pickCount, setPickCount] = useState(0);
  const select = useRef<HTMLSelectElement>(null);
  const pick = (iban: string) => {
    if (!iban) return;
    setValue(`${name}.iban`, iban, { shouldDirty: true });
    setPickCount((n) => n + 1);
    if (isSubmitted) void trigger(name);
  };
  // An account picked before the page's scripts ran fills in the field as a pick after them does.
  useValueFromBeforeHydration(select, picked, pick);
  return (
    <div className="space-y-3">
      {accounts.length > 0 && (
        <SelectField
          label={t('pick')}
          ref={select}
          value={picked}
          onChange={(event) => pick(event.target.value)}
        >
          <option value="">{t('other')}</option>
          {accounts.map((account) => (
            <option key={account.iban} value={account.iban}>
              {account.name ? `${account.name} · ${account.label}` : account.label}
            </option>
          ))}
        </SelectField>
      )}
      <AccountField key={pickCount} name={name} label={label} />
    </div>
  );
}
