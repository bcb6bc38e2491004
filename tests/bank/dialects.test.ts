import { describe, expect, it } from 'vitest';
import { toBulkResults } from '@/lib/bank/bulk-results';
import { iobwsDialect } from '@/lib/bank/dialects/iobws-3-2';
import { claimBban } from '@/lib/bank/dialects/iobws-3-2/transform';
import { specDialect } from '@/lib/bank/dialects/spec';
import { resolveLinkAgainst } from '@/lib/bank/links';
import { loadContract } from '@/sandbox/src/contract';
import { loadPublished } from '@/sandbox/src/published-contract';

/**
 * Each dialect's pair of functions, held to the published contract of the bank that speaks it: our bodies (the
 * spec's shape, as the app saves them) become bodies IOBWS 3.2's schemas accept, and the published examples of its
 * answers read as ours.
 */
const iobws = loadPublished('IOBWS3.2.yaml');
const schema = (name: string) => iobws.validatorAt(`#/components/schemas/${name}` as `#/${string}`);
const example = (name: string) =>
  (iobws.at(`#/components/examples/${name}` as `#/${string}`) as { value: Record<string, unknown> }).value;

const DEBTOR = { iban: 'IS140159260076545510730339' };
const CREDITOR = { iban: 'IS870301260012345101696399' };
const single = {
  debtorAccount: DEBTOR,
  instructedAmount: { currency: 'ISK', amount: '12500' },
  creditorAccount: CREDITOR,
  creditorName: 'Anna Sigurðardóttir',
  remittanceInformationUnstructured: 'Leiga',
  remittanceInformationStructured: [{ reference: 'RF18539007547034', referenceType: null }],
  requestedExecutionDate: '2026-12-15T00:00:00Z',
  ultimateDebtor: null,
};
const periodic = {
  debtorAccount: DEBTOR,
  instructedAmount: { currency: 'ISK', amount: '5000' },
  creditorAccount: CREDITOR,
  remittanceInformationStructured: 'Húsfélag',
  startDate: '2026-12-01T00:00:00Z',
  endDate: '2027-06-01T00:00:00Z',
  frequency: 'Monthly',
  executionRule: 'following',
  dayOfExecution: '1',
};
const bulk = {
  paymentInformationId: 'bulk-2026-12',
  debtorAccount: DEBTOR,
  requestedExecutionDate: '2026-12-15T00:00:00Z',
  payments: [{ instructedAmount: { currency: 'ISK', amount: '100' }, creditorAccount: CREDITOR }],
};

const ALTERNATIVE = {
  payments: 'paymentInitiationDomestic_json',
  'periodic-payments': 'periodicPaymentInitiationDomestic_json',
  'bulk-payments': 'bulkPaymentInitiationDomestic_json',
} as const;

