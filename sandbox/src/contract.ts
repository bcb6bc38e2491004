import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readYamlDocument } from './yaml-document.js';

// ajv-formats ships CommonJS; under ESM its default export may sit one level down.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** The contracts the app and the sandbox share, in `contract/`. */
export type ContractName = 'pis.yaml' | 'claims.yaml' | 'webhooks.yaml';

export type PisSchemaName =
  | 'SinglePaymentInitiation'
  | 'PeriodicPaymentInitiation'
  | 'BulkPaymentInitiation'
  | 'BulkPaymentElement'
  | 'AccountReference'
  | 'Amount'
  | 'PaymentInitiationResponse'
  | 'PaymentInformation'
  | 'PeriodicPaymentInformation'
  | 'BulkPaymentInformation'
  | 'PaymentStatus'
  | 'ScaStatusResponse'
  | 'StartScaProcessResponse'
  | 'Authorisations'
  | 'ErrorBody'
  | 'TokenResponse'
  | (string & {});

export interface Contract {
  name: ContractName;
  document: { components: { schemas: Record<string, unknown> } } & Record<string, unknown>;
  validator(name: PisSchemaName): ValidateFunction;
  /** A validator for any schema of the document by JSON pointer, e.g. a response's `…/content/application~1json/schema`. */
  validatorAt(pointer: `#/${string}`): ValidateFunction;
}

const cached = new Map<string, Contract>();

/**
 * A contract of `contract/` with its validators (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 has it). `coerce`: a
 * second set of validators that read numbers and booleans from strings and a single value as a one-item array,
 * for bodies that arrive as XML text (contract-check.ts).
 */
export function loadContract(name: ContractName, options: { coerce?: boolean } = {}): Contract {
  const key = `${name}${options.coerce ? '+coerce' : ''}`;
  const known = cached.get(key);
  if (known) return known;
  const document = readYamlDocument(
    new URL(`../../contract/${name}`, import.meta.url),
  ) as Contract['document'];
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    // The contracts' schemas are checked against JSON Schema's own by their tests (tests/contract, and
    // sandbox/test/webhooks-contract.test.ts); each sandbox process doing so again took 95 ms.
    validateSchema: false,
    ...(options.coerce ? { coerceTypes: 'array' } : {}),
  });
  addFormats(ajv);
  ajv.addSchema(document, name);
  const validators = new Map<string, ValidateFunction>();
  const at = (pointer: string) => {
    let validate = validators.get(pointer);
    if (!validate) {
      const found = ajv.getSchema(`${name}${pointer}`);
      if (!found) throw new Error(`No schema at ${pointer} in contract/${name}`);
      validate = found;
      validators.set(pointer, validate);
    }
    return validate;
  };
  const contract: Contract = {
    name,
    document,
    validator: (schema) => at(`#/components/schemas/${schema}`),
    validatorAt: (pointer) => at(pointer),
  };
  cached.set(key, contract);
  return contract;
}

export function loadPisContract(): Contract {
  return loadContract('pis.yaml');
}

/** `/payments/0/creditorAccount` plus an offending key becomes `payments[0].creditorAccount.key`. */
export function jsonPointerToPath(pointer: string, extra?: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) segments.push(extra);
  let path = '';
  for (const segment of segments) {
    if (/^[0-9]+$/.test(segment)) path += `[${segment}]`;
    else path += path ? `.${segment}` : segment;
  }
  return path;
}

export function describeAjvError(error: ErrorObject): { path: string; text: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const path = jsonPointerToPath(error.instancePath, String(params.additionalProperty));
    return { path, text: `Unknown property ${path}.` };
  }
  if (error.keyword === 'required') {
    const path = jsonPointerToPath(error.instancePath, String(params.missingProperty));
    return { path, text: `${path} is required.` };
  }
  const path = jsonPointerToPath(error.instancePath);
  return { path, text: `${path || 'The body'} ${error.message ?? 'is invalid'}.` };
}

/**
 * The error of a body that matches none of a schema's alternatives (`anyOf`) that says most about it: the one
 * deepest inside the body, the first among equals. A too-long `confirmationCode` is refused for its length by the
 * alternative that has the member, not as an unknown property of the first alternative, which has not.
 */
export function mostSpecificError(errors: readonly ErrorObject[]): ErrorObject | undefined {
  const depth = (error: ErrorObject) => error.instancePath.split('/').length;
  return errors.reduce<ErrorObject | undefined>(
    (deepest, error) => (deepest === undefined || depth(error) > depth(deepest) ? error : deepest),
    undefined,
  );
}
