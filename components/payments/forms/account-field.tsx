'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useRef, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { useValueFromBeforeHydration } from '@/components/ui/use-value-from-before-hydration';
import { whole } from '@/components/ui/whole';
import { accountDisplay } from '@/lib/format';
import { hasValidCheckDigits } from '@/lib/payments/accounts/check-digits';
import { domesticAccountToIban, parseDomesticAccount } from '@/lib/payments/accounts/domestic-account';
import { issueMessage } from '@/lib/payments/schemas/issue-message';
import { useFieldMessage } from './messages';
import { usePaymentFieldError } from './use-payment-field-error';
import { useRegistered } from './use-registered';

/** People paste IBANs with spaces and in lower case; the bank wants neither. */
export function compactIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * An AccountReference (at `name`) entered as an IBAN, or as a domestic account number
 * ("0133-26-012345") plus the owner's kennitala, from which the IBAN is computed. A kennitala
 * whose check digit does not match is only a warning: kennitölur issued from 2026 may lack one.
 */
export function AccountField({
  name,
  label,
  showOwner = false,
}: {
  name: string;
  label: string;
  /** For the recipient: an Icelandic IBAN's owner (its kennitala) is shown, for the PSU to check whom they pay. */
  showOwner?: boolean;
}) {
  const t = useTranslations('forms.fields');
  const to = useTranslations('ownAccount');
  const translate = useFieldMessage();
  const { getValues, setValue, trigger } = useFormContext();
  const { isSubmitted } = useFormState();
  const [text, setText] = useState<string>(() => (getValues(`${name}.iban`) as string | undefined) ?? '');
  const [kennitala, setKennitala] = useState('');
  const schemaError = usePaymentFieldError(`${name}.iban`, name);

  const domestic = parseDomesticAccount(text) !== undefined;
  const result = domestic && kennitala.trim() !== '' ? domesticAccountToIban(text, kennitala) : undefined;
  const kennitalaError = !domestic
    ? undefined
    : kennitala.trim() === ''
      ? isSubmitted
        ? translate('forms.bulk.csv.kennitalaForDomestic')
        : undefined
      : result && !result.ok
        ? translate(issueMessage(result.error))
        : undefined;
  const kennitalaWarning =
    result?.ok && result.kennitala === 'invalid-checksum'
      ? translate(issueMessage('validation.kennitala.checksum'))
      : undefined;

  const update = (nextText: string, nextKennitala: string) => {
    let iban = compactIban(nextText);
    if (parseDomesticAccount(nextText)) {
      const built = nextKennitala.trim() ? domesticAccountToIban(nextText, nextKennitala) : undefined;
      iban = built?.ok ? built.iban : '';
    }
    setValue(`${name}.iban`, iban, { shouldDirty: true });
    // Re-check the whole account: its "required" error sits on the object, not on `.iban`.
    if (isSubmitted) void trigger(name);
  };

  // An account typed before the page's scripts ran is kept, as if typed after them.
  const accountInput = useRef<HTMLInputElement>(null);
  useValueFromBeforeHydration(accountInput, text, (value) => {
    setText(value);
    update(value, kennitala);
  });

  // The account read back as it will be paid ("0133-26-012345", a short number padded), and its IBAN in
  // groups of four: a dropped digit shows before anything is sent.
  const computedIbanHint = (iban: string) => {
    const shown = accountDisplay(iban);
    return shown.kind === 'domestic' ? t('computedIban', { account: shown.account, iban: shown.iban }) : iban;
  };

  return (
    <div className="space-y-3">
      <TextField
        ref={accountInput}
        label={label}
        autoComplete="off"
        spellCheck={false}
        value={text}
        hint={
          domestic && result?.ok
            ? computedIbanHint(result.iban)
            : (showOwner && ownerOf(text, to)) || t('accountHint')
        }
        // With a domestic account the kennitala field explains what is missing.
        error={domestic && kennitalaError ? undefined : schemaError}
        onChange={(event) => {
          setText(event.target.value);
          update(event.target.value, kennitala);
        }}
      />
      {domestic && (
        <TextField
          // Whose kennitala, where a form asks for two (the account paid from and the one paid to).
          label={t(`ownerKennitala.${name.split('.').at(-1)}`)}
          inputMode="numeric"
          autoComplete="off"
          value={kennitala}
          hint={
            kennitalaWarning ? (
              <span className="font-medium text-amber-800">{kennitalaWarning}</span>
            ) : (
              t('kennitalaHint')
            )
          }
          error={kennitalaError}
          onChange={(event) => {
            setKennitala(event.target.value);
            update(text, event.target.value);
          }}
        />
      )}
    </div>
  );
}

/**
 * The owner of a valid Icelandic IBAN, which carries the account and its owner's kennitala (ÍST TS-310): shown
 * rather than asked for, so that the PSU checks it is whom they mean to pay. Nothing for other IBANs. A phone
 * breaks the sentence between its words, never the account or the kennitala at a hyphen ("550169-" / "2829").
 */
export function ownerOf(text: string, t: ReturnType<typeof useTranslations<'ownAccount'>>): ReactNode {
  const iban = compactIban(text);
  // A mistyped IBAN names no owner: its kennitala would be read from the typing error. The check digits
  // are enough: only an Icelandic IBAN of 26 digits names one (accountDisplay), which is all ibantools'
  // table asks of Iceland, and the table would add 3.3 kB (gzip) to every payment form's scripts.
  if (!hasValidCheckDigits(iban)) return undefined;
  const shown = accountDisplay(iban);
  return shown.kind === 'domestic'
    ? t.rich('owner', { account: shown.account, kennitala: shown.kennitala, whole })
    : undefined;
}

/** A card identified by its masked PAN (`123456******1234`), for card deposits. */
export function MaskedPanField({ name, label }: { name: string; label: string }) {
  const t = useTranslations('forms.fields');
  const maskedPan = useRegistered(`${name}.maskedPan`, { setValueAs: (v: string) => v.replace(/\s+/g, '') });
  const error = usePaymentFieldError(`${name}.maskedPan`, name);
  return (
    <TextField
      label={label}
      autoComplete="off"
      spellCheck={false}
      hint={t('maskedPanHint')}
      error={error}
      {...maskedPan}
    />
  );
}
