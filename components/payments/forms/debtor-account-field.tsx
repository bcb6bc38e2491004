'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '@/components/ui/text-field';
import { AccountField } from './account-field';
import { useSavedChoices } from './saved-choices';

const OTHER = '';

/**
 * The paying account: picked from the PSU's own accounts by the name they gave it, or typed
 * ("Another account…") as an IBAN or a domestic account with kennitala. A typed account joins the
 * list once the bank accepts a payment from it.
 */
export function DebtorAccountField({ name, label }: { name: string; label: string }) {
  const t = useTranslations('saved.accounts');
  const { accounts } = useSavedChoices();
  const { getValues, setValue, trigger, formState } = useFormContext();
  const [picked, setPicked] = useState<string>(() => {
    const current = (getValues(`${name}.iban`) as string | undefined) ?? '';
    return accounts.some((account) => account.iban === current) ? current : OTHER;
  });
  if (accounts.length === 0) return <AccountField name={name} label={label} />;
  return (
    <div className="space-y-3">
      <SelectField
        label={label}
        value={picked}
        onChange={(event) => {
          const iban = event.target.value;
          setPicked(iban);
          setValue(`${name}.iban`, iban, { shouldDirty: true });
          if (formState.isSubmitted) void trigger(name);
        }}
      >
        {accounts.map((account) => (
          <option key={account.iban} value={account.iban}>
            {account.name ? `${account.name} · ${account.label}` : account.label}
          </option>
        ))}
        <option value={OTHER}>{t('other')}</option>
      </SelectField>
      {picked === OTHER && <AccountField name={name} label={t('typed')} />}
    </div>
  );
}
