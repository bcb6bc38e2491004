import { useTranslations } from 'next-intl';

const PASSWORD_RULES = ['tooShort', 'common', 'containsEmail'] as const;

/** What a new password must be, drawn on the server beside its form (sign-up, the password change). */
export function PasswordRules({ id }: { id: string }) {
  const t = useTranslations('account.password');
  return (
    <div id={id} className="text-sm text-slate-700">
      <p>{t('rulesTitle')}</p>
      <ul className="ml-5 list-disc">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule}>{t(`rules.${rule}`)}</li>
        ))}
      </ul>
    </div>
  );
}
