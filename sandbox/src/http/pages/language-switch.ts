import { escapeHtml } from './layout.js';
import type { Language } from './messages.js';

/** The two languages of the bank's pages; `lang` in a query or form is one of these or ignored. */
export function pageLanguage(value: unknown): Language | undefined {
  return value === 'is' || value === 'en' ? value : undefined;
}

export const otherLanguage = (language: Language): Language => (language === 'is' ? 'en' : 'is');

const NAME: Record<Language, string> = { is: 'Íslenska', en: 'English' };
const LABEL: Record<Language, string> = { is: 'Tungumál', en: 'Language' };

/** The request's own path and query with `lang` set: the same step, in `language`. */
export function sameStepIn(url: string, language: Language): string {
  const parsed = new URL(url, 'http://page.invalid');
  parsed.searchParams.set('lang', language);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The switch to the other language at the end of a page, named in that language (`lang`, `hreflang`).
 * - `href`: a link to the same step in the other language.
 * - `form`, `action`: a button of that form (by its id) that posts what was typed to `action` with
 *   `switchTo=<language>`, so the page comes back in the other language with the typed fields filled in
 *   (passwords excepted). It comes after the form's own buttons, so Enter in a field still submits the form.
 */
export function languageSwitch(
  language: Language,
  target: { href: string } | { form: string; action: string },
): string {
  const to = otherLanguage(language);
  const control =
    'href' in target
      ? `<a href="${escapeHtml(target.href)}" hreflang="${to}" lang="${to}">${NAME[to]}</a>`
      : `<button type="submit" form="${escapeHtml(target.form)}" formaction="${escapeHtml(target.action)}" formnovalidate name="switchTo" value="${to}" lang="${to}">${NAME[to]}</button>`;
  return `<nav class="language" aria-label="${LABEL[language]}">${control}</nav>`;
}
