/** Only a path on this site may follow sign-in; anything else falls back to the payments list. */
export function safeReturnTo(value: FormDataEntryValue | null | undefined, locale: string): string {
  const fallback = `/${locale}/payments`;
  if (
    typeof value !== 'string' ||
    value.length > 2000 ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\') ||
    [...value].some((char) => char.charCodeAt(0) < 0x20)
  ) {
    return fallback;
  }
  return value;
}
