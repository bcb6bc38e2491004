import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import {
  deleteBulkTemplate,
  findBulkTemplate,
  insertBulkTemplate,
  listBulkTemplates,
} from '@/lib/db/queries/bulk-templates';
import { listMyAccounts, removeMyAccount, renameMyAccount } from '@/lib/db/queries/my-accounts';
import { deletePayee, insertPayee, listPayees, updatePayee } from '@/lib/db/queries/payees';
import { payments } from '@/lib/db/schema';
import { recordStatus } from '@/lib/payments/history';
import { bulkPrefill, payAgainPrefill } from '@/lib/payments/saved/pay-again';
import { payeeInputSchema } from '@/lib/payments/saved/payees';
import { freshAppDatabase } from '../support/app-database';
import { newPsu } from '../support/psu';

const myIban = 'IS140159260076545510730339';
const payeeIban = 'IS870301260012345101696399';
let db: Db;
let me: string;
let stranger: string;

async function payment(
  psuId: string,
  debtorIban: string,
  service: 'payments' | 'bulk-payments' = 'payments',
) {
  const body =
    service === 'payments'
      ? {
          debtorAccount: { iban: debtorIban },
          creditorAccount: { iban: payeeIban },
          creditorName: 'Leigusali ehf.',
          instructedAmount: { currency: 'ISK', amount: '12500' },
          endToEndIdentification: 'E2E-1',
          requestedExecutionDate: '2026-01-02',
        }
      : {
          paymentInformationId: 'PI-1',
          batchBookingPreferred: true,
          debtorAccount: { iban: debtorIban },
          requestedExecutionDate: '2026-01-02',
          payments: [
            {
              creditorAccount: { iban: payeeIban },
              instructedAmount: { currency: 'EUR', amount: '1234.50' },
              remittanceInformationUnstructured: 'Reikningur 42',
              remittanceInformationStructuredArray: [{ reference: 'INV-42' }],
              endToEndIdentification: 'E2E-2',
              partialPayment: false,
            },
          ],
        };
  const [row] = await db
    .insert(payments)
    .values({
      psuId,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      service,
      product: 'credit-transfers',
      body,
      scaLanguage: 'is',
      uiLocale: 'is',
      phase: 'initiated',
      transactionStatus: 'RCVD',
      amount: '12500',
      currency: 'ISK',
      creditorAccount: payeeIban,
    })
    .returning();
  if (!row) throw new Error('no payment');
  return row;
}

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'saved-items-test-secret-0123456789abcdef';
  process.env.SEED_DEMO_PSU = 'false';
  db = await getDb();
  me = await newPsu('me@saved.test');
  stranger = await newPsu('stranger@saved.test');
});

afterAll(async () => {
  await closeDatabase();
});

describe('my accounts', () => {
  it('keeps a typed account only once the bank accepted a payment from it (spec part 3: ACCP and after)', async () => {
    const typed = await payment(me, myIban);
    await recordStatus(db, typed.id, 'ACTC', 'poll');
    expect(await listMyAccounts(db, me)).toEqual([]);
    const rejected = await payment(me, 'IS030101260000001234567890');
    await recordStatus(db, rejected.id, 'RJCT', 'poll');
    expect(await listMyAccounts(db, me)).toEqual([]);
    await recordStatus(db, typed.id, 'ACSC', 'poll');
    const [account] = await listMyAccounts(db, me);
    expect(account).toMatchObject({ iban: myIban, name: '' });
    // A second accepted payment from it keeps it once, with its name.
    await renameMyAccount(db, me, account?.id ?? '', 'Daglegt');
    const again = await payment(me, myIban);
    await recordStatus(db, again.id, 'ACCP', 'poll');
    expect(await listMyAccounts(db, me)).toEqual([{ id: account?.id, iban: myIban, name: 'Daglegt' }]);
    expect(await listMyAccounts(db, stranger)).toEqual([]);
  });

  it('cannot be renamed or removed by another PSU, by id', async () => {
    const [account] = await listMyAccounts(db, me);
    const id = account?.id ?? '';
    expect(await renameMyAccount(db, stranger, id, 'Mine now')).toBe(false);
    expect(await removeMyAccount(db, stranger, id)).toBe(false);
    expect(await listMyAccounts(db, me)).toEqual([{ id, iban: myIban, name: 'Daglegt' }]);
    expect(await removeMyAccount(db, me, id)).toBe(true);
    expect(await listMyAccounts(db, me)).toEqual([]);
  });
});

