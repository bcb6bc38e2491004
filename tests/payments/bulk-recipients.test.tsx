import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkRecipients } from '@/components/payments/bulk-recipients';
import { PaymentStorySection } from '@/components/payments/payment-story';
import {
  bulkOverviewOf,
  bulkRecipients,
  bulkRecipientsOf,
  recipientsToName,
} from '@/lib/payments/bulk-recipients';
import { paymentInWords } from '@/lib/payments/export-words';
import { buildReceipt } from '@/lib/payments/receipt';
import type { StoryBulkLine } from '@/lib/payments/story';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// The payment's view names banks by the directory, which reads the app's settings.
beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'bulk-recipients-secret-bulk-recipients-01');
});

// A bulk's row in the history says who it pays: its first recipients by name (by account where a payment has
// no name), each once, and how many others.

const line = (position: number, name: string | null, account: string | null): StoryBulkLine => ({
  position,
  account,
  name,
  amount: '1000',
  currency: 'ISK',
  message: null,
  status: null,
  errorCodes: [],
});

describe('a bulk’s recipients', () => {
  it('names the first two in the order entered, each once, and counts the others', () => {
    const lines = [
      line(1, 'Guðrún Helgadóttir', 'IS870301260012345101696399'),
      line(2, 'Guðrún Helgadóttir', 'IS870301260012345101696399'),
      line(3, ' Þórður Ólafsson ', 'IS140159260076545510730339'),
      line(4, null, 'IS500115260001234560101013'),
      line(5, 'Anna Jónsdóttir', null),
    ];
    expect(bulkRecipients(lines)).toEqual({
      shown: [
        { name: 'Guðrún Helgadóttir', account: null },
        { name: 'Þórður Ólafsson', account: null },
      ],
      others: 2,
    });
  });

  it('names a payment without a name by its account, and one with neither not at all', () => {
    expect(bulkRecipients([line(1, '', 'IS500115260001234560101013'), line(2, null, null)])).toEqual({
      shown: [{ name: null, account: 'IS500115260001234560101013' }],
      others: 0,
    });
  });

  it('shows and counts every distinct recipient exactly once, whatever the bulk holds', () => {
    const names = fc.constantFrom('Guðrún', 'Þórður', 'Anna', ' Anna', '', null);
    const accounts = fc.constantFrom('IS870301260012345101696399', 'IS140159260076545510730339', null);
    fc.assert(
      fc.property(fc.array(fc.tuple(names, accounts), { maxLength: 40 }), fc.nat(4), (pairs, shown) => {
        const lines = pairs.map(([name, account], index) => line(index + 1, name, account));
        const result = bulkRecipients(lines, shown);
        const distinct = new Set(
          pairs.flatMap(([name, account]) =>
            name?.trim() ? [`n:${name.trim()}`] : account ? [`a:${account}`] : [],
          ),
        );
        expect(result.shown.length).toBe(Math.min(shown, distinct.size));
        expect(result.shown.length + result.others).toBe(distinct.size);
        const keys = result.shown.map((r) => (r.name ? `n:${r.name}` : `a:${r.account}`));
        expect(keys).toEqual([...distinct].slice(0, shown));
      }),
    );
  });
});

