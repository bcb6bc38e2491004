import type { ValidateFunction } from 'ajv';
import { loadPublished, type PublishedContract, type PublishedName } from './published-contract.js';

/**
 * Does the traffic of a bank that speaks IOBWS 3.2 agree with the published contracts (contract/published/)? Each
 * request is checked as the bank receives it (its operation exists, its path, header and query parameters and its
 * body are as the contract declares them) and each answer as the bank gives it (its status is declared, the headers
 * the contract requires are there, its body validates against the schema declared for status and content type).
 * Paths are the contract's own (`/v1/…`), relative to the bank's server. Returns what is wrong: nothing when the
 * exchange agrees.
 *
 * ## Where IOBWS 3.2 is ambiguous
 * The published file has `oneOf`s that no body can satisfy as written, and the check reads them as the interface
 * means them, deciding only here (nothing in the file is changed):
 * - the payment initiation body and the payment information answer are a `oneOf` of the single, periodic and bulk
 *   schemas, which share their required members (`debtorAccount`…), so a single payment matches two: the check
 *   takes the one of the path's `payment-service`, as the operation itself says which it is;
 * - the authorisation bodies are a `oneOf` that begins with `{}` (and `iobwsAuthorisationConfirmation` requires
 *   nothing), so every body matches at least two: the check takes the alternative whose required members the body
 *   carries (`confirmationMessage` alone: `iobwsAuthorisationConfirmation`; an empty body: `{}`);
 * - the answer to an authorisation update is a `oneOf` of five answers with nothing required in common: the check
 *   takes the answer to the body that was sent (psuData: `updatePsuAuthenticationResponse`, authenticationMethodId:
 *   `selectPsuAuthenticationMethodResponse`, scaAuthenticationData: `scaStatusResponse`, a confirmation:
 *   `authorisationConfirmationResponse`, an empty body: `updatePsuIdenticationResponse`).
 * And one reading of a format the file leaves to the tool: `format: url` (the `Location` header) is any absolute
 * URL, as RFC 3986 has it (published-contract.ts); ajv-formats' own `url` refuses loopback addresses.
 */
export interface Exchange {
  method: string;
  /** The path under the bank's server, e.g. `/v1/payments/credit-transfers/p1/status`. */
  path: string;
  query: URLSearchParams;
  requestHeader(name: string): string | null;
  requestText: string;
  status: number;
  responseHeader(name: string): string | null;
  responseText: string;
}

interface Operation {
  contract: PublishedName;
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  pointer: string;
}

const PAYMENTS: PublishedName = 'IOBWS3.2.yaml';
const CLAIMS: PublishedName = 'IOBWS-Claims3.1.yaml';
const LEAN_PUSH: PublishedName = 'psd2-api-lean_push_notifications-20190508.yaml';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

let operations: Operation[] | undefined;

function allOperations(): Operation[] {
  if (operations) return operations;
  operations = [];
  for (const name of [PAYMENTS, CLAIMS]) {
    const { document } = loadPublished(name);
    for (const [key, item] of Object.entries(document.paths)) {
      const template = key.trim();
      const segments = template.split('/').filter(Boolean);
      const pattern = new RegExp(
        `^/${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.+]/g, '\\$&'))).join('/')}$`,
      );
      for (const method of METHODS) {
        if (!item[method]) continue;
        operations.push({
          contract: name,
          method: method.toUpperCase(),
          template,
          pattern,
          literals: segments.filter((s) => !s.startsWith('{')).length,
          pointer: `#/paths/${escapePointer(key)}/${method}`,
        });
      }
    }
  }
  // A path with more fixed segments first: /v1/claims/{claimId} before /v1/{payment-service}/{payment-product}.
  operations.sort((a, b) => b.literals - a.literals);
  return operations;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
}

function parametersOf(
  contract: PublishedContract,
  operation: Operation,
): { parameter: Parameter; pointer: string }[] {
  const pathPointer = operation.pointer.replace(/\/[a-z]+$/, '');
  const found: { parameter: Parameter; pointer: string }[] = [];
  for (const base of [pathPointer, operation.pointer]) {
    const list = contract.at(`${base}/parameters` as `#/${string}`) as
      | Array<{ $ref?: string } & Parameter>
      | undefined;
    (list ?? []).forEach((entry, index) => {
      const pointer = entry.$ref ?? `${base}/parameters/${index}`;
      const parameter = (entry.$ref ? contract.at(entry.$ref as `#/${string}`) : entry) as Parameter;
      found.push({ parameter, pointer });
    });
  }
  return found;
}

/** The path parameters of `path` under `template`, by name. */
function pathValues(template: string, path: string): Record<string, string> {
  const names = template.split('/');
  const values = path.split('/');
  const out: Record<string, string> = {};
  names.forEach((segment, index) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (name) out[name] = decodeURIComponent(values[index] ?? '');
  });
  return out;
}

type Alternatives = Array<{ $ref?: string; required?: string[]; properties?: Record<string, unknown> }>;

const SERVICE_ALTERNATIVE: Record<string, (ref: string) => boolean> = {
  'periodic-payments': (ref) => /periodic/i.test(ref),
  'bulk-payments': (ref) => /bulk/i.test(ref),
  payments: (ref) => !/periodic|bulk/i.test(ref),
};