describe('payees', () => {
  it('take an IBAN, a domestic account with kennitala (ÍST TS-310), or a masked card number', () => {
    expect(
      payeeInputSchema.parse({
        name: ' Jón ',
        accountKind: 'iban',
        account: 'is87 0301 2600 1234 5101 6963 99',
      }),
    ).toEqual({ name: 'Jón', accountKind: 'iban', account: payeeIban, kennitala: null });
    const domestic = payeeInputSchema.parse({
      name: 'Jón',
      accountKind: 'iban',
      account: '0159-26-007654',
      kennitala: '551073-0339',
    });
    expect(domestic).toEqual({ name: 'Jón', accountKind: 'iban', account: myIban, kennitala: '5510730339' });
    expect(
      payeeInputSchema.safeParse({ name: 'Jón', accountKind: 'iban', account: '0159-26-007654' }).error
        ?.issues[0]?.message,
    ).toBe('saved.errors.kennitalaForDomestic');
    expect(
      payeeInputSchema.parse({ name: 'Kort', accountKind: 'maskedPan', account: '123456******1234' }).account,
    ).toBe('123456******1234');
  });

  it('refuse what the bank would refuse: a bad IBAN check, a name over 70 characters, a bad card', () => {
    const messages = (input: unknown) =>
      payeeInputSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ name: 'Jón', accountKind: 'iban', account: 'IS870301260012345101696398' })).toEqual([
      'saved.errors.iban',
    ]);
    expect(messages({ name: 'x'.repeat(71), accountKind: 'iban', account: payeeIban })).toEqual([
      'saved.errors.nameTooLong',
    ]);
    expect(messages({ name: 'Kort', accountKind: 'maskedPan', account: '1234' })).toEqual([
      'saved.errors.maskedPan',
    ]);
    expect(messages({ name: '', accountKind: 'bban', account: payeeIban })).toBeDefined();
  });

  it('never lets an unparsable account or name through, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (name, account) => {
        const parsed = payeeInputSchema.safeParse({ name, accountKind: 'iban', account });
        if (parsed.success) {
          expect(parsed.data.name.length).toBeLessThanOrEqual(70);
          expect(parsed.data.account).toMatch(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/);
        }
      }),
    );
  });

  it('keep hostile text as text, and are the PSU’s own: another PSU cannot read, edit or delete them by id', async () => {
    const hostile = `<script>alert(1)</script>'; drop table payees; --`;
    const id =
      (await insertPayee(db, me, {
        name: hostile,
        accountKind: 'iban',
        account: payeeIban,
        kennitala: null,
      })) ?? '';
    expect((await listPayees(db, me)).map((p) => p.name)).toEqual([hostile]);
    expect(await listPayees(db, stranger)).toEqual([]);
    const changed = { name: 'Stolen', accountKind: 'iban' as const, account: myIban, kennitala: null };
    expect(await updatePayee(db, stranger, id, changed)).toBe(false);
    expect(await deletePayee(db, stranger, id)).toBe(false);
    expect((await listPayees(db, me))[0]).toMatchObject({ id, name: hostile, account: payeeIban });
    expect(await updatePayee(db, me, id, { ...changed, name: 'Leigusali' })).toBe(true);
    expect(await deletePayee(db, me, id)).toBe(true);
    expect(await listPayees(db, me)).toEqual([]);
  });
});

describe('pay again and bulk templates', () => {
  it('fill the form with the payment as sent, leaving its ids and days to be given anew', async () => {
    const single = await payment(me, myIban);
    expect(payAgainPrefill(single)).toEqual({
      product: 'credit-transfers',
      payment: {
        debtorAccount: { iban: myIban },
        creditorAccount: { iban: payeeIban },
        creditorName: 'Leigusali ehf.',
        instructedAmount: { currency: 'ISK', amount: '12500' },
      },
    });
    const bulk = await payment(me, myIban, 'bulk-payments');
    expect(payAgainPrefill(bulk)).toEqual({
      product: 'credit-transfers',
      payment: { batchBookingPreferred: true, debtorAccount: { iban: myIban } },
      rows: [
        {
          creditorAccount: payeeIban,
          amount: '1234.50',
          currency: 'EUR',
          remittanceInformationUnstructured: 'Reikningur 42',
          remittanceReference: 'INV-42',
          partialPayment: 'false',
        },
      ],
    });
  });

  it('a template is the PSU’s own: another PSU cannot read or delete it by id', async () => {
    const bulk = await payment(me, myIban, 'bulk-payments');
    const id =
      (await insertBulkTemplate(db, me, {
        name: 'Mánaðarlaun',
        product: 'credit-transfers',
        body: bulk.body,
      })) ?? '';
    expect(await findBulkTemplate(db, stranger, id)).toBeUndefined();
    expect(await listBulkTemplates(db, stranger)).toEqual([]);
    expect(await deleteBulkTemplate(db, stranger, id)).toBe(false);
    const mine = await findBulkTemplate(db, me, id);
    expect(bulkPrefill(mine?.product ?? 'credit-transfers', mine?.body ?? {}).rows).toHaveLength(1);
    expect(await deleteBulkTemplate(db, me, id)).toBe(true);
  });

  it('lists each bulk template with the number of payments it holds, none where its body holds no list', async () => {
    const bulk = await payment(me, myIban, 'bulk-payments');
    const twice = {
      ...bulk.body,
      payments: [...(bulk.body.payments as unknown[]), ...(bulk.body.payments as unknown[])],
    };
    await insertBulkTemplate(db, me, { name: 'Tvær', product: 'credit-transfers', body: twice });
    await insertBulkTemplate(db, me, {
      name: 'Ekkert',
      product: 'credit-transfers',
      body: { payments: 'none' },
    });
    const listed = await listBulkTemplates(db, me);
    expect(Object.fromEntries(listed.map(({ name, payments }) => [name, payments]))).toEqual({
      Ekkert: null,
      Tvær: 2,
    });
  });
});