describe('a payment in the IOBWS 3.2 dialect', () => {
  it.each([
    ['payments', single],
    ['periodic-payments', periodic],
    ['bulk-payments', bulk],
  ] as const)(
    '%s: our body is one the published schema accepts, its dates as `format: date`',
    (service, ours) => {
      const validate = schema(ALTERNATIVE[service]);
      // Sent as our bank's spec has it, IOBWS refuses the date-time dates (and the nulls).
      expect(validate(specDialect.toBankBody(service, ours))).toBe(false);
      const body = iobwsDialect.toBankBody(service, ours);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      for (const name of ['requestedExecutionDate', 'startDate', 'endDate'])
        if (name in body) expect(body[name]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    },
  );

  it('keeps the day: a single payment on 15 December is asked for 2026-12-15, its references as the array', () => {
    expect(iobwsDialect.toBankBody('payments', single)).toMatchObject({
      requestedExecutionDate: '2026-12-15',
      remittanceInformationStructuredArray: [{ reference: 'RF18539007547034' }],
    });
    expect(iobwsDialect.toBankBody('periodic-payments', periodic)).toMatchObject({
      startDate: '2026-12-01',
      endDate: '2027-06-01',
      remittanceInformationStructuredArray: [{ reference: 'Húsfélag' }],
    });
  });

  it('our bank is sent our body as it is, valid against contract/pis.yaml', () => {
    const validate = loadContract('pis.yaml').validator('SinglePaymentInitiation');
    const body = specDialect.toBankBody('payments', single);
    expect(body).toBe(single);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('pays a bill as a claim payment: the claim key as BBAN (ÍST TS 310), the claimant as creditorId', () => {
    expect(claimBban({ claimantId: '5510730339', account: '015966007654', dueDate: '2020-12-31' })).toBe(
      '5510730339015966007654311220',
    );
    const body = iobwsDialect.toClaimPaymentBody?.(
      { ...single, remittanceInformationUnstructured: '5510730339015966007654+20201231' },
      { claimantId: '5510730339', account: '015966007654', dueDate: '2020-12-31', partial: false },
    );
    const validate = schema('paymentInitiationDomestic_json');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body).toMatchObject({
      creditorAccount: { bban: '5510730339015966007654311220' },
      creditorId: '5510730339',
      partialPayment: false,
    });
    // The published example of a claim payment has the same members.
    const published = example('paymentInitiationDomesticBody_creditTransfer-claim-payments_json');
    for (const member of Object.keys(body ?? {})) {
      if (member === 'requestedExecutionDate') continue;
      expect(Object.keys(published)).toContain(member);
    }
    expect(specDialect.toClaimPaymentBody).toBeUndefined();
  });

  it('confirms straight through with `confirmationMessage` (IOBWS) where our bank takes `confirmationCode`', () => {
    expect(iobwsDialect.straightThroughConfirmation('greidsla:p1')).toEqual({
      confirmationMessage: 'greidsla:p1',
    });
    expect(specDialect.straightThroughConfirmation('greidsla:p1')).toEqual({
      confirmationCode: 'greidsla:p1',
    });
    const validate = schema('iobwsAuthorisationConfirmation');
    expect(validate(iobwsDialect.straightThroughConfirmation('x'))).toBe(true);
  });

  it('reads the published bulk-with-status example as ours: dates as date-time, each payment`s errors kept', () => {
    const published = example('paymentInitiationDomesticBody_bulk-payments_with_status_json');
    const ours = iobwsDialect.fromBankPaymentInformation('bulk-payments', published) as Record<
      string,
      unknown
    >;
    expect(ours.requestedExecutionDate).toBe('2020-08-01T00:00:00Z');
    const results = toBulkResults(ours, 'PART');
    expect(results?.payments?.[1]?.errorCodes).toEqual(['DEBTOR_ACCOUNT_NOT_FOUND', 'FORMAT_ERROR']);
  });

  it('reads a single payment`s structured reference back as the one string our read-back has (spec 2.6)', () => {
    const ours = iobwsDialect.fromBankPaymentInformation('payments', {
      remittanceInformationStructuredArray: [{ reference: 'RF18539007547034', referenceType: 'TILV_U' }],
    }) as Record<string, unknown>;
    expect(ours.remittanceInformationStructured).toBe('RF18539007547034');
    expect(ours).not.toHaveProperty('remittanceInformationStructuredArray');
  });

  it('reads a refusal`s path by its names as ours, as each service`s references were renamed for it', () => {
    const ours = (service: 'payments' | 'periodic-payments' | 'bulk-payments', path: string) =>
      iobwsDialect.fromBankPath?.(service, path);
    expect(ours('payments', 'remittanceInformationStructuredArray[1].reference')).toBe(
      'remittanceInformationStructured[1].reference',
    );
    expect(ours('payments', '/remittanceInformationStructuredArray/0/reference')).toBe(
      '/remittanceInformationStructured/0/reference',
    );
    expect(ours('periodic-payments', 'remittanceInformationStructuredArray[0].reference')).toBe(
      'remittanceInformationStructured',
    );
    expect(ours('periodic-payments', '$.remittanceInformationStructuredArray[0]')).toBe(
      '$.remittanceInformationStructured',
    );
    // A bulk's payments carry the array in both; other members and look-alike names are as they are.
    const bulkPath = 'payments[2].remittanceInformationStructuredArray[0].reference';
    expect(ours('bulk-payments', bulkPath)).toBe(bulkPath);
    expect(ours('payments', 'remittanceInformationStructuredArrayX')).toBe(
      'remittanceInformationStructuredArrayX',
    );
    expect(ours('payments', 'creditorAccount.iban')).toBe('creditorAccount.iban');
    expect(specDialect.fromBankPath).toBeUndefined();
  });

  it('names the paths, claims and fee codes of each', () => {
    expect([specDialect.paymentsPrefix, iobwsDialect.paymentsPrefix]).toEqual(['/api/v1', '/v1']);
    expect([specDialect.claimsPath, iobwsDialect.claimsPath]).toEqual(['/claims', '/v1/claims']);
    const feeTypes = (
      iobws.at('#/components/schemas/transactionFeesDetail') as {
        properties: { feeType: { enum: string[] } };
      }
    ).properties.feeType.enum;
    expect(iobwsDialect.feeTypes).toEqual(feeTypes);
    expect(iobwsDialect.products).toContain('claim-payments');
    expect(specDialect.products).not.toContain('claim-payments');
  });
});

describe('a link from the bank, read against the bank`s own base (spec 2.5; IOBWS: relative to its server)', () => {
  const spec = 'https://bank.example/psd2';
  it('our bank: relative to {base_url} with its /psd2 prefix, or already carrying it, or full', () => {
    expect(resolveLinkAgainst('/api/v1/payments/credit-transfers/p1/status', spec)).toBe(
      'https://bank.example/psd2/api/v1/payments/credit-transfers/p1/status',
    );
    expect(resolveLinkAgainst('/psd2/api/v1/payments/credit-transfers/p1', spec)).toBe(
      'https://bank.example/psd2/api/v1/payments/credit-transfers/p1',
    );
    expect(resolveLinkAgainst('https://sca.bank.example/a?b=c', spec)).toBe('https://sca.bank.example/a?b=c');
  });

  it.each([
    [
      'https://psd2.example.com',
      '/v1/payments/credit-transfers/1234-wertiq-983',
      'https://psd2.example.com/v1/payments/credit-transfers/1234-wertiq-983',
    ],
    [
      'https://psd2.example.com',
      'v1/payments/1234-b2b-983/status',
      'https://psd2.example.com/v1/payments/1234-b2b-983/status',
    ],
    [
      'https://gw.bank.is/iobws',
      '/v1/payments/credit-transfers/p1/status',
      'https://gw.bank.is/iobws/v1/payments/credit-transfers/p1/status',
    ],
    [
      'https://gw.bank.is/iobws/',
      '/iobws/v1/payments/credit-transfers/p1',
      'https://gw.bank.is/iobws/v1/payments/credit-transfers/p1',
    ],
    [
      'http://127.0.0.1:4010/banks/sudur',
      '/v1/payments/claim-payments/p1',
      'http://127.0.0.1:4010/banks/sudur/v1/payments/claim-payments/p1',
    ],
    [
      'https://gw.bank.is/iobws',
      'https://www.testbank.com/asdfasdfasdf',
      'https://www.testbank.com/asdfasdfasdf',
    ],
  ])('IOBWS at %s: %s is %s', (base, href, expected) => {
    expect(resolveLinkAgainst(href, base)).toBe(expected);
  });

  it('every link of the published 201 examples is read to an address under the bank`s server', () => {
    const base = 'https://gw.bank.is/iobws';
    for (const name of [
      'paymentInitiationExample_json_Redirect',
      'paymentInitiationExample_json_Decoupled',
    ]) {
      const links = (example(name)._links ?? {}) as Record<string, { href: string }>;
      for (const { href } of Object.values(links)) {
        const resolved = resolveLinkAgainst(href, base) ?? '';
        if (href.startsWith('/')) expect(resolved.startsWith(`${base}/v1/`)).toBe(true);
      }
    }
  });
});
