/**
 * The Icelandic purpose codes (textalyklar) the payment forms offer by name, whose names the story gives too
 * (story.purposeName). Which codes a bank accepts is up to the bank (ÍST TS-310): any other is told by its code.
 */
export const NAMED_PURPOSE_CODES = ['03', '04'] as const;

/** The message key of a purpose code's name (under `story.`), or null for a code without one. */
export function purposeNameKey(code: string): `purposeName.${(typeof NAMED_PURPOSE_CODES)[number]}` | null {
  const named = NAMED_PURPOSE_CODES.find((known) => known === code);
  return named ? `purposeName.${named}` : null;
}

/** A purpose code in words for a file or a receipt: "Millifærsla (kóði: 03)", or the code alone without a name. */
export function purposeInWords(
  code: string,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  const name = purposeNameKey(code);
  return name ? `${t(`story.${name}`)} (${t('story.code', { code })})` : code;
}