describe('a bulk’s row in the history', () => {
  const element = (name: string | null, iban: string) => ({
    creditorAccount: { iban },
    instructedAmount: { currency: 'ISK', amount: '1000' },
    ...(name ? { ultimateCreditor: name } : {}),
  });
  const bulk = (elements: ReturnType<typeof element>[]) =>
    toPaymentView(
      paymentRow({
        service: 'bulk-payments',
        creditorName: null,
        creditorAccount: '',
        elementCount: elements.length,
        body: { paymentInformationId: 'laun-des', payments: elements },
      }),
      [],
    );
  const row = (locale: 'is' | 'en', view: ReturnType<typeof bulk>) =>
    renderIn(
      locale,
      <BulkRecipients recipients={bulkRecipients(view.story.bulk ?? [])} count={view.elementCount ?? 0} />,
      ['payments'],
    )
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  it('gives its id at the bank as the bulk payment ID the form made, never as the PSU’s own reference', () => {
    const view = bulk([element('Guðrún Helgadóttir', 'IS870301260012345101696399')]);
    expect(view.story.ownReference).toBeNull();
    const page = (locale: 'is' | 'en') =>
      renderIn(locale, <PaymentStorySection payment={view} />)
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
    expect(page('is')).toContain('Auðkenni fjöldagreiðslu laun-des');
    expect(page('is')).not.toContain('Tilvísun þín');
    expect(page('en')).toContain('Bulk payment ID laun-des');
    const receipt = buildReceipt(
      paymentRow({ service: 'bulk-payments', body: { paymentInformationId: 'laun-des', payments: [] } }),
      [],
      'is',
      new Date(),
    );
    expect(receipt.lines.find((line) => line.key === 'bulkId')).toMatchObject({
      label: 'Auðkenni fjöldagreiðslu',
      value: 'laun-des',
    });
  });

  it('says who it pays and how many payments it holds, in the page’s language', () => {
    const view = bulk([
      element('Guðrún Helgadóttir', 'IS870301260012345101696399'),
      element('Þórður Ólafsson', 'IS870301260012345101696399'),
      element(null, 'IS140159260076545510730339'),
      ...Array.from({ length: 1200 }, () => element('Guðrún Helgadóttir', 'IS870301260012345101696399')),
    ]);
    expect(row('is', view)).toBe('Guðrún Helgadóttir, Þórður Ólafsson og einn til viðbótar 1.203 greiðslur');
    expect(row('en', view)).toBe('Guðrún Helgadóttir, Þórður Ólafsson and one more 1,203 payments');
  });

  it('names an unnamed recipient by the account as people know it', () => {
    const view = bulk([
      element(null, 'IS140159260076545510730339'),
      element(null, 'IS140159260076545510730339'),
    ]);
    expect(row('is', view)).toBe('0159-26-007654 2 greiðslur');
  });

  it('never breaks an account number across lines, while a name may wrap', () => {
    const view = bulk([
      element('Guðrún Helgadóttir', 'IS870301260012345101696399'),
      element(null, 'IS140159260076545510730339'),
    ]);
    const html = renderIn(
      'is',
      <BulkRecipients recipients={bulkRecipients(view.story.bulk ?? [])} count={2} />,
      ['payments'],
    );
    expect(html).toContain('Guðrún Helgadóttir og <span class="whitespace-nowrap">0159-26-007654</span>');
  });
});

describe('which payments a list names by their recipients', () => {
  it('is a bulk of several payments, or of one with a name; never any other payment', () => {
    const named = line(1, 'Guðrún Helgadóttir', 'IS870301260012345101696399');
    const unnamed = line(1, null, 'IS870301260012345101696399');
    const both = bulkRecipients([named, unnamed]);
    expect(recipientsToName(both, 2)).toBe(both);
    // Two payments to one account without a name: one recipient, but a bulk of two is named by it.
    const sameAccount = bulkRecipients([unnamed, { ...unnamed, position: 2 }]);
    expect(recipientsToName(sameAccount, 2)).toBe(sameAccount);
    expect(recipientsToName(bulkRecipients([named]), 1)).toEqual(bulkRecipients([named]));
    expect(recipientsToName(bulkRecipients([unnamed]), 1)).toBeNull();
    expect(recipientsToName(null, null)).toBeNull();
  });
});

