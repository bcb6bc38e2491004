import type { PaymentRow } from '../../db/queries/payments.js';
import { formatAmount } from '../../shared/money.js';
import { type Language, MESSAGES, type Messages } from './messages.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f5f7;color:#1b1f23}
header{background:#0b3d5c;color:#fff;padding:1rem 1.5rem;font-weight:600}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem;margin-top:0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem;border:1px solid #6a737d;border-radius:.25rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.25rem;border:1px solid #0b3d5c;cursor:pointer;margin-top:1rem}
button.primary{background:#0b3d5c;color:#fff}
button.secondary{background:#fff;color:#0b3d5c;margin-left:.5rem}
button:focus-visible,input:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
[role=alert]{background:#fdecea;border:1px solid #b3261e;color:#7a1610;padding:.6rem;border-radius:.25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #e1e4e8}
.note{font-size:.85rem;color:#57606a;margin-top:1.5rem}
`;

export function page(language: Language, title: string, content: string): string {
  const m = MESSAGES[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escapeHtml(m.bank)}</header>
<main>
${content}
<p class="note">${escapeHtml(m.sandboxNote)}</p>
</main>
</body>
</html>`;
}

export function loginPage(
  language: Language,
  action: string,
  error: 'credentials' | 'account' | 'signed' | null,
): string {
  const m = MESSAGES[language];
  const text =
    error === 'credentials' ? m.wrongCredentials : error === 'signed' ? m.alreadySigned : m.wrongAccount;
  const alert = error === null ? '' : `<p role="alert" id="login-error">${escapeHtml(text)}</p>`;
  const described = error === null ? '' : ' aria-describedby="login-error"';
  return page(
    language,
    m.title,
    `<h1>${escapeHtml(m.signInHeading)}</h1>
${alert}
<form method="post" action="${escapeHtml(action)}">
<label for="username">${escapeHtml(m.username)}</label>
<input id="username" name="username" autocomplete="username" required autofocus${described}>
<label for="password">${escapeHtml(m.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit" class="primary">${escapeHtml(m.signIn)}</button>
</form>`,
  );
}

type Ref = { iban?: string | null; bban?: string | null; maskedPan?: string | null; msisdn?: string | null };
type Amount = { currency: string; amount: string };

function accountLabel(ref: Ref | undefined): string {
  return ref?.iban ?? ref?.bban ?? ref?.maskedPan ?? ref?.msisdn ?? '–';
}

function row(label: string, value: string): string {
  return `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
}

function paymentSummary(m: Messages, language: Language, payment: PaymentRow, debtorName: string): string {
  const body = payment.body as Record<string, unknown>;
  const from = `${debtorName} – ${payment.debtor_iban ?? ''}`;
  if (payment.payment_service === 'bulk-payments') {
    const items = (body.payments as Array<Record<string, unknown>>).map((p) => {
      const amount = p.instructedAmount as Amount;
      const name = typeof p.ultimateCreditor === 'string' ? `${p.ultimateCreditor} ` : '';
      return `<tr><td>${escapeHtml(name + accountLabel(p.creditorAccount as Ref))}</td><td>${escapeHtml(
        formatAmount(amount.amount, amount.currency, language),
      )}</td></tr>`;
    });
    return `<dl>${row(m.from, from)}</dl>
<h2>${escapeHtml(m.payments)}</h2>
<table><thead><tr><th scope="col">${escapeHtml(m.to)}</th><th scope="col">${escapeHtml(m.amount)}</th></tr></thead>
<tbody>${items.join('')}</tbody></table>`;
  }
  const amount = body.instructedAmount as Amount | null | undefined;
  const creditorName = typeof body.creditorName === 'string' ? `${body.creditorName} – ` : '';
  let rows = row(m.from, from) + row(m.to, creditorName + accountLabel(body.creditorAccount as Ref));
  if (amount) rows += row(m.amount, formatAmount(amount.amount, amount.currency, language));
  if (typeof body.remittanceInformationUnstructured === 'string') {
    rows += row(m.reference, body.remittanceInformationUnstructured);
  }
  if (payment.payment_service === 'periodic-payments') {
    if (typeof body.frequency === 'string') rows += row(m.frequency, body.frequency);
    if (typeof body.startDate === 'string') rows += row(m.startDate, body.startDate.slice(0, 10));
  }
  return `<dl>${rows}</dl>`;
}

/** The amount field of a payment initiated without one (the PSU states it here), with its error if any. */
function amountField(m: Messages, entry: { currency: string; invalid: boolean }): string {
  const alert = entry.invalid ? `<p role="alert" id="amount-error">${escapeHtml(m.amountInvalid)}</p>` : '';
  const described = entry.invalid ? ' aria-describedby="amount-error" aria-invalid="true"' : '';
  return `${alert}<label for="amount">${escapeHtml(m.amountToState)} (${escapeHtml(entry.currency)})</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off"${described}>`;
}

export function reviewPage(
  language: Language,
  action: string,
  payment: PaymentRow,
  psuName: string,
  debtorName: string,
  options: { heading?: string; amountEntry?: { currency: string; invalid: boolean } } = {},
): string {
  const m = MESSAGES[language];
  return page(
    language,
    m.title,
    `<h1>${escapeHtml(options.heading ?? m.reviewHeading)}</h1>
<p>${escapeHtml(m.signedInAs)} <strong>${escapeHtml(psuName)}</strong></p>
${paymentSummary(m, language, payment, debtorName)}
<form method="post" action="${escapeHtml(action)}">
${options.amountEntry ? amountField(m, options.amountEntry) : ''}
<button type="submit" name="decision" value="approve" class="primary">${escapeHtml(m.approve)}</button>
<button type="submit" name="decision" value="decline" class="secondary">${escapeHtml(m.decline)}</button>
</form>`,
  );
}

export function messagePage(language: Language, text: string): string {
  const m = MESSAGES[language];
  return page(language, m.title, `<h1>${escapeHtml(m.bank)}</h1><p>${escapeHtml(text)}</p>`);
}
