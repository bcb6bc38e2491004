import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

// What a hostile client sends: text that cannot be stored (NUL, half a surrogate pair), text above
// U+00FF where only ASCII may go (a Location header), impossible dates, broken percent-encoding,
// React's own reference syntax, and far too much of everything.

export const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\uDBFF',
    '😀',
    'Ā→ŋ',
    '\u202Eevil',
    '$K1',
    '$@1',
    '$$',
    '$Q0',
    '../../etc/passwd',
    "'; drop table psus; --",
    '<script>alert(1)</script>',
    '%00',
    '%E0%A4%A',
    '2024-02-30',
    '0000-01-01',
    '9999-99-99',
    ' ',
    '',
    'x'.repeat(5_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const hostileValue = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  fc.constantFrom(null, 0, -1, 1e308, true, [], {}, ['a'], { $: 1 }),
);

/** A value as React's reply encoding carries it: a string starting with `$` is escaped with another. */
export function encodeReplyValue(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('$') ? `$${value}` : value;
  if (Array.isArray(value)) return value.map(encodeReplyValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeReplyValue(item)]));
  }
  return value;
}

function withValueAt(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return base;
  const inner = base[head];
  return {
    ...base,
    [head]:
      rest.length === 0
        ? value
        : withValueAt(
            inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>) : {},
            rest,
            value,
          ),
  };
}

const references = (max: number) =>
  fc.array(fc.record({ reference: hostileText, referenceType: fc.option(hostileText) }), { maxLength: max });

function singlePayment() {
  return {
    debtorAccount: { iban: 'IS140159260076545510730339' },
    creditorAccount: { iban: 'IS870301260012345101696399' },
    instructedAmount: { currency: 'ISK', amount: '1000' },
    remittanceInformationUnstructured: 'Fuzz',
  };
}

const singlePaths = [
  ['remittanceInformationUnstructured'],
  ['creditorName'],
  ['creditorAccount', 'iban'],
  ['debtorAccount', 'iban'],
  ['instructedAmount', 'amount'],
  ['instructedAmount', 'currency'],
  ['requestedExecutionDate'],
  ['endToEndIdentification'],
  ['creditorAddress', 'streetName'],
];

/** A payment form's submission with one field hostile, or with far too many structured references. */
export const paymentSubmission = (kind: 'single' | 'periodic' | 'bulk') =>
  fc
    .record({
      path: fc.constantFrom(...singlePaths),
      value: hostileValue,
      references: fc.option(references(40)),
      elements: fc.integer({ min: 0, max: 3 }),
      scaLanguage: fc.oneof(fc.constantFrom('is', 'en'), hostileText),
    })
    .map(({ path, value, references: refs, elements, scaLanguage }) => {
      let payment: Record<string, unknown> = withValueAt(singlePayment(), path, value);
      if (refs) payment.remittanceInformationStructured = refs;
      if (kind === 'periodic') {
        payment = {
          ...payment,
          startDate: value,
          frequency: 'Monthly',
          remittanceInformationStructured: refs?.[0]?.reference,
        };
      }
      if (kind === 'bulk') {
        payment = {
          paymentInformationId: typeof value === 'string' ? value : 'FUZZ-1',
          debtorAccount: { iban: 'IS140159260076545510730339' },
          payments: Array.from({ length: elements }, () => ({
            ...withValueAt(
              singlePayment(),
              path.filter((p) => p !== 'debtorAccount'),
              value,
            ),
            remittanceInformationStructuredArray: refs ?? undefined,
          })),
        };
      }
      return { submissionId: randomUUID(), scaLanguage, payment };
    });

/** Inputs of the actions that take one object. */
export const objectActionInput = (name: string) => {
  switch (name) {
    case 'initiateSinglePaymentAction':
      return paymentSubmission('single');
    case 'initiatePeriodicPaymentAction':
      return paymentSubmission('periodic');
    case 'initiateBulkPaymentAction':
      return paymentSubmission('bulk');
    case 'cancelPaymentAction':
      return fc.record({ paymentId: fc.oneof(fc.uuid(), hostileText) });
    case 'continueScaAction':
      return fc.record({
        paymentId: fc.oneof(fc.uuid(), hostileText),
        step: fc.record({
          kind: fc.constantFrom('otp', 'method', 'password', 'confirm', 'x'),
          otp: hostileText,
        }),
      });
    case 'createSubscriptionAction':
      // Never a valid event type: nothing is created at the bank.
      return fc.record({ description: hostileText, eventType: hostileText });
    case 'registerSubscriptionAction':
      return fc.record({ bankSubscriptionId: hostileText, signingSecret: hostileText });
    default:
      return fc.oneof(fc.record({ subscriptionId: fc.oneof(fc.uuid(), hostileText) }), hostileValue);
  }
};

