/**
 * IOBWS 3.2's shapes (contract/published/IOBWS3.2.yaml) to and from the sandbox bank's own (contract/pis.yaml), for
 * the face of a bank that speaks IOBWS (./iobws-face.ts). Each difference is named beside the published line:
 */
type Json = Record<string, unknown>;

const DATE_MEMBERS = ['requestedExecutionDate', 'startDate', 'endDate'] as const;

/**
 * A value of a date member that is no IOBWS date (a date-time among them) is handed on as this, which our bank
 * refuses at that member, so that the IOBWS bank refuses it too (`format: date`, in its words: inIobwsNames).
 */
const NOT_A_DATE = 'not a date';
/** IOBWS `format: date` → our `date-time` (midnight in Iceland, which keeps UTC). */
const toDateTime = (value: unknown) => {
  if (typeof value !== 'string') return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : NOT_A_DATE;
};
/** Our `date-time` → IOBWS `format: date`: its day in Iceland (UTC). */
const toDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && Number.isFinite(Date.parse(value))
    ? new Date(Date.parse(value)).toISOString().slice(0, 10)
    : value;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A refusal the face words itself, by the names its client sent (`path` and `text` of a tppMessage). */
export interface FaceRefusal {
  path: string;
  text: string;
}

/** A request body in the sandbox bank's shapes, and what of it the face refuses (iobwsFace hands it on all the same). */
export interface InnerRequest {
  text: string;
  refusal?: FaceRefusal;
}

const STRUCTURED_ARRAY = 'remittanceInformationStructuredArray';
/** `remittanceInformationStructured.reference: maxLength 35`. */
const REFERENCE_MAX = 35;

/**
 * A standing order's `remittanceInformationStructuredArray` (`periodicPaymentInitiationDomestic_json`) → our bank's
 * one `remittanceInformationStructured` string (payment spec 2.2), or why it is refused. The file's refusals: no
 * array, an entry that is no object or has no string `reference` of at most 35 characters (and our own member,
 * `ourMemberRefusal`). Beyond the file, as our bank carries a
 * standing order's reference (docs/sandbox-extras.md): one entry at most, and nothing in it but `reference` (the
 * file's `referenceType` and `referenceIssuer` have no place there), where keeping the first reference alone would
 * lose what the client sent.
 */
function standingOrderReference(body: Json): OurReference {
  if (!(STRUCTURED_ARRAY in body)) return {};
  const entries = body[STRUCTURED_ARRAY];
  if (!Array.isArray(entries))
    return { refusal: { path: STRUCTURED_ARRAY, text: `${STRUCTURED_ARRAY} must be array.` } };
  for (const [index, entry] of entries.entries()) {
    const at = `${STRUCTURED_ARRAY}[${index}]`;
    if (!isObject(entry)) return { refusal: { path: at, text: `${at} must be object.` } };
    const path = `${at}.reference`;
    if (!('reference' in entry)) return { refusal: { path, text: `${path} is required.` } };
    if (typeof entry.reference !== 'string') return { refusal: { path, text: `${path} must be string.` } };
    if (entry.reference.length > REFERENCE_MAX)
      return {
        refusal: { path, text: `${path} must NOT have more than ${REFERENCE_MAX} characters.` },
      };
    const other = Object.keys(entry).find((key) => key !== 'reference');
    if (other !== undefined)
      return { refusal: { path: `${at}.${other}`, text: `Unknown property ${at}.${other}.` } };
  }
  if (entries.length > 1)
    return {
      refusal: { path: STRUCTURED_ARRAY, text: `${STRUCTURED_ARRAY} must NOT have more than 1 items.` },
    };
  const [first] = entries as Array<{ reference: string }>;
  return first ? { structured: first.reference } : {};
}

