import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { insertBulkTemplate, listBulkTemplates, listTemplates } from '@/lib/db/queries/bulk-templates';
import { templateBodyOf } from '@/lib/payments/saved/bulk-templates';
import { formStart } from '@/lib/payments/saved/form-start';
import { freshAppDatabase } from '../support/app-database';
import { newPsu } from '../support/psu';

// Templates of every kind of payment: a single payment (monthly rent paid by hand) and a standing order
// kept under a name, each opening its own form filled in, and only its own form; the PSU's alone.

const rent = {
  debtorAccount: { iban: 'IS140159260076545510730339' },
  creditorAccount: { iban: 'IS870301260012345101696399' },
  creditorName: 'Þórður Ólafsson',
  instructedAmount: { currency: 'ISK', amount: '185000' },
  remittanceInformationUnstructured: 'Leiga',
  endToEndIdentification: 'E2E-RENT-11',
  instructionIdentification: 'INSTR-11',
  requestedExecutionDate: '2026-12-01T00:00:00Z',
};

let db: Db;
let me: string;
let stranger: string;

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'templates-test-secret-0123456789abcdefgh';
  process.env.SEED_DEMO_PSU = 'false';
  db = await getDb();
  me = await newPsu('me@templates.test');
  stranger = await newPsu('stranger@templates.test');
});

afterAll(() => closeDatabase());

describe('templates for every kind of payment', () => {
  it('a single payment kept as a template opens the single form filled in, without its ids and day', async () => {
    const body = templateBodyOf('payments', rent);
    expect(body).toEqual({
      debtorAccount: rent.debtorAccount,
      creditorAccount: rent.creditorAccount,
      creditorName: 'Þórður Ólafsson',
      instructedAmount: rent.instructedAmount,
      remittanceInformationUnstructured: 'Leiga',
    });
    const id =
      (await insertBulkTemplate(db, me, {
        name: 'Leiga',
        service: 'payments',
        product: 'credit-transfers',
        body,
      })) ?? '';
    const start = await formStart(me, 'payments', { template: id });
    expect(start.filledFrom).toEqual({ kind: 'template', name: 'Leiga' });
    expect(start.initial).toEqual({ product: 'credit-transfers', payment: body, names: {} });
    // Another form, or another PSU, starts empty.
    expect((await formStart(me, 'periodic-payments', { template: id })).initial).toBeUndefined();
    expect((await formStart(me, 'bulk-payments', { template: id })).initial).toBeUndefined();
    expect((await formStart(stranger, 'payments', { template: id })).initial).toBeUndefined();
    // The bulk form lists bulk templates only.
    expect(await listBulkTemplates(db, me)).toEqual([]);
    expect((await listTemplates(db, me)).map((template) => template.name)).toContain('Leiga');
  });

  it('a standing order kept as a template keeps its names and schedule, not its days', async () => {
    const order = {
      debtorAccount: rent.debtorAccount,
      creditorAccount: rent.creditorAccount,
      instructedAmount: rent.instructedAmount,
      frequency: 'Monthly',
      dayOfExecution: '1',
      startDate: '2026-12-01T00:00:00Z',
      endDate: '2027-12-01T00:00:00Z',
      endToEndIdentification: 'E2E-ORDER',
    };
    const body = templateBodyOf('periodic-payments', order);
    expect(Object.keys(body).sort()).toEqual([
      'creditorAccount',
      'dayOfExecution',
      'debtorAccount',
      'frequency',
      'instructedAmount',
    ]);
    const id =
      (await insertBulkTemplate(db, me, {
        name: 'Húsaleiga',
        service: 'periodic-payments',
        product: 'credit-transfers',
        body,
        details: { label: 'Húsaleiga', creditorName: 'Þórður Ólafsson' },
      })) ?? '';
    expect((await formStart(me, 'periodic-payments', { template: id })).initial).toEqual({
      product: 'credit-transfers',
      payment: body,
      names: { label: 'Húsaleiga', creditorName: 'Þórður Ólafsson' },
    });
    expect((await listTemplates(db, stranger)).length).toBe(0);
  });

  it('a template id in the address that is no uuid, though of its length, opens the form empty', async () => {
    // Thirty-six letters or dashes are no uuid: PostgreSQL refuses them, and the page would answer 500.
    for (const template of ['a'.repeat(36), '-'.repeat(36), '0123456789abcdef0123456789abcdef0123'])
      expect(await formStart(me, 'bulk-payments', { template })).toEqual({
        key: 'new',
        choices: expect.anything(),
      });
  });
});
