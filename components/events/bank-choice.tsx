import { SelectField } from '@/components/ui/select-field';

/** A bank with a webhooks service, as the events page's forms offer it: never its URLs or credentials. */
export interface WebhooksBankOption {
  id: string;
  name: string;
}

/**
 * The bank a subscription is made or registered at, sent as `bankId`, drawn by the page into each form. With one
 * bank there is nothing to choose, and its name is said instead (`named`).
 */
export function BankChoice({
  banks,
  label,
  named,
}: {
  banks: WebhooksBankOption[];
  label: string;
  named: (bank: string) => string;
}) {
  const [only] = banks;
  if (banks.length === 1 && only)
    return (
      <>
        <input type="hidden" name="bankId" value={only.id} />
        <p className="text-sm">{named(only.name)}</p>
      </>
    );
  return (
    <SelectField label={label} name="bankId" defaultValue={banks[0]?.id}>
      {banks.map((bank) => (
        <option key={bank.id} value={bank.id}>
          {bank.name}
        </option>
      ))}
    </SelectField>
  );
}
