import { ALLOWED_CODES } from '../../contract/error-codes.js';
import { type Contract, type ContractName, loadContract } from './contract.js';

/**
 * Does an answer of the sandbox agree with `contract/*.yaml`? Every answer on a path a contract covers (`/psd2`,
 * the token and OAuth endpoints, `/business`, `/events`) is checked: its operation must declare its status, a body
 * must validate against the schema declared for the status and content type (XML read as the same fields, see
 * `readXml`), an error of the payment interface must be an `ErrorBody` whose codes part 7 allows for the status,
 * and the statuses part 4 gives no body (406, 408, 415, 429, 5xx) must have none. The admin surface, the SCA pages
 * and `/docs` are covered by no contract. Returns what is wrong, nothing when the answer agrees.
 */
export interface Answer {
  method: string;
  /** The request path, without the query. */
  path: string;
  status: number;
  header(name: string): string | null;
  text: string;
}

interface Operation {
  contract: ContractName;
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, ResponseObject>;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, unknown>;
}

const CONTRACTS: readonly ContractName[] = ['pis.yaml', 'claims.yaml', 'webhooks.yaml'];
const ERROR_STATUSES = new Set([400, 401, 403, 404, 405, 409]);
/** Part 4.1: no body; 502 and 504 are the gateway answers of the fault rules. */
const NO_BODY_STATUSES = new Set([406, 408, 415, 429, 500, 502, 503, 504]);
/** Fault rules answer these without a body on every interface (README "Faults"). */
const FAULT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let operations: Operation[] | undefined;

function serverOf(item: Record<string, unknown>, document: Record<string, unknown>): string {
  const servers = (item.servers ?? document.servers) as Array<{ url: string }> | undefined;
  return (servers?.[0]?.url ?? '').replace(/\/$/, '');
}

