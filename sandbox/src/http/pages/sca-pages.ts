import { friendlyFormatIBAN } from 'ibantools';
import { hasClaimIdForm } from '../../claims/claims.js';
import type { PaymentRow } from '../../db/queries/payments.js';
import { standingOrder } from '../../pis/approval.js';
import { executionDates } from '../../pis/calendar.js';
import { dayToPay } from '../../pis/information.js';
import type { ReviewNames } from '../../sca/bank-pages.js';
import { formatAmount, fromMinorUnits, toMinorUnits } from '../../shared/money.js';
import { languageSwitch } from './language-switch.js';
import { escapeHtml, layout } from './layout.js';
import {
  bankTexts,
  type Confirmation,
  confirmationHeading,
  dateWords,
  frequencyWords,
  type Language,
  MESSAGES,
  type Messages,
  paymentWords,
} from './messages.js';

/** A page of the bank named `bank` (its profile's name), in `language`, confirming `confirmation` if given. */
function page(
  language: Language,
  bank: string,
  content: string,
  switcher = '',
  confirmation?: Confirmation,
): string {
  const texts = bankTexts(language, bank, confirmation);
  return layout({
    language,
    title: texts.title,
    header: texts.header,
    content,
    note: texts.sandboxNote,
    languageSwitch: switcher,
  });
}

/** A hidden field carrying the page's language to the step a form posts to. */
const languageField = (language: Language) => `<input type="hidden" name="lang" value="${language}">`;

/** A hidden field carrying a form's CSRF token (http/sign-in-csrf.ts, sca/bank-pages.ts). */
const csrfField = (token: string) => `<input type="hidden" name="csrf" value="${escapeHtml(token)}">`;

/**
 * The sign-in form, with its anti-CSRF token `csrf` (http/sign-in-csrf.ts). Its language switch posts the form
 * back to `action` with `switchTo` (the route shows the form again in that language, the user ID kept, the
 * password not).
 */
export function loginPage(
  language: Language,
  bank: string,
  action: string,
  error: 'credentials' | 'account' | 'signed' | null,
  confirmation: Confirmation,
  { csrf, username = '' }: { csrf: string; username?: string },
): string {
  const m = MESSAGES[language];
  const text =
    error === 'credentials'
      ? m.wrongCredentials
      : error === 'signed'
        ? paymentWords(language, confirmation.service).alreadySigned
        : m.wrongAccount;
  const alert = error === null ? '' : `<p role="alert" id="login-error">${escapeHtml(text)}</p>`;
  const described = error === null ? '' : ' aria-describedby="login-error"';
  return page(
    language,
    bank,
    `<h1>${escapeHtml(bankTexts(language, bank, confirmation).signInHeading)}</h1>
${alert}
<form id="login" method="post" action="${escapeHtml(action)}">
${languageField(language)}
${csrfField(csrf)}
<label for="username">${escapeHtml(m.username)}</label>
<input id="username" name="username" value="${escapeHtml(username)}" autocomplete="username" required autofocus${described}>
<label for="password">${escapeHtml(m.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit" class="primary">${escapeHtml(m.signIn)}</button>
</form>`,
    languageSwitch(language, { form: 'login', action }),
    confirmation,
  );
}

type Ref = { iban?: string | null; bban?: string | null; maskedPan?: string | null; msisdn?: string | null };
type Amount = { currency: string; amount: string };

