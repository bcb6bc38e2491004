import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BulkPaymentWireSchema,
  PeriodicPaymentWireSchema,
  SinglePaymentWireSchema,
} from '@/lib/payments/schemas';
import { BulkPaymentSchema } from '@/lib/payments/schemas/bulk-payment';
import { PeriodicPaymentSchema } from '@/lib/payments/schemas/periodic-payment';
import { SinglePaymentSchema } from '@/lib/payments/schemas/single-payment';
import { bulkPayment, periodicPayment, singlePayment } from './arbitraries';
import { type ContractSchemaName, contractAvailable, contractValidator } from './contract';

const KINDS = [
  ['SinglePaymentInitiation', SinglePaymentSchema, SinglePaymentWireSchema, singlePayment],
  ['PeriodicPaymentInitiation', PeriodicPaymentSchema, PeriodicPaymentWireSchema, periodicPayment],
  ['BulkPaymentInitiation', BulkPaymentSchema, BulkPaymentWireSchema, bulkPayment],
] as const;

// Every element of a bulk has the same bounds, so the one-change check needs only one of them.
const oneElementBulk = bulkPayment.map((body) => ({ ...body, payments: body.payments.slice(0, 1) }));

const LENGTHS = [1, 2, 3, 4, 35, 36, 70, 71, 140, 141];

// Values tried at every position of a valid body: each bound's edge, wrong types, and near misses.
const NASTY: unknown[] = [
  null,
  '',
  ...LENGTHS.map((n) => 'x'.repeat(n)),
  ...LENGTHS.map((n) => '😀'.repeat(n)),
  0,
  1.5,
  true,
  [],
  {},
  [{ reference: 'r' }],
  { country: 'IS' },
  { bban: '1' },
  'IS14',
  'IS140159260076545510730338',
  'is140159260076545510730339',
  '1',
  '01',
  '31',
  '32',
  'EUR',
  'eur',
  'EURO',
  '12.345',
  '12.3456',
  '1.5',
  '-0',
  '0',
  '123456789012345',
  '2020-01-01T00:00:00Z',
  '2099-01-01T00:00:00Z',
  '2099-01-01',
  '2099-02-30T00:00:00Z',
  '2099-01-01T00:00:00+24:00',
  'not-a-date',
  'a\nb',
  'ABCDEFGH\nx',
  '123456******1234',
  'following',
  'Monthly',
  'DEBT',
];

type Json = Record<string | number, unknown>;

function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Json);
  return [prefix, ...entries.flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k]).slice(1)])];
}

/** Every body that differs from `body` by one value replaced, one key removed or one unknown key added. */
function* variants(body: unknown): Generator<unknown> {
  for (const path of paths(body)) {
    const at = (copy: unknown) => {
      let node = copy;
      for (const key of path) node = (node as Json)[key];
      return node;
    };
    const target = at(body);
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      const copy = structuredClone(body);
      (at(copy) as Json).unexpected = 'x';
      yield copy;
    }
    if (path.length === 0) continue;
    const parentPath = path.slice(0, -1);
    const last = path[path.length - 1] as string | number;
    const parentOf = (copy: unknown) => {
      let node = copy;
      for (const key of parentPath) node = (node as Json)[key];
      return node as Json;
    };
    if (!Array.isArray(parentOf(body))) {
      const copy = structuredClone(body);
      delete parentOf(copy)[last];
      yield copy;
    }
    for (const value of NASTY) {
      const copy = structuredClone(body);
      parentOf(copy)[last] = structuredClone(value);
      yield copy;
    }
  }
}

describe.runIf(contractAvailable())('form schemas never accept what contract/pis.yaml rejects', () => {
  for (const [name, form, wire, arbitrary] of KINDS) {
    it(`${name}: generated valid bodies pass the form, the wire schema and the contract`, () => {
      const validate = contractValidator(name as ContractSchemaName);
      fc.assert(
        fc.property(arbitrary, (body) => {
          const formResult = form.safeParse(body);
          expect(formResult.error?.issues ?? []).toEqual([]);
          expect(wire.safeParse(body).success).toBe(true);
          expect(validate(body) ? [] : validate.errors).toEqual([]);
        }),
        { numRuns: 300 },
      );
    });

    it(`${name}: whenever the form accepts a body one change away from a valid one, so does the contract`, () => {
      const validate = contractValidator(name as ContractSchemaName);
      let accepted = 0;
      fc.assert(
        fc.property(name === 'BulkPaymentInitiation' ? oneElementBulk : arbitrary, (original) => {
          for (const body of variants(original)) {
            if (!form.safeParse(body).success) continue;
            accepted++;
            expect(validate(body) ? [] : validate.errors).toEqual([]);
          }
        }),
        { numRuns: 15 },
      );
      // The check is only meaningful if some changes keep the body valid.
      expect(accepted).toBeGreaterThan(0);
    });
  }
});