/** Every operation of the three contracts, with the full path the sandbox serves it at. */
function allOperations(): Operation[] {
  if (operations) return operations;
  operations = [];
  for (const name of CONTRACTS) {
    const document = loadContract(name).document;
    const paths = document.paths as Record<string, Record<string, unknown>>;
    for (const [template, item] of Object.entries(paths)) {
      const full = `${serverOf(item, document)}${template}`;
      const pattern = new RegExp(`^${full.replace(/[.+]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const method of METHODS) {
        const operation = item[method] as { responses?: Record<string, ResponseObject> } | undefined;
        if (operation?.responses) {
          operations.push({
            contract: name,
            method: method.toUpperCase(),
            template,
            pattern,
            responses: operation.responses,
          });
        }
      }
    }
  }
  return operations;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Whether a contract covers this path at all. */
export function coveredByContract(path: string): boolean {
  return (
    path.startsWith('/psd2/') ||
    path.startsWith('/business/') ||
    path.startsWith('/events/') ||
    path === '/oauth/v2/oauth-token' ||
    path === '/oauth/v2/authorize' ||
    path === '/.well-known/oauth-authorization-server'
  );
}

/**
 * The XML of the sandbox (`http/respond.ts`: one element per member under `<response>`, array items as `<item>`,
 * null as an empty element) read back into the value it was written from. Types are not in the XML: the
 * validators of the `coerce` contract read numbers and booleans from the text.
 */
export function readXml(text: string): unknown {
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, '');
  let at = 0;
  const decodeEntities = (s: string) =>
    s.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  function element(): { name: string; value: unknown } {
    const open = /^<([A-Za-z_][A-Za-z0-9_.-]*)(\/?)>/.exec(body.slice(at));
    if (!open?.[1]) throw new Error(`not XML at ${at}`);
    const name = open[1];
    at += open[0].length;
    if (open[2] === '/') return { name, value: null };
    const children: Array<{ name: string; value: unknown }> = [];
    let textContent = '';
    while (!body.startsWith(`</${name}>`, at)) {
      if (at >= body.length) throw new Error(`unclosed <${name}>`);
      if (body[at] === '<') children.push(element());
      else {
        const next = body.indexOf('<', at);
        textContent += body.slice(at, next);
        at = next;
      }
    }
    at += name.length + 3;
    if (children.length === 0) return { name, value: decodeEntities(textContent) };
    if (children.every((child) => child.name === 'item'))
      return { name, value: children.map((c) => c.value) };
    return { name, value: Object.fromEntries(children.map((c) => [c.name, c.value])) };
  }
  return element().value;
}

function resolveResponse(contract: Contract, response: ResponseObject, pointer: string) {
  if (!response.$ref) return { response, pointer };
  const name = response.$ref.split('/').pop() ?? '';
  const components = (contract.document.components as { responses?: Record<string, ResponseObject> })
    .responses;
  return { response: components?.[name] ?? {}, pointer: `#/components/responses/${escapePointer(name)}` };
}

/** A single payment's read validates against PaymentInformation, not the anyOf of every service. */
function narrowedSchema(operation: Operation, method: string, path: string): string | undefined {
  if (method !== 'GET' || operation.template !== '/api/v1/{payment-service}/{payment-product}/{paymentId}')
    return undefined;
  const service = path.split('/')[4];
  return service === 'payments'
    ? 'PaymentInformation'
    : service === 'periodic-payments'
      ? 'PeriodicPaymentInformation'
      : 'BulkPaymentInformation';
}

function partSevenViolations(status: number, body: unknown, where: string): string[] {
  const problems: string[] = [];
  const validate = loadContract('pis.yaml').validator('ErrorBody');
  if (!validate(body)) problems.push(`${where}: not an ErrorBody: ${JSON.stringify(validate.errors)}`);
  const messages = (body as { tppMessages?: Array<{ code?: string }> } | null)?.tppMessages ?? [];
  if (messages.length === 0) problems.push(`${where}: an error without tppMessages`);
  return [...problems, ...codeViolations(status, messages, where)];
}

function codeViolations(status: number, messages: Array<{ code?: unknown }>, where: string): string[] {
  const allowed = ALLOWED_CODES[status as keyof typeof ALLOWED_CODES] as readonly string[] | undefined;
  return messages
    .filter((message) => typeof message.code !== 'string' || !allowed?.includes(message.code))
    .map((message) => `${where}: code ${String(message.code)} is not one part 7 allows for ${status}`);
}

/**
 * An error of the payment interface: a part 7 body, or the problem details of a fault rule's `error` with form
 * `problem` (an extra, docs/sandbox-extras.md: IOBWS 3.2 lets a bank answer so), whose `code` and each of its
 * `additionalErrors`' must be ones part 7 allows for the status.
 */
function errorViolations(answer: Answer, where: string): string[] {
  const parsed = parseBody(answer, where);
  if (typeof parsed === 'string') return [parsed];
  const faultProblem =
    answer.header('Sandbox-Fault') !== null &&
    /^application\/problem\+json\b/.test(answer.header('Content-Type') ?? '');
  if (!faultProblem) return partSevenViolations(answer.status, parsed.value, where);
  const problem = parsed.value as { code?: unknown; additionalErrors?: Array<{ code?: unknown }> } | null;
  const additional = Array.isArray(problem?.additionalErrors) ? problem.additionalErrors : [];
  return codeViolations(answer.status, [{ code: problem?.code }, ...additional], where);
}

function parseBody(answer: Answer, where: string): { value: unknown; xml: boolean } | string {
  const type = answer.header('Content-Type') ?? '';
  const xml = /[/+]xml/.test(type);
  try {
    return { value: xml ? readXml(answer.text) : JSON.parse(answer.text), xml };
  } catch (error) {
    return `${where}: the body is not ${xml ? 'XML' : 'JSON'} (${(error as Error).message})`;
  }
}

export function contractViolations(answer: Answer): string[] {
  const { method, path, status } = answer;
  if (!coveredByContract(path) || method === 'HEAD' || method === 'OPTIONS') return [];
  const where = `${method} ${path} ${status}`;
  const pis = path.startsWith('/psd2/');
  if (pis && NO_BODY_STATUSES.has(status))
    return answer.text === '' ? [] : [`${where}: no body is specified`];
  const operation = allOperations().find((o) => o.method === method && o.pattern.test(path));
  if (pis && ERROR_STATUSES.has(status) && (!operation || status === 405)) {
    // A path or method the interface does not have: still a part 7 error (405 with Allow).
    const problems = errorViolations(answer, where);
    // RFC 9110 15.5.6: "MUST generate an Allow header field in a 405 response"; empty where the resource allows
    // no method for now (10.2.1).
    if (status === 405 && answer.header('Allow') === null) problems.push(`${where}: 405 without Allow`);
    return problems;
  }
  if (!operation) {
    if (answer.text === '' && (status === 404 || status === 405 || FAULT_STATUSES.has(status))) return [];
    return [`${where}: no such operation in contract/*.yaml`];
  }
  const declared = operation.responses[String(status)];
  if (!declared) {
    if (answer.text === '' && FAULT_STATUSES.has(status)) return [];
    return [`${where}: status not declared in contract/${operation.contract}`];
  }
  const contract = loadContract(operation.contract);
  if (pis && ERROR_STATUSES.has(status)) return errorViolations(answer, where);
  const base = `#/paths/${escapePointer(operation.template)}/${method.toLowerCase()}/responses/${status}`;
  const { response, pointer } = resolveResponse(contract, declared, base);
  if (!response.content) return answer.text === '' ? [] : [`${where}: the contract declares no body`];
  if (answer.text === '' && status >= 300 && status < 400) return [];
  const type = (answer.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  if (!(type in response.content))
    return [
      `${where}: ${type || 'no content type'} is not declared (${Object.keys(response.content).join(', ')})`,
    ];
  if (!/json|xml/.test(type)) return [];
  const parsed = parseBody(answer, where);
  if (typeof parsed === 'string') return [parsed];
  const checking = parsed.xml ? loadContract(operation.contract, { coerce: true }) : contract;
  const narrowed = narrowedSchema(operation, method, path);
  const validate = narrowed
    ? checking.validator(narrowed)
    : checking.validatorAt(`${pointer}/content/${escapePointer(type)}/schema` as `#/${string}`);
  return validate(parsed.value)
    ? []
    : [`${where}: ${JSON.stringify(validate.errors)} in ${answer.text.slice(0, 1000)}`];
}
