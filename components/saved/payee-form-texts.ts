/**
 * The payee form's words (messages `saved.payees`), drawn by the page that shows the form, so that its scripts
 * carry no translations. Apart from the form, which is a client module: a page reads this list as it is.
 */
export const PAYEE_FORM_TEXT_KEYS = [
  'name',
  'kind',
  'kindIban',
  'kindCard',
  'account',
  'accountHint',
  'card',
  'cardHint',
  'kennitala',
  'save',
  'cancel',
] as const;

export type PayeeFormTexts = Record<(typeof PAYEE_FORM_TEXT_KEYS)[number], string>;
