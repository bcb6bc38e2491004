import { describe, expect, it } from 'vitest';
import { syncPaymentStatus } from '@/lib/payments/sync';
import { mailTo } from '../support/mailbox';
import { paymentEndWorld } from '../support/payment-end-notices';

/**
 * What the payment-end mail says beyond that the payment ended: what the bank rejected of a bulk it paid in part,
 * and which standing order ended, by the PSU's own name for it and its schedule.
 */
const world = paymentEndWorld();
const { bankStatus, bankInformation, mailbox, psu, payment } = world;
const db = () => world.db();

const ACCOUNT = 'IS870301260012345101696399';

/** A bulk of krónur payments to one account, each to the name given for it (where one is). */
function bulk(psuId: string, locale: 'is' | 'en', lines: { amount: number; name?: string }[]) {
  return payment(psuId, locale, {
    service: 'bulk-payments',
    body: {
      payments: lines.map(({ amount, name }) => ({
        instructedAmount: { currency: 'ISK', amount: String(amount) },
        creditorAccount: { iban: ACCOUNT },
        ...(name ? { ultimateCreditor: name } : {}),
      })),
    },
    amount: String(lines.reduce((sum, line) => sum + line.amount, 0)),
    creditorName: null,
    creditorAccount: '',
    elementCount: lines.length,
  });
}

/**
 * The bank's payment information of that bulk (spec 2.6): the payments at `rejected` with their errors (IOBWS 3.2),
 * or rejected with no reason (RJCT, where it gives none).
 */
function bankSays(lines: { amount: number }[], rejected: Record<number, string[]>) {
  return {
    payments: lines.map(({ amount }, index) => ({
      creditorAccount: { iban: ACCOUNT },
      instructedAmount: { currency: 'ISK', amount: String(amount) },
      ...(rejected[index]?.length
        ? { errors: { tppMessages: rejected[index].map((code) => ({ category: 'ERROR', code })) } }
        : rejected[index]
          ? { transactionStatus: 'RJCT' }
          : {}),
    })),
  };
}

describe('the mail when a bulk ends paid in part (PART)', () => {
  const lines = [
    { amount: 20000, name: 'Guðrún Helgadóttir' },
    { amount: 24000, name: 'Þórður Ólafsson' },
    { amount: 750, name: 'Anna Jónsdóttir' },
    { amount: 1000 },
    { amount: 500, name: 'Jón Jónsson' },
    { amount: 250, name: 'Sigrún Pálsdóttir' },
  ];
  // The bank rejected five of the six: the mail names three of them, and says how many more.
  const rejected = {
    1: ['CREDITOR_ACCOUNT_NOT_FOUND'],
    2: [],
    3: ['CREDITOR_ACCOUNT_NOT_FOUND'],
    4: ['CREDITOR_ACCOUNT_NOT_FOUND'],
    5: ['CREDITOR_ACCOUNT_NOT_FOUND'],
  };

  it('says what was paid and what the bank rejected, whom it did not pay and why, and points to the page', async () => {
    const psuId = await psu('part@example.is', { mail: true });
    for (const [locale, expected] of [
      [
        'is',
        [
          'Af reikningnum þínum: 20.000\u00a0kr. (1 greiðsla)',
          'Hafnað af bankanum: 26.500\u00a0kr. (5 greiðslur)',
          'Ekki greitt:',
          '– Þórður Ólafsson, 24.000\u00a0kr.: Reikningur viðtakanda fannst ekki. Athugaðu reikningsnúmerið.',
          '– Anna Jónsdóttir, 750\u00a0kr.: Bankinn gaf ekki upp ástæðu.',
          '– 0301-26-001234, 1.000\u00a0kr.: Reikningur viðtakanda fannst ekki. Athugaðu reikningsnúmerið.',
          '– og 2 til viðbótar',
          '',
          'Sjáðu greiðsluna og kvittunina hér:',
        ],
      ],
      [
        'en',
        [
          'From your account: ISK\u00a020,000 (1 payment)',
          'Rejected by your bank: ISK\u00a026,500 (5 payments)',
          'Not paid:',
          '– Þórður Ólafsson, ISK\u00a024,000: The recipient’s account was not found. Check the account number.',
          '– Anna Jónsdóttir, ISK\u00a0750: Your bank gave no reason.',
          '– 0301-26-001234, ISK\u00a01,000: The recipient’s account was not found. Check the account number.',
          '– and 2 more',
          '',
          'See the payment and its receipt here:',
        ],
      ],
    ] as const) {
      const row = await bulk(psuId, locale, lines);
      bankStatus.set(row.bankPaymentId ?? '', 'PART');
      bankInformation.set(row.bankPaymentId ?? '', bankSays(lines, rejected));
      await syncPaymentStatus(db(), row, 'poll');
      const [mail] = mailTo(mailbox, 'part@example.is').filter((message) => message.text.includes(row.id));
      expect(mail?.text).toContain(`\n${expected.join('\n')}\n`);
    }
  });

  it('names no one where the bank said nothing of each payment', async () => {
    const psuId = await psu('part-silent@example.is', { mail: true });
    const row = await bulk(psuId, 'is', lines.slice(0, 2));
    bankStatus.set(row.bankPaymentId ?? '', 'PART');
    await syncPaymentStatus(db(), row, 'poll');
    const [mail] = mailTo(mailbox, 'part-silent@example.is');
    expect(mail?.text).toContain('Bankinn þinn samþykkti sumar greiðslurnar og hafnaði hinum');
    expect(mail?.text).not.toMatch(/Hafnað af bankanum|Ekki greitt/);
  });
});