/**
 * What the face refuses of a single payment's structured references (`paymentInitiationDomestic_json`) beside our
 * own member (`ourMemberRefusal`; the file's is `remittanceInformationStructuredArray`): an entry's
 * `referenceType` or `referenceIssuer` that is no string
 * (`type: string`; our bank takes null there). The rest of the file's bounds are our bank's (an array of objects, a
 * `reference` of at most 35 characters, the other two likewise at most 35, nothing else in an entry, no bound on
 * how many), which refuses them at the member's IOBWS name.
 */
function singlePaymentReferencesRefusal(body: Json): FaceRefusal | undefined {
  const entries = body[STRUCTURED_ARRAY];
  if (!Array.isArray(entries)) return undefined;
  for (const [index, entry] of entries.entries()) {
    if (!isObject(entry)) continue;
    for (const member of ['referenceType', 'referenceIssuer']) {
      const path = `${STRUCTURED_ARRAY}[${index}].${member}`;
      if (member in entry && typeof entry[member] !== 'string')
        return { path, text: `${path} must be string.` };
    }
  }
  return undefined;
}

/**
 * What our bank finds at its `remittanceInformationStructured` when the face refuses what its client sent there: a
 * value of no type it takes (a number), so that our bank refuses the body at that member, after the request's
 * headers and credentials, as it refuses any body; the face then words the refusal as `FaceRefusal` says.
 */
const REFUSED_BY_FACE = 0;

/** Our bank's structured reference for a body the face read: what to put at our member, or why it is refused. */
interface OurReference {
  structured?: unknown;
  refusal?: FaceRefusal;
}

/** Our bank's own member, `remittanceInformationStructured`, which neither of the file's bodies has. */
function ourMemberRefusal(body: Json): FaceRefusal | undefined {
  const path = 'remittanceInformationStructured';
  return path in body ? { path, text: `Unknown property ${path}.` } : undefined;
}

/**
 * The body for our bank, its structured reference at our member as `reference` says (none where it has none), or,
 * where the face refused what its client sent, `REFUSED_BY_FACE` there and the refusal beside it.
 */
function withOurReference(body: Json, reference: OurReference): InnerRequest {
  const { remittanceInformationStructured: _ours, [STRUCTURED_ARRAY]: _theirs, ...rest } = body;
  const structured = reference.refusal ? REFUSED_BY_FACE : reference.structured;
  return {
    text: JSON.stringify(
      structured === undefined ? rest : { ...rest, remittanceInformationStructured: structured },
    ),
    ...(reference.refusal ? { refusal: reference.refusal } : {}),
  };
}

/**
 * `paymentInitiationBulkElementDomestic_json`: the bound of each string member, its own `maxLength` or its schema's
 * (`debtorId`, `ultimateDebtor`, `icelandicPurposeCode`, …). Our bank's spec (2.3) gives a bulk element none and
 * takes null there; the file (OpenAPI 3.0, no `nullable`) takes only a string.
 */
const BULK_ELEMENT_MAX: Readonly<Record<string, number>> = {
  endToEndIdentification: 35,
  instructionIdentification: 35,
  resourceId: 35,
  debtorId: 35,
  ultimateDebtor: 70,
  ultimateDebtorId: 35,
  creditorId: 35,
  ultimateCreditor: 70,
  ultimateCreditorId: 35,
  icelandicPurposeCode: 2,
  centralBankPurposeCode: 3,
  remittanceInformationUnstructured: 140,
};

/** What the face refuses of a bulk's elements: the first member (in order) beyond the file's bound, or no string. */
function bulkElementsRefusal(body: Json): FaceRefusal | undefined {
  if (!Array.isArray(body.payments)) return undefined;
  for (const [index, element] of body.payments.entries()) {
    if (!isObject(element)) continue;
    for (const [member, max] of Object.entries(BULK_ELEMENT_MAX)) {
      if (!(member in element)) continue;
      const value = element[member];
      const path = `payments[${index}].${member}`;
      if (typeof value !== 'string') return { path, text: `${path} must be string.` };
      if ([...value].length > max)
        return { path, text: `${path} must NOT have more than ${max} characters.` };
    }
  }
  return undefined;
}