describe('a bulk’s overview, kept when it is saved for the lists to read instead of its payments', () => {
  const element = (name: string | null, currency: string, amount: string) => ({
    creditorAccount: { iban: 'IS870301260012345101696399' },
    instructedAmount: { currency, amount },
    ...(name ? { ultimateCreditor: name } : {}),
  });

  it('says what its payments say: the amounts by currency and who they pay', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.constantFrom(null, 'Guðrún Helgadóttir', 'Þórður Ólafsson', ' Anna ', 'Anna', 'Jón'),
            currency: fc.constantFrom('ISK', 'EUR', 'USD'),
            amount: fc.constantFrom('1', '1000', '12.50', '0.01', '999999'),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (elements) => {
          const body = { payments: elements.map((e) => element(e.name, e.currency, e.amount)) };
          const bulk = paymentRow({ service: 'bulk-payments', body, elementCount: elements.length });
          const overview = bulkOverviewOf(bulk);
          // Read back as a list reads a bulk: without its payments, with its overview.
          const listed = { ...bulk, body: {}, listOverview: overview };
          expect(toPaymentView(listed, []).amounts).toEqual(toPaymentView(bulk, []).amounts);
          expect(bulkRecipientsOf(listed)).toEqual(bulkRecipientsOf(bulk));
        },
      ),
    );
  });

  it('adds up each currency apart, in the order the PSU entered them', () => {
    const body = {
      payments: [
        element('Anna', 'EUR', '12.50'),
        element(null, 'ISK', '1000'),
        element('Jón', 'EUR', '0.50'),
      ],
    };
    expect(bulkOverviewOf({ body, amount: '13', currency: 'EUR' }).amounts).toEqual([
      { amount: '13.00', currency: 'EUR' },
      { amount: '1000', currency: 'ISK' },
    ]);
  });
});

describe('a bulk in the exports (the CSV for Excel, the PDF statement)', () => {
  const exported = (names: (string | null)[], locale: 'is' | 'en') =>
    paymentInWords(
      paymentRow({
        service: 'bulk-payments',
        creditorName: null,
        // As the bulk's action keeps it: the one payment's account, else none.
        creditorAccount: names.length === 1 ? 'IS870301260012345101696399' : '',
        elementCount: names.length,
        body: {
          paymentInformationId: 'laun-des',
          payments: names.map((name, index) => ({
            creditorAccount: {
              iban: index % 2 ? 'IS140159260076545510730339' : 'IS870301260012345101696399',
            },
            instructedAmount: { currency: 'ISK', amount: '1000' },
            ...(name ? { ultimateCreditor: name } : {}),
          })),
        },
      }),
      locale,
    );

  it('names who it pays, as the history does, and how many payments it holds', () => {
    const names = ['Guðrún Helgadóttir', 'Þórður Ólafsson', 'Anna Jónsdóttir'];
    expect(exported(names, 'is').name).toBe(
      'Guðrún Helgadóttir, Þórður Ólafsson og einn til viðbótar (3 greiðslur)',
    );
    // Two or more others by the number.
    expect(exported([...names, 'Ása Sigurðardóttir'], 'is').name).toBe(
      'Guðrún Helgadóttir, Þórður Ólafsson og 2 til viðbótar (4 greiðslur)',
    );
    expect(exported(names, 'en').name).toBe('Guðrún Helgadóttir, Þórður Ólafsson and one more (3 payments)');
    expect(exported([null, null], 'is').name).toBe('0301-26-001234 og 0159-26-007654 (2 greiðslur)');
    // Where the names shown are all, the last is joined with "og" / "and", as a sentence lists them.
    expect(exported(names.slice(0, 2), 'is').name).toBe(
      'Guðrún Helgadóttir og Þórður Ólafsson (2 greiðslur)',
    );
    expect(exported(names.slice(0, 2), 'en').name).toBe(
      'Guðrún Helgadóttir and Þórður Ólafsson (2 payments)',
    );
  });

  it('leaves a bulk of one payment without a name to its account, as a single payment', () => {
    const one = exported([null], 'is');
    expect(one.name).toBe('');
    expect(one.account).toBe('0301-26-001234');
  });
});
