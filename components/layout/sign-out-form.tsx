import { Button } from '@/components/ui/button';
import { signOutAction } from '@/lib/auth/actions/sign-out';

/**
 * A sign-out button: the header's (a link-like one), or a plain button on the sign-in page when someone is
 * signed in already. Drawn by the server with the action as the form's own: it works before the page has
 * hydrated, and no page loads a script for it.
 */
export function SignOutForm({
  locale,
  label,
  variant = 'link',
}: {
  locale: string;
  label: string;
  variant?: 'link' | 'button';
}) {
  return (
    <form action={signOutAction}>
      <input type="hidden" name="locale" value={locale} />
      {variant === 'button' ? (
        <Button type="submit">{label}</Button>
      ) : (
        <button type="submit" className="text-sm text-slate-700 underline-offset-4 hover:underline">
          {label}
        </button>
      )}
    </form>
  );
}