/** A request body of the IOBWS bank's client → the sandbox bank's. Anything not JSON is passed on for it to refuse. */
export function fromIobwsRequest(method: string, service: string, text: string): InnerRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { text };
  }
  if (!isObject(body)) return { text };
  const ours: Json = { ...body };
  for (const name of DATE_MEMBERS) if (name in ours) ours[name] = toDateTime(ours[name]);
  if (method === 'POST' && service === 'periodic-payments') {
    const refusal = ourMemberRefusal(ours);
    return withOurReference(ours, refusal ? { refusal } : standingOrderReference(ours));
  }
  // `paymentInitiationDomestic_json.remittanceInformationStructuredArray`: ours is `remittanceInformationStructured`
  // (an array on a single payment; bulk elements share IOBWS's name).
  if (method === 'POST' && service === 'payments')
    return withOurReference(ours, {
      structured: ours[STRUCTURED_ARRAY],
      refusal: ourMemberRefusal(ours) ?? singlePaymentReferencesRefusal(ours),
    });
  if (method === 'POST' && service === 'bulk-payments') {
    const refusal = bulkElementsRefusal(ours);
    if (refusal)
      return { text: JSON.stringify({ ...ours, remittanceInformationStructured: REFUSED_BY_FACE }), refusal };
  }
  // `iobwsAuthorisationConfirmation.confirmationMessage`: our bank's straight-through confirmation is
  // `confirmationCode` (payment spec 2.5).
  if (method === 'PUT' && 'confirmationMessage' in ours && !('confirmationCode' in ours)) {
    const { confirmationMessage, ...rest } = ours;
    return { text: JSON.stringify({ ...rest, confirmationCode: confirmationMessage ?? '' }) };
  }
  return { text: JSON.stringify(ours) };
}

/**
 * `transactionFeesDetail.feeType: enum [FEES, PRIORITYFEES, FOREIGNBANKSERVICEFEES, OTHERFEES]`: the sandbox's
 * transfer fee is IOBWS's standard fee, its currency conversion fee one of the others.
 */
const FEE_TYPES: Record<string, string> = { TRANSFER: 'FEES', CURRENCY_CONVERSION: 'OTHERFEES' };

interface AnswerContext {
  publicUrl: string;
  service: string;
  method: string;
  /** The request was for `claim-payments`: the links name that product, as it was asked for. */
  claimPayment: boolean;
  /** What the face refused of the request's body (fromIobwsRequest), worded so where our bank refuses it. */
  refusal?: FaceRefusal;
}

/** `hrefEntry` example `/v1/payments/sepa-credit-transfers/1234-wertiq-983`: a path under the bank's server. */
function iobwsHref(href: string, context: AnswerContext): string {
  const root = `${context.publicUrl}/psd2/api/v1/`;
  let path: string | undefined;
  if (href.startsWith(root)) path = `/v1/${href.slice(root.length)}`;
  else if (href.startsWith('/psd2/api/v1/')) path = href.slice('/psd2/api'.length);
  if (!path) return href;
  return context.claimPayment
    ? path.replace(/^(\/v1\/payments)\/credit-transfers\//, '$1/claim-payments/')
    : path;
}

function withIobwsLinks(links: unknown, context: AnswerContext): unknown {
  if (!isObject(links)) return links;
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => [
      name,
      isObject(link) && typeof link.href === 'string'
        ? { ...link, href: iobwsHref(link.href, context) }
        : link,
    ]),
  );
}

/** A name of ours in a refusal's `path` and `text`, and what the IOBWS bank's client knows it by. */
type Naming = readonly [ours: RegExp, theirs: string];