const ANSWER_TO: Array<[string, RegExp]> = [
  ['psuData', /updatePsuAuthenticationResponse$/],
  ['authenticationMethodId', /selectPsuAuthenticationMethodResponse$/],
  ['scaAuthenticationData', /scaStatusResponse$/],
  ['confirmationCode', /authorisationConfirmationResponse$/],
  ['confirmationMessage', /authorisationConfirmationResponse$/],
];

/** The alternative of an ambiguous `oneOf` the check reads (see "Where IOBWS 3.2 is ambiguous"); -1: none applies. */
function chosenAlternative(
  alternatives: Alternatives,
  context: { service?: string; body: unknown; sentBody?: unknown; answer: boolean },
): number {
  const refs = alternatives.map((alternative) => alternative.$ref ?? '');
  if (context.service && refs.every((ref) => /Payment/i.test(ref))) {
    const fits = SERVICE_ALTERNATIVE[context.service];
    return fits ? refs.findIndex(fits) : -1;
  }
  if (context.answer && refs.some((ref) => /updatePsuIdenticationResponse$/.test(ref))) {
    const sent = Object.keys((context.sentBody ?? {}) as object);
    const rule = ANSWER_TO.find(([member]) => sent.includes(member));
    return refs.findIndex((ref) => (rule ? rule[1].test(ref) : /updatePsuIdenticationResponse$/.test(ref)));
  }
  if (alternatives.some((alternative) => Object.keys(alternative).length === 0)) {
    const members = Object.keys((context.body ?? {}) as object);
    if (members.length === 0)
      return alternatives.findIndex((alternative) => Object.keys(alternative).length === 0);
    return refs.findIndex((name) => name !== '' && members.every((member) => memberOf(name, member)));
  }
  return -1;
}

let membersByRef: Map<string, Set<string>> | undefined;
function memberOf(ref: string, member: string): boolean {
  membersByRef ??= new Map();
  let members = membersByRef.get(ref);
  if (!members) {
    const schema = loadPublished(PAYMENTS).at(ref as `#/${string}`) as { properties?: object } | undefined;
    members = new Set(Object.keys(schema?.properties ?? {}));
    membersByRef.set(ref, members);
  }
  return members.has(member);
}

