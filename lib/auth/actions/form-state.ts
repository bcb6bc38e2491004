/** What an account form's action answers: message keys per field, and one for the whole form. */
export interface AccountFormState<Field extends string> {
  ok: boolean;
  fieldErrors: Partial<Record<Field, string[]>>;
  /** A message key for the whole form, e.g. `account.errors.throttled`. */
  message?: string;
  /** Values of the message, e.g. `{ minutes: 15 }`. */
  messageValues?: Record<string, number>;
  /** What was typed, except passwords, so that the form keeps it after an error. */
  values: Partial<Record<Field, string>>;
}

export function field(form: FormData, name: string, max = 1000): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
}