/** Fields of the form actions, each possibly hostile. */
export const formActionFields = (name: string, account: { email: string; password: string }) => {
  const locale = fc.oneof(fc.constantFrom('is', 'en'), hostileText);
  switch (name) {
    case 'signInAction':
      // The right password, so that a hostile returnTo is followed; or a hostile one.
      return fc.record({
        email: fc.oneof(fc.constant(account.email), hostileText),
        password: fc.oneof(fc.constant(account.password), hostileText),
        locale,
        returnTo: fc.oneof(
          hostileText,
          hostileText.map((text) => `/${text}`),
          fc.constant('/bills/Ā\u0101'),
        ),
      });
    case 'signUpAction':
      return fc.record({
        email: fc.oneof(
          hostileText,
          fc.uuid().map((id) => `fuzz.${id.slice(0, 8)}@example.is`),
        ),
        displayName: hostileText,
        password: fc.oneof(hostileText, fc.constant('a long enough passphrase 7')),
        locale,
        returnTo: hostileText,
      });
    case 'changePasswordAction':
      return fc.record({
        currentPassword: hostileText,
        newPassword: hostileText,
        confirmPassword: hostileText,
        locale,
      });
    case 'verifyEmailAction':
      return fc.record({ token: hostileText });
    case 'verifySubscriptionAction':
    case 'replaySubscriptionAction':
    case 'deleteSubscriptionAction':
      return fc.record({ subscriptionId: fc.oneof(fc.uuid(), hostileText), locale });
    default:
      return fc.record({ locale, returnTo: hostileText });
  }
};

/** A page or route of the build whose address holds parameters (`[id]`, `[...nextauth]`), in order. */
export interface DynamicRoute {
  pattern: string;
  params: string[];
  api: boolean;
}

const PARAM = /\[\[?(?:\.\.\.)?([^\]]+)\]\]?/g;

/**
 * Every page and route of the build with a parameter in its address, read from the build's own list
 * (`.next/app-path-routes-manifest.json`, whose values are the addresses): a page or route added later is
 * fuzzed without anyone listing it. Next.js's own pages (`/_not-found`, `/_global-error`) have none.
 */
export function dynamicRoutesOf(manifest: Record<string, string>): DynamicRoute[] {
  return [...new Set(Object.values(manifest))]
    .filter((pattern) => pattern.includes('['))
    .sort()
    .map((pattern) => ({
      pattern,
      params: [...pattern.matchAll(PARAM)].map((match) => match[1] ?? ''),
      api: pattern.startsWith('/api/'),
    }));
}

/** A value of each parameter's own form, so that a hostile one beside it reaches the code it guards. */
export function wellFormedParam(name: string): string {
  if (name === 'locale') return 'en';
  if (name === 'claimId') return '5501692829015966000001%2B20260415';
  if (name === 'token') return 'A'.repeat(43);
  if (name === 'nextauth') return 'session';
  return randomUUID();
}

/** The route's address with `values` (by parameter name) in place, the rest of their own form. */
export function addressOf(route: DynamicRoute, values: Record<string, string>): string {
  // An empty segment would make `//sign-up` of `/[locale]/sign-up`: an address of another host.
  return route.pattern.replace(PARAM, (_, name: string) => values[name] || wellFormedParam(name));
}

/** What each parameter gets, one at a time: a NUL first, then broken or hostile encodings. */
export const HOSTILE_SEGMENTS = ['%00', 'a%00b', '%E0%A4%A', '%ED%A0%80', '%2e%2e%2f', 'x'.repeat(600)];

/**
 * One address per parameter of every dynamic route and hostile segment: that parameter hostile, the others
 * of their own form; pages by GET, routes by GET and POST.
 */
export function hostileInEachParam(routes: DynamicRoute[]): { url: string; method: string; param: string }[] {
  return routes.flatMap((route) =>
    route.params.flatMap((param) =>
      // `[locale]` is every page's: the proxy answers each the same way, so a NUL and a broken escape suffice.
      (param === 'locale' ? HOSTILE_SEGMENTS.slice(0, 3) : HOSTILE_SEGMENTS).flatMap((segment) =>
        (route.api ? ['GET', 'POST'] : ['GET']).map((method) => ({
          url: addressOf(route, { [param]: segment }),
          method,
          param: `${route.pattern} [${param}]`,
        })),
      ),
    ),
  );
}
