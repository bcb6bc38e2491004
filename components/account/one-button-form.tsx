import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * What a form of one button shows, whichever way its action answers (ActionButtonForm, WordedButtonForm): the
 * fields it sends, hidden; the action's answer (`children`); the button, held while the action runs.
 */
export function OneButtonForm({
  action,
  pending,
  label,
  fields,
  variant = 'secondary',
  children,
}: {
  action: (form: FormData) => void;
  pending: boolean;
  label: string;
  fields: Record<string, string>;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <form action={action} className="space-y-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Button type="submit" variant={variant} disabled={pending}>
        {label}
      </Button>
    </form>
  );
}
