import type { ValidateFunction } from 'ajv';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import { readYamlDocument } from './yaml-document.js';

// Both ship CommonJS; under ESM the default export may sit one level down.
const Ajv = ((AjvModule as unknown as { default?: typeof AjvModule }).default ??
  AjvModule) as typeof AjvModule;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** The published contracts in contract/published/, copied unchanged (its README). */
export type PublishedName =
  | 'IOBWS3.2.yaml'
  | 'IOBWS-Claims3.1.yaml'
  | 'psd2-api-lean_push_notifications-20190508.yaml';

export interface PublishedContract {
  name: PublishedName;
  document: Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };
  /** A validator for the schema at a JSON pointer of the document (`#/components/schemas/amount`). */
  validatorAt(pointer: `#/${string}`): ValidateFunction;
  /** The value at a JSON pointer, `$ref`s followed at its end. */
  at(pointer: `#/${string}`): unknown;
}

const cached = new Map<string, PublishedContract>();

const unescapeSegment = (segment: string) =>
  decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * A published contract with Ajv validators. They are OpenAPI 3.0 documents, whose schemas are JSON Schema draft 4/7
 * with OpenAPI's `nullable`: Ajv's draft-07 validator reads them as written (unknown keywords such as `example` are
 * ignored). `coerce`: validators that read numbers and booleans from strings, for header and query parameters.
 */
export function loadPublished(name: PublishedName, options: { coerce?: boolean } = {}): PublishedContract {
  const key = `${name}${options.coerce ? '+coerce' : ''}`;
  const known = cached.get(key);
  if (known) return known;
  const document = readYamlDocument(
    new URL(`../../contract/published/${name}`, import.meta.url),
  ) as PublishedContract['document'];
  // Not checked against JSON Schema's own schema (`validateSchema`): they are the banks' documents as published,
  // and checking IOBWS 3.2's took 69 ms in each process.
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    validateSchema: false,
    ...(options.coerce ? { coerceTypes: true } : {}),
  });
  addFormats(ajv);
  // `format: url`: see published-check.ts, "Where IOBWS 3.2 is ambiguous".
  ajv.addFormat('url', (value: string) => URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value));
  ajv.addSchema(document, name);
  const validators = new Map<string, ValidateFunction>();
  const at = (pointer: string): unknown => {
    let value: unknown = document;
    for (const segment of pointer.replace(/^#\//, '').split('/').map(unescapeSegment)) {
      value = (value as Record<string, unknown> | undefined)?.[segment];
      const ref = (value as { $ref?: unknown } | undefined)?.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/')) value = at(ref);
    }
    return value;
  };
  const contract: PublishedContract = {
    name,
    document,
    at: (pointer) => at(pointer),
    validatorAt(pointer) {
      let validate = validators.get(pointer);
      if (!validate) {
        const found = ajv.getSchema(`${name}${pointer}`);
        if (!found) throw new Error(`No schema at ${pointer} in contract/published/${name}`);
        validate = found;
        validators.set(pointer, validate);
      }
      return validate;
    },
  };
  cached.set(key, contract);
  return contract;
}
