/** A form's fields as plain strings; files and Next.js's own `$ACTION_…` fields are left out. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && !name.startsWith('$ACTION') && !(name in values)) values[name] = value;
  }
  return values;
}