function validateBody(
  contract: PublishedContract,
  schemaPointer: string,
  value: unknown,
  context: { service?: string; sentBody?: unknown; answer: boolean },
): ValidateFunction['errors'] | null {
  const schema = contract.at(schemaPointer as `#/${string}`) as { oneOf?: Alternatives } | undefined;
  let pointer = schemaPointer;
  if (schema?.oneOf) {
    const index = chosenAlternative(schema.oneOf, { ...context, body: value });
    if (index >= 0) {
      const chosen = schema.oneOf[index];
      pointer = chosen?.$ref ?? `${schemaPointer}/oneOf/${index}`;
    }
  }
  const validate = contract.validatorAt(pointer as `#/${string}`);
  return validate(value) ? null : (validate.errors ?? []);
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

const serviceOf = (path: string) =>
  /^\/v1\/(payments|bulk-payments|periodic-payments)\//.exec(`${path}/`)?.[1];

/** What of a request disagrees with the published contract. */
function requestViolations(contract: PublishedContract, operation: Operation, exchange: Exchange): string[] {
  const where = `${exchange.method} ${exchange.path} (request)`;
  const problems: string[] = [];
  const coerced = loadPublished(operation.contract, { coerce: true });
  const values = pathValues(operation.template, exchange.path);
  for (const { parameter, pointer } of parametersOf(contract, operation)) {
    const value =
      parameter.in === 'path'
        ? values[parameter.name]
        : parameter.in === 'query'
          ? exchange.query.get(parameter.name)
          : parameter.in === 'header'
            ? exchange.requestHeader(parameter.name)
            : undefined;
    if (value === undefined || value === null) {
      if (parameter.required)
        problems.push(`${where}: ${parameter.in} parameter ${parameter.name} is required`);
      continue;
    }
    const validate = coerced.validatorAt(`${pointer}/schema` as `#/${string}`);
    if (!validate(value))
      problems.push(
        `${where}: ${parameter.in} ${parameter.name}=${value}: ${JSON.stringify(validate.errors)}`,
      );
  }
  const body = contract.at(`${operation.pointer}/requestBody` as `#/${string}`) as
    | { required?: boolean; content?: Record<string, unknown> }
    | undefined;
  if (!body?.content) {
    if (exchange.requestText !== '' && exchange.method !== 'DELETE' && exchange.method !== 'GET')
      problems.push(`${where}: the contract declares no body`);
    return problems;
  }
  if (exchange.requestText === '') {
    if (body.required) problems.push(`${where}: a body is required`);
    return problems;
  }
  const type = (exchange.requestHeader('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  if (!(type in body.content)) return [...problems, `${where}: ${type || 'no content type'} is not declared`];
  const parsed = parseJson(exchange.requestText);
  if (!parsed) return [...problems, `${where}: the body is not JSON`];
  const bodyPointer = `${operation.pointer}/requestBody/content/${escapePointer(type)}/schema`;
  const errors = validateBody(contract, resolvedPointer(contract, bodyPointer), parsed.value, {
    service: serviceOf(exchange.path),
    answer: false,
  });
  if (errors) problems.push(`${where}: ${JSON.stringify(errors)} in ${exchange.requestText.slice(0, 800)}`);
  return problems;
}

/** A pointer through `$ref`s (requestBody, response, schema) to where its value is written. */
function resolvedPointer(contract: PublishedContract, pointer: string): string {
  const segments = pointer.replace(/^#\//, '').split('/');
  let current = '#';
  for (const segment of segments) {
    current = `${current}/${segment}`;
    let value = rawAt(contract, current);
    while (value && typeof value === 'object' && typeof (value as { $ref?: unknown }).$ref === 'string') {
      current = (value as { $ref: string }).$ref;
      value = rawAt(contract, current);
    }
  }
  return current;
}

function rawAt(contract: PublishedContract, pointer: string): unknown {
  let value: unknown = contract.document;
  for (const segment of pointer.replace(/^#\//, '').split('/')) {
    value = (value as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/** What of an answer disagrees with the published contract. */
function answerViolations(contract: PublishedContract, operation: Operation, exchange: Exchange): string[] {
  const where = `${exchange.method} ${exchange.path} ${exchange.status}`;
  const responsePointer = `${operation.pointer}/responses/${exchange.status}`;
  if (rawAt(contract, responsePointer) === undefined) return [`${where}: status not declared`];
  const response = resolvedPointer(contract, responsePointer);
  const problems: string[] = [];
  const headers = (rawAt(contract, `${response}/headers`) ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(headers)) {
    const header = contract.at(`${response}/headers/${escapePointer(name)}` as `#/${string}`) as
      | { required?: boolean }
      | undefined;
    const value = exchange.responseHeader(name);
    if (value === null) {
      if (header?.required) problems.push(`${where}: header ${name} is required`);
      continue;
    }
    const schemaPointer = resolvedPointer(contract, `${response}/headers/${escapePointer(name)}`);
    const validate = loadPublished(operation.contract, { coerce: true }).validatorAt(
      `${schemaPointer}/schema` as `#/${string}`,
    );
    if (!validate(value))
      problems.push(`${where}: header ${name}=${value}: ${JSON.stringify(validate.errors)}`);
  }
  const content = rawAt(contract, `${response}/content`) as Record<string, unknown> | undefined;
  if (exchange.responseText === '') return problems;
  if (!content) return [...problems, `${where}: the contract declares no body`];
  const type = (exchange.responseHeader('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  if (!(type in content)) return [...problems, `${where}: ${type || 'no content type'} is not declared`];
  if (!/json/.test(type)) return problems;
  const parsed = parseJson(exchange.responseText);
  if (!parsed) return [...problems, `${where}: the body is not JSON`];
  const errors = validateBody(
    contract,
    resolvedPointer(contract, `${response}/content/${escapePointer(type)}/schema`),
    parsed.value,
    { service: serviceOf(exchange.path), sentBody: parseJson(exchange.requestText)?.value, answer: true },
  );
  if (errors) problems.push(`${where}: ${JSON.stringify(errors)} in ${exchange.responseText.slice(0, 800)}`);
  return problems;
}

/**
 * Reads the published contracts and indexes their operations now (a second or two for IOBWS 3.2's half a megabyte),
 * so that the first exchange checked is not held up by it.
 */
export function preparePublishedCheck(): void {
  allOperations();
  loadPublished(LEAN_PUSH);
}

/** Whether the published contracts cover the path: the payment interface and the claims, under `/v1/`. */
export function coveredByPublished(path: string): boolean {
  return path.startsWith('/v1/');
}

/** What of a request and its answer at a bank speaking IOBWS 3.2 disagrees with the published contracts. */
export function publishedViolations(exchange: Exchange): string[] {
  const operation = allOperations().find(
    (o) => o.method === exchange.method && o.pattern.test(exchange.path),
  );
  if (!operation)
    return [`${exchange.method} ${exchange.path}: no such operation in the published contracts`];
  const contract = loadPublished(operation.contract);
  return [
    ...requestViolations(contract, operation, exchange),
    ...answerViolations(contract, operation, exchange),
  ];
}

/** What of a status notification (Lean Push, the body a bank posts to TPP-Notification-URI) disagrees with it. */
export function notificationViolations(body: unknown, requestId: string | null): string[] {
  const contract = loadPublished(LEAN_PUSH);
  const problems: string[] = [];
  const header = loadPublished(LEAN_PUSH, { coerce: true }).validatorAt(
    '#/components/parameters/X-Request-ID/schema',
  );
  if (!requestId || !header(requestId))
    problems.push(`notification: X-Request-ID ${requestId} is not a uuid`);
  const validate = contract.validatorAt('#/components/schemas/pushNotification');
  if (!validate(body))
    problems.push(`notification: ${JSON.stringify(validate.errors)} in ${JSON.stringify(body)}`);
  return problems;
}