describe('the mail when a standing order ends', () => {
  const body = { startDate: '2026-12-01', endDate: '2027-11-30', frequency: 'Monthly', dayOfExecution: '1' };

  it('names it by the name the PSU gave it, and gives its amount and schedule', async () => {
    const psuId = await psu('standing@example.is', { mail: true });
    for (const [locale, label, said, schedule] of [
      [
        'is',
        'Húsaleiga',
        'Fasta greiðslan „Húsaleiga“ var afturkölluð: 12.500\u00a0kr., viðtakandi Þórður Ævarsson.',
        'Áætlun: Frá 1.\u00a0des.\u00a02026 til 30.\u00a0nóv.\u00a02027 · Mánaðarlega · 1.\u00a0dag mánaðar',
      ],
      [
        'en',
        'Rent',
        'The standing order “Rent” was cancelled: ISK\u00a012,500 to Þórður Ævarsson.',
        'Schedule: From 1\u00a0Dec\u00a02026 until 30\u00a0Nov\u00a02027 · Monthly · on day 1 of the month',
      ],
    ] as const) {
      const order = await payment(psuId, locale, { service: 'periodic-payments', label, body });
      bankStatus.set(order.bankPaymentId ?? '', 'CANC');
      await syncPaymentStatus(db(), order, 'cancellation');
      const [mail] = mailTo(mailbox, 'standing@example.is').filter((message) =>
        message.text.includes(order.id),
      );
      expect(mail?.text).toContain(`${said}\n\n${schedule}\n`);
    }
  });

  it('without a name of its own: as a standing order, with its schedule; rejected by the bank too', async () => {
    const psuId = await psu('standing-unnamed@example.is', { mail: true });
    const order = await payment(psuId, 'is', { service: 'periodic-payments', body });
    bankStatus.set(order.bankPaymentId ?? '', 'RJCT');
    await syncPaymentStatus(db(), order, 'poll');
    const [mail] = mailTo(mailbox, 'standing-unnamed@example.is');
    expect(mail?.text).toContain(
      'Bankinn þinn hafnaði föstu greiðslunni: 12.500\u00a0kr., viðtakandi Þórður Ævarsson.\n\nÁætlun: Frá 1.\u00a0des.\u00a02026 til 30.\u00a0nóv.\u00a02027',
    );
  });
});