function iobwsNamings(context: AnswerContext): Naming[] {
  // `TPP-Rejection-NoFunds-Preferred`: our spec spells it with a hyphen (iobws-face.ts).
  const namings: Naming[] = [[/TPP-Rejection-No-Funds-Preferred/g, 'TPP-Rejection-NoFunds-Preferred']];
  // `iobwsAuthorisationConfirmation.confirmationMessage`, our `confirmationCode` (fromIobwsRequest).
  if (context.method === 'PUT') namings.push([/\bconfirmationCode\b/g, 'confirmationMessage']);
  if (context.method !== 'POST') return namings;
  // `remittanceInformationStructuredArray`, our `remittanceInformationStructured` (fromIobwsRequest).
  if (context.service === 'payments')
    namings.push([/\bremittanceInformationStructured\b/g, 'remittanceInformationStructuredArray']);
  // A standing order's one reference is the first entry's (fromIobwsRequest); what the face refused it words itself.
  if (context.service === 'periodic-payments')
    namings.push([
      /\bremittanceInformationStructured\b/g,
      'remittanceInformationStructuredArray[0].reference',
    ]);
  // A date member's format is `date` (toDateTime).
  namings.push([new RegExp(`^((?:${DATE_MEMBERS.join('|')}) must match format) "date-time"`), '$1 "date"']);
  return namings;
}

/** A refusal's message naming what the IOBWS bank's client sent, by IOBWS's names where ours differ. */
function inIobwsNames(message: unknown, namings: Naming[], refusal: FaceRefusal | undefined): unknown {
  if (!isObject(message)) return message;
  // Our bank refused the value the face put in place of what it refused (REFUSED_BY_FACE).
  if (refusal && message.path === 'remittanceInformationStructured') return { ...message, ...refusal };
  const renamed = (value: unknown) =>
    typeof value === 'string'
      ? namings.reduce((named, [ours, theirs]) => named.replace(ours, theirs), value)
      : value;
  return { ...message, path: renamed(message.path), text: renamed(message.text) };
}

function answerBody(body: Json, context: AnswerContext): Json {
  const out: Json = { ...body };
  if (Array.isArray(out.tppMessages)) {
    const namings = iobwsNamings(context);
    out.tppMessages = out.tppMessages.map((message) => inIobwsNames(message, namings, context.refusal));
  }
  if ('_links' in out) out._links = withIobwsLinks(out._links, context);
  if (Array.isArray(out.transactionFeesDetails))
    out.transactionFeesDetails = out.transactionFeesDetails.map((detail) =>
      isObject(detail) && typeof detail.feeType === 'string'
        ? { ...detail, feeType: FEE_TYPES[detail.feeType] ?? 'OTHERFEES' }
        : detail,
    );
  // `…DomesticWithStatusResponse`: the payment as initiated, its dates as `format: date`.
  if (context.method === 'GET') {
    // `bulkPaymentInitiationDomesticWithStatusResponse` requires it; our bank books each payment of a bulk apart
    // unless asked otherwise (payment spec 2.3).
    if (
      context.service === 'bulk-payments' &&
      Array.isArray(out.payments) &&
      !('batchBookingPreferred' in out)
    )
      out.batchBookingPreferred = false;
    for (const name of DATE_MEMBERS) if (name in out) out[name] = toDate(out[name]);
    if ('remittanceInformationStructured' in out && context.service !== 'bulk-payments') {
      const { remittanceInformationStructured: references, ...rest } = out;
      return {
        ...rest,
        remittanceInformationStructuredArray:
          typeof references === 'string' ? [{ reference: references }] : references,
      };
    }
  }
  return out;
}

/** The sandbox bank's answer → the IOBWS bank's: its body's shapes, and `Location` as a path under its server. */
export async function toIobwsAnswer(response: Response, context: AnswerContext): Promise<Response> {
  const headers = new Headers(response.headers);
  // `Location: format: url`: the created resource's address in full.
  const location = headers.get('location');
  if (location) {
    const href = iobwsHref(location, context);
    headers.set('location', href.startsWith('/') ? `${context.publicUrl}${href}` : href);
  }
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!(headers.get('content-type') ?? '').includes('json') || !response.body)
    return new Response(response.body, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, init);
  }
  headers.delete('content-length');
  return new Response(JSON.stringify(isObject(body) ? answerBody(body, context) : body), init);
}
