import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const document = parse(readFileSync(new URL('../../contract/pis.yaml', import.meta.url), 'utf8')) as {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, { name: string }> };
};

function makeAjv() {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addSchema(document, 'pis.yaml');
  return ajv;
}

function validator(name: string) {
  const validate = makeAjv().getSchema(`pis.yaml#/components/schemas/${name}`);
  if (!validate) throw new Error(`missing ${name}`);
  return validate;
}

const REQUIRED_SCHEMAS = [
  'SinglePaymentInitiation',
  'PeriodicPaymentInitiation',
  'BulkPaymentInitiation',
  'BulkPaymentElement',
  'AccountReference',
  'Amount',
  'Address',
  'RemittanceInformationStructured',
  'PaymentInitiationResponse',
  'PaymentInformation',
  'PaymentStatus',
  'ErrorBody',
  'TppMessage',
  'ScaStatusResponse',
  'ChargeBearer',
  'ExecutionRule',
  'FrequencyCode',
  'DayOfExecution',
  'TransactionStatus',
  'ScaStatus',
  'AuthenticationType',
  'OtpFormat',
  'RateType',
];

describe('contract/pis.yaml', () => {
  it('is OpenAPI 3.1 under /psd2 with the operations the app needs', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]?.url).toBe('/psd2');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/oauth/v2/oauth-token',
        '/api/v1/{payment-service}/{payment-product}',
        '/api/v1/{payment-service}/{payment-product}/{paymentId}',
        '/api/v1/{payment-service}/{payment-product}/{paymentId}/status',
        '/api/v1/{payment-service}/{payment-product}/{paymentId}/authorisations',
        '/api/v1/{payment-service}/{payment-product}/{paymentId}/authorisations/{authorisationId}',
        '/api/v1/{payment-service}/{payment-product}/{paymentId}/cancellation-authorisations',
      ]),
    );
  });

  it('names every schema the other components rely on', () => {
    for (const name of REQUIRED_SCHEMAS) expect(document.components.schemas).toHaveProperty(name);
  });

  it('compiles every schema with Ajv 2020', () => {
    const ajv = makeAjv();
    for (const name of Object.keys(document.components.schemas)) {
      expect(ajv.getSchema(`pis.yaml#/components/schemas/${name}`), name).toBeTypeOf('function');
    }
  });

  it('declares every header of the initiation request as a parameter', () => {
    const names = Object.values(document.components.parameters).map((p) => p.name);
    for (const header of [
      'X-Request-ID',
      'PSU-IP-Address',
      'Digest',
      'Signature',
      'TPP-Signature-Certificate',
      'PSU-ID',
      'PSU-ID-Type',
      'PSU-Corporate-ID',
      'PSU-Corporate-Id-Type',
      'Consent-ID',
      'TPP-Redirect-Preferred',
      'TPP-Redirect-URI',
      'TPP-Nok-Redirect-URI',
      'TPP-Explicit-Authorisation-Preferred',
      'TPP-Rejection-No-Funds-Preferred',
      'TPP-Brand-Logging-Information',
      'TPP-Notification-URI',
      'TPP-Notification-Content-Preferred',
      'PSU-IP-Port',
      'PSU-Accept',
      'PSU-Accept-Charset',
      'PSU-Accept-Encoding',
      'PSU-Accept-Language',
      'PSU-User-Agent',
      'PSU-Http-Method',
      'PSU-Device-ID',
      'PSU-Geo-Location',
      'Idempotency-Key',
      'Authorization',
      'Ocp-Apim-Subscription-Key',
    ]) {
      expect(names, header).toContain(header);
    }
  });

  const minimal = {
    debtorAccount: { iban: 'IS140159260076545510730339' },
    creditorAccount: { iban: 'IS140159260076545510730339' },
    instructedAmount: { currency: 'ISK', amount: '1000' },
  };

  it('single payment: rejects unknown properties, accepts nulls, bounds strings', () => {
    const validate = validator('SinglePaymentInitiation');
    expect(validate(minimal)).toBe(true);
    expect(validate({ ...minimal, foo: 1 })).toBe(false);
    expect(validate({ ...minimal, creditorAccount: { iban: 'IS14', foo: 'x' } })).toBe(false);
    expect(validate({ ...minimal, creditorName: null, remittanceInformationUnstructured: null })).toBe(true);
    expect(validate({ ...minimal, creditorName: 'x'.repeat(70) })).toBe(true);
    expect(validate({ ...minimal, creditorName: 'x'.repeat(71) })).toBe(false);
    expect(validate({ ...minimal, icelandicPurposeCode: 'ABC' })).toBe(false);
    expect(validate({ ...minimal, centralBankPurposeCode: 'ABC' })).toBe(true);
    expect(validate({ ...minimal, chargeBearer: 'SLEV' })).toBe(true);
    expect(validate({ ...minimal, chargeBearer: 'XXXX' })).toBe(false);
    expect(validate({ debtorAccount: minimal.debtorAccount })).toBe(false);
    // The spec's creditorAgent pattern has an alternative that accepts any single-line value.
    expect(validate({ ...minimal, creditorAgent: 'NBIIISRE' })).toBe(true);
    expect(validate({ ...minimal, creditorAgent: 'anything at all' })).toBe(true);
  });

  it('anchors patterns so the whole value is checked', () => {
    const amount = validator('Amount');
    expect(amount({ currency: 'ISK', amount: '1000' })).toBe(true);
    expect(amount({ currency: 'EUR', amount: '-12.345' })).toBe(true);
    expect(amount({ currency: 'EUR', amount: '12.3456' })).toBe(false);
    expect(amount({ currency: 'EUR', amount: '1,5' })).toBe(false);
    expect(amount({ currency: 'EURO', amount: '1' })).toBe(false);
    expect(amount({ currency: 'EUR', amount: '123456789012345' })).toBe(false);
    const account = validator('AccountReference');
    expect(account({ iban: 'IS140159260076545510730339' })).toBe(true);
    expect(account({ iban: 'is140159260076545510730339' })).toBe(false);
    expect(account({ iban: 'IS14 0159' })).toBe(false);
    expect(account({ currency: 'ISKK' })).toBe(false);
  });

  it('periodic payment: DayOfExecution without leading zero, enums', () => {
    const validate = validator('PeriodicPaymentInitiation');
    const body = { ...minimal, frequency: 'Monthly', dayOfExecution: '1', executionRule: 'following' };
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, dayOfExecution: '01' })).toBe(false);
    expect(validate({ ...body, dayOfExecution: '32' })).toBe(false);
    expect(validate({ ...body, frequency: 'Fortnightly' })).toBe(false);
    expect(validate({ ...body, remittanceInformationStructured: 'ref' })).toBe(true);
    expect(validate({ ...body, startDate: '2030-01-01T00:00:00Z' })).toBe(true);
  });

  it('bulk payment: element requires amount and creditor, rejects requestedExecutionDate', () => {
    const validate = validator('BulkPaymentInitiation');
    const element = { creditorAccount: minimal.creditorAccount, instructedAmount: minimal.instructedAmount };
    expect(validate({ paymentInformationId: 'b-1', payments: [element] })).toBe(true);
    expect(validate({ paymentInformationId: '', payments: [element] })).toBe(false);
    expect(validate({ paymentInformationId: 'x'.repeat(36), payments: [element] })).toBe(false);
    expect(
      validate({
        paymentInformationId: 'b-1',
        payments: [{ ...element, requestedExecutionDate: '2030-01-01T00:00:00Z' }],
      }),
    ).toBe(false);
  });

  it('error body: TppMessage needs category and code', () => {
    const validate = validator('ErrorBody');
    expect(
      validate({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'x', text: 't' }] }),
    ).toBe(true);
    expect(validate({ tppMessages: [{ category: 'ERROR' }] })).toBe(false);
    expect(validate({ tppMessages: [{ category: 'FATAL', code: 'FORMAT_ERROR' }] })).toBe(false);
    expect(
      validate({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'x'.repeat(501) }] }),
    ).toBe(false);
  });
});