/** An IBAN as people read and check it, in groups of four ("IS14 0159 2600 7654 …"). */
function grouped(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

function accountLabel(ref: Ref | undefined): string {
  return ref?.iban ? grouped(ref.iban) : (ref?.bban ?? ref?.maskedPan ?? ref?.msisdn ?? '–');
}

function row(label: string, value: string): string {
  return `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
}

/**
 * The day a payment (single or bulk) is to be paid: the day this bank moved it to once accepted (a cancellation's
 * page), else its requestedExecutionDate, or as soon as possible.
 */
function paymentDateRow(m: Messages, language: Language, payment: PaymentRow): string {
  const date = dayToPay(payment);
  return row(m.paymentDate, date ? dateWords(language, date) : m.asSoonAsPossible);
}

function paymentSummary(m: Messages, language: Language, payment: PaymentRow, names: ReviewNames): string {
  const body = payment.body as Record<string, unknown>;
  const from = `${names.debtorName} – ${payment.debtor_iban ? grouped(payment.debtor_iban) : ''}`;
  if (payment.payment_service === 'bulk-payments') {
    const items = (body.payments as Array<Record<string, unknown>>).map((p) => {
      const amount = p.instructedAmount as Amount;
      // The recipient's name on a line of its own above the account, so that the two never read as one.
      const name =
        typeof p.ultimateCreditor === 'string' && p.ultimateCreditor.trim() !== ''
          ? `<div class="recipient">${escapeHtml(p.ultimateCreditor)}</div>`
          : '';
      const account = `<div class="account">${escapeHtml(accountLabel(p.creditorAccount as Ref))}</div>`;
      return `<tr><td>${name}${account}</td><td>${escapeHtml(
        formatAmount(amount.amount, amount.currency, language),
      )}</td></tr>`;
    });
    // What leaves the account in all, per currency, as the PSU confirms it.
    const totals = new Map<string, bigint>();
    for (const p of body.payments as Array<Record<string, unknown>>) {
      const amount = p.instructedAmount as Amount;
      totals.set(
        amount.currency,
        (totals.get(amount.currency) ?? 0n) + toMinorUnits(amount.amount, amount.currency),
      );
    }
    const total = [...totals]
      .map(([currency, minor]) => formatAmount(fromMinorUnits(minor, currency), currency, language))
      .join(' + ');
    return `<dl>${row(m.from, from)}${row(m.total, total)}${paymentDateRow(m, language, payment)}</dl>
<h2>${escapeHtml(m.payments)}</h2>
<table><thead><tr><th scope="col">${escapeHtml(m.to)}</th><th scope="col">${escapeHtml(m.amount)}</th></tr></thead>
<tbody>${items.join('')}</tbody></table>`;
  }
  const amount = body.instructedAmount as Amount | null | undefined;
  const creditorName = names.creditorName ? `${names.creditorName} – ` : '';
  const to = names.claimNumber
    ? `${m.claimNumber} ${names.claimNumber}`
    : accountLabel(body.creditorAccount as Ref);
  let rows = row(m.from, from) + row(m.to, creditorName + to);
  if (amount) rows += row(m.amount, formatAmount(amount.amount, amount.currency, language));
  // A bill's claim id, which its payment carries so that the bank can match it, is named by its number above.
  const reference = body.remittanceInformationUnstructured;
  if (typeof reference === 'string' && !(names.claimNumber && hasClaimIdForm(reference))) {
    rows += row(m.reference, reference);
  }
  if (payment.payment_service === 'payments') rows += paymentDateRow(m, language, payment);
  if (payment.payment_service === 'periodic-payments') {
    if (typeof body.frequency === 'string')
      rows += row(m.frequency, frequencyWords(language, body.frequency));
    // The first and last days this bank pays on, by the order's schedule and its rule for weekends and bank
    // holidays; not the bounds the order gives (spec 2.2 startDate, endDate).
    const dates = executionDates(standingOrder(payment));
    const [first] = dates;
    if (first) rows += row(m.startDate, dateWords(language, first));
    const last = dates.at(-1);
    if (typeof body.endDate === 'string' && last) rows += row(m.endDate, dateWords(language, last));
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
  bank: string,
  action: string,
  payment: PaymentRow,
  names: ReviewNames,
  options: {
    /** The CSRF token of the PSU's session on the pages (sca/bank-pages.ts), sent back with the decision. */
    csrf: string;
    /** The payment's service, and whether what is confirmed is its cancellation (heading and buttons say so). */
    confirmation: Confirmation;
    amountEntry?: { currency: string; invalid: boolean } | undefined;
    /** The same page in the other language. */
    switchHref: string;
  },
): string {
  const m = MESSAGES[language];
  const { cancellation } = options.confirmation;
  return page(
    language,
    bank,
    `<h1>${escapeHtml(confirmationHeading(language, options.confirmation))}</h1>
<p>${escapeHtml(m.signedInAs)} <strong>${escapeHtml(names.psuName)}</strong></p>
${paymentSummary(m, language, payment, names)}
<form method="post" action="${escapeHtml(action)}">
${languageField(language)}
${csrfField(options.csrf)}
${options.amountEntry ? amountField(m, options.amountEntry) : ''}
<div class="actions">
<button type="submit" name="decision" value="approve" class="primary">${escapeHtml(cancellation ? m.cancelApprove : m.approve)}</button>
<button type="submit" name="decision" value="decline" class="secondary">${escapeHtml(cancellation ? paymentWords(language, options.confirmation.service).cancelDecline : m.decline)}</button>
</div>
</form>`,
    languageSwitch(language, { href: options.switchHref }),
    options.confirmation,
  );
}

/**
 * A page with one message; with `switchHref`, a link to the same page in the other language; titled for
 * `confirmation` where the page is about a payment.
 */
export function messagePage(
  language: Language,
  bank: string,
  text: string,
  switchHref?: string,
  confirmation?: Confirmation,
): string {
  return page(
    language,
    bank,
    `<h1>${escapeHtml(bank)}</h1><p>${escapeHtml(text)}</p>`,
    switchHref ? languageSwitch(language, { href: switchHref }) : '',
    confirmation,
  );
}
