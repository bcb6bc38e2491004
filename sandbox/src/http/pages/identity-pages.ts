import { IDENTITY_MESSAGES } from './identity-messages.js';
import { languageSwitch } from './language-switch.js';
import { escapeHtml, layout } from './layout.js';
import type { Language } from './messages.js';

/** A page of the electronic-ID provider of the bank named `bank` (its profile's name). */
function page(language: Language, bank: string, content: string, switcher: string): string {
  const m = IDENTITY_MESSAGES[language];
  return layout({
    language,
    title: `${bank} – ${m.title}`,
    header: `${bank} · ${m.header}`,
    content,
    note: m.note,
    languageSwitch: switcher,
  });
}

/**
 * The electronic-ID sign-in: who asks (the host of the client's redirect URI) and what it will receive, then
 * kennitala and PIN, with the form's anti-CSRF token `csrf` (http/sign-in-csrf.ts). Buttons: sign in (the form's
 * default, for Enter), cancel, and the language switch, which posts the form back with `switchTo` so the page
 * returns in the other language with the kennitala kept.
 */
export function signInPage(
  language: Language,
  bank: string,
  options: {
    action: string;
    csrf: string;
    host: string;
    scopes: readonly string[];
    error: boolean;
    kennitala: string;
  },
): string {
  const m = IDENTITY_MESSAGES[language];
  const shares = [
    options.scopes.includes('profile') ? `<li>${escapeHtml(m.sharesProfile)}</li>` : '',
    options.scopes.includes('email') ? `<li>${escapeHtml(m.sharesEmail)}</li>` : '',
  ].join('');
  const alert = options.error
    ? `<p role="alert" id="sign-in-error">${escapeHtml(m.wrongCredentials)}</p>`
    : '';
  const described = options.error ? ' aria-describedby="sign-in-error"' : '';
  return page(
    language,
    bank,
    `<h1>${escapeHtml(m.heading)}</h1>
<p>${escapeHtml(m.requestedBy.replace('{host}', options.host))}</p>
${shares ? `<ul>${shares}</ul>` : ''}
${alert}
<form id="sign-in" method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="lang" value="${language}">
<input type="hidden" name="csrf" value="${escapeHtml(options.csrf)}">
<label for="kennitala">${escapeHtml(m.kennitala)}</label>
<input id="kennitala" name="kennitala" value="${escapeHtml(options.kennitala)}" inputmode="numeric" autocomplete="username" required autofocus${described}>
<label for="pin">${escapeHtml(m.pin)}</label>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="current-password" required${described}>
<div class="actions">
<button type="submit" name="action" value="signIn" class="primary">${escapeHtml(m.signIn)}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${escapeHtml(m.cancel)}</button>
</div>
</form>`,
    languageSwitch(language, { form: 'sign-in', action: options.action }),
  );
}

/** A page with one message of the provider's; with `switchHref`, a link to it in the other language. */
export function identityMessagePage(
  language: Language,
  bank: string,
  text: string,
  switchHref?: string,
): string {
  const m = IDENTITY_MESSAGES[language];
  return page(
    language,
    bank,
    `<h1>${escapeHtml(m.heading)}</h1><p>${escapeHtml(text)}</p>`,
    switchHref ? languageSwitch(language, { href: switchHref }) : '',
  );
}
