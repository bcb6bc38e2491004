import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

// ajv-formats is CommonJS; under ESM its function sits on `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export const CONTRACT_PATH = fileURLToPath(new URL('../../../contract/pis.yaml', import.meta.url));

export type ContractSchemaName =
  | 'SinglePaymentInitiation'
  | 'PeriodicPaymentInitiation'
  | 'BulkPaymentInitiation'
  | 'BulkPaymentElement'
  | 'AccountReference'
  | 'Amount'
  | 'Address'
  | 'RemittanceInformationStructured';

let ajv: Ajv2020 | undefined;

/** True once `contract/pis.yaml` exists (it is written by another part of the team). */
export function contractAvailable(): boolean {
  return existsSync(CONTRACT_PATH);
}

/** An Ajv validator for a schema of `components.schemas` in `contract/pis.yaml`. */
export function contractValidator(name: ContractSchemaName): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(ajv);
    ajv.addSchema(parse(readFileSync(CONTRACT_PATH, 'utf8')), 'pis.yaml');
  }
  const validate = ajv.getSchema(`pis.yaml#/components/schemas/${name}`);
  if (!validate) throw new Error(`contract/pis.yaml has no components.schemas.${name}`);
  return validate;
}
