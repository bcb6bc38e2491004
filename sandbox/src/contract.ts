import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

// ajv-formats ships CommonJS; under ESM its default export may sit one level down.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export const CONTRACT_URL = new URL('../../contract/pis.yaml', import.meta.url);
const CONTRACT_ID = 'pis.yaml';

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

export interface PisContract {
  document: { components: { schemas: Record<string, unknown> } } & Record<string, unknown>;
  validator(name: PisSchemaName): ValidateFunction;
  /** A validator for any schema of the document by JSON pointer, e.g. a response's `…/content/application~1json/schema`. */
  validatorAt(pointer: `#/${string}`): ValidateFunction;
}

let cached: PisContract | undefined;

export function loadPisContract(): PisContract {
  if (cached) return cached;
  const document = parse(readFileSync(CONTRACT_URL, 'utf8')) as PisContract['document'];
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(document, CONTRACT_ID);
  const validators = new Map<string, ValidateFunction>();
  cached = {
    document,
    validator(name) {
      let validate = validators.get(name);
      if (!validate) {
        const found = ajv.getSchema(`${CONTRACT_ID}#/components/schemas/${name}`);
        if (!found) throw new Error(`No schema ${name} in contract/pis.yaml`);
        validate = found;
        validators.set(name, validate);
      }
      return validate;
    },
    validatorAt(pointer) {
      let validate = validators.get(pointer);
      if (!validate) {
        const found = ajv.getSchema(`${CONTRACT_ID}${pointer}`);
        if (!found) throw new Error(`No schema at ${pointer} in contract/pis.yaml`);
        validate = found;
        validators.set(pointer, validate);
      }
      return validate;
    },
  };
  return cached;
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
