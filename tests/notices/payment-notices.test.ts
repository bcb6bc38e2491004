import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/notifications/payments/[paymentId]/[token]/route';
import type { Db } from '@/lib/db';
import { paymentNotifications } from '@/lib/db/notification-schema';
import { markStatusSeen, noticeSettingsOf, paymentsChangedSince } from '@/lib/db/queries/notices';
import { bulkNameLine, bulkRecipientsOf } from '@/lib/payments/bulk-recipients';
import { recordStatus } from '@/lib/payments/history';
import { issueNotificationUri } from '@/lib/payments/notifications';
import { syncPaymentStatus } from '@/lib/payments/sync';
import { mailTo } from '../support/mailbox';
import { paymentEndWorld } from '../support/payment-end-notices';
import { waitFor } from '../webhooks/support';

const world = paymentEndWorld();
const { bankStatus, mailbox, psu, payment } = world;
let db: Db;

beforeAll(() => {
  db = world.db();
});

async function notify(paymentId: string, token: string, transactionStatus: string) {
  const request = new NextRequest(`https://app.example/api/notifications/payments/${paymentId}/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ paymentId, transactionStatus }),
  });
  return POST(request, { params: Promise.resolve({ paymentId, token }) });
}

describe('the e-mail when a payment ends', () => {
  it('is off by default: a verified PSU who did not ask gets nothing when the bank rejects a payment', async () => {
    const psuId = await psu('quiet@example.is');
    expect((await noticeSettingsOf(db, psuId)).mailOnPaymentEnd).toBe(false);
    const row = await payment(psuId);
    bankStatus.set(row.bankPaymentId ?? '', 'RJCT');
    await syncPaymentStatus(db, row, 'poll');
    expect(mailTo(mailbox, 'quiet@example.is')).toHaveLength(0);
  });

  it('goes once per payment, however many duplicate notifications and polls read the end, and a later ACCC sends nothing more', async () => {
    const psuId = await psu('once@example.is', { mail: true });
    const row = await payment(psuId);
    const token = (await issueNotificationUri(row.id)).split('/').pop() ?? '';
    bankStatus.set(row.bankPaymentId ?? '', 'ACSC');
    // Three copies of the bank's notification and three polls, all at once.
    const answers = await Promise.all([
      notify(row.id, token, 'ACSC'),
      notify(row.id, token, 'ACSC'),
      notify(row.id, token, 'ACSC'),
      syncPaymentStatus(db, row, 'poll'),
      syncPaymentStatus(db, row, 'poll'),
      syncPaymentStatus(db, row, 'poll'),
    ]);
    expect(answers.slice(0, 3).map((answer) => (answer as Response).status)).toEqual([200, 200, 200]);
    await waitFor(async () => {
      const rows = await db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.paymentId, row.id));
      return rows.length === 3 && rows.every((notification) => notification.processedAt) ? true : undefined;
    });
    // Settled on the creditor's side too: final again, but the payment ended already.
    bankStatus.set(row.bankPaymentId ?? '', 'ACCC');
    await syncPaymentStatus(db, row, 'poll');
    await syncPaymentStatus(db, row, 'notification');

    const messages = mailTo(mailbox, 'once@example.is');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toBe('Greiðsla framkvæmd');
    expect(messages[0]?.text).toContain(': 12.500\u00a0kr., viðtakandi Þórður Ævarsson.');
    expect(messages[0]?.text).toContain(
      `Sjáðu greiðsluna og kvittunina hér:\nhttps://app.example/is/payments/${row.id}`,
    );
  });

  it("speaks the payment's language, for a cancellation too", async () => {
    const psuId = await psu('english@example.is', { mail: true });
    const row = await payment(psuId, 'en');
    bankStatus.set(row.bankPaymentId ?? '', 'CANC');
    await syncPaymentStatus(db, row, 'cancellation');
    const [message] = mailTo(mailbox, 'english@example.is');
    expect(message?.subject).toBe('Payment cancelled');
    // Cancelled by the PSU, mostly: the mail does not say the bank did it.
    expect(message?.text).toContain('The payment was cancelled: ISK\u00a012,500 to Þórður Ævarsson.');
    // A cancelled payment has no receipt to point to.
    expect(message?.text).toContain('See the payment here:');
    expect(message?.text).not.toMatch(/receipt/);

    // A standing order stopped, in Icelandic: named as one, and as stopped, not as cancelled by the bank.
    const icelandic = await psu('islenska@example.is', { mail: true });
    const order = await payment(icelandic, 'is', { service: 'periodic-payments' });
    bankStatus.set(order.bankPaymentId ?? '', 'CANC');
    await syncPaymentStatus(db, order, 'cancellation');
    const [stopped] = mailTo(mailbox, 'islenska@example.is');
    expect(stopped?.subject).toBe('Föst greiðsla afturkölluð');
    // Greeted by the name the PSU gave, as a bank writes.
    expect(stopped?.text).toMatch(/^Góðan dag Próf,\n/);
    expect(message?.text).toMatch(/^Hello Próf,\n/);
    expect(stopped?.text).toContain(
      'Fasta greiðslan var afturkölluð: 12.500\u00a0kr., viðtakandi Þórður Ævarsson.',
    );
  });

  it('of a single payment the bank says it accepted in part (PART, for bulks only in spec part 3): no bulk, no receipt', async () => {
    const psuId = await psu('in-part@example.is', { mail: true });
    for (const [locale, subject, said] of [
      [
        'en',
        'Payment partly accepted',
        'Your bank says it accepted the payment only in part: ISK\u00a012,500',
      ],
      [
        'is',
        'Greiðsla samþykkt að hluta',
        'Bankinn þinn segist hafa samþykkt greiðsluna aðeins að hluta: 12.500\u00a0kr.',
      ],
    ] as const) {
      const row = await payment(psuId, locale);
      bankStatus.set(row.bankPaymentId ?? '', 'PART');
      await syncPaymentStatus(db, row, 'poll');
      const [mail] = mailTo(mailbox, 'in-part@example.is').filter((message) => message.text.includes(row.id));
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain(said);
      expect(mail?.text).not.toMatch(/receipt|kvittun/);
    }
  });

  it('of a bulk: its total, how many payments and who they pay, as the history names them; paid in part too', async () => {
    const psuId = await psu('bulk@example.is', { mail: true });
    // A bulk of krónur payments of these amounts, as the app saves one: no recipient of its own, each of its
    // payments to the account and (where given) the name of its own.
    const bulk = (
      locale: 'is' | 'en',
      amounts: number[],
      names: (string | undefined)[] = [],
      reference?: string,
    ) =>
      payment(psuId, locale, {
        service: 'bulk-payments',
        reference,
        body: {
          payments: amounts.map((amount, index) => ({
            instructedAmount: { currency: 'ISK', amount: String(amount) },
            creditorAccount: { iban: 'IS870301260012345101696399' },
            ...(names[index] ? { ultimateCreditor: names[index] } : {}),
          })),
        },
        amount: String(amounts.reduce((sum, amount) => sum + amount, 0)),
        creditorName: null,
        creditorAccount: '',
        elementCount: amounts.length,
      });
    const names = ['Guðrún Helgadóttir', 'Þórður Ólafsson', 'Guðrún Helgadóttir', 'Anna Jónsdóttir'];
    for (const [locale, subject, expected] of [
      [
        'en',
        'Bulk payment made',
        'Your bank says the bulk payment has been paid: ISK\u00a045,750 in 4 payments to Guðrún Helgadóttir, Þórður Ólafsson and one more.',
      ],
      [
        'is',
        'Fjöldagreiðsla framkvæmd',
        'Bankinn þinn segir að fjöldagreiðslan hafi verið framkvæmd: 45.750\u00a0kr. í 4 greiðslum, viðtakendur Guðrún Helgadóttir, Þórður Ólafsson og einn til viðbótar.',
      ],
    ] as const) {
      const row = await bulk(locale, [20000, 24000, 750, 1000], names);
      bankStatus.set(row.bankPaymentId ?? '', 'ACSC');
      await syncPaymentStatus(db, row, 'poll');
      const [mail] = mailTo(mailbox, 'bulk@example.is').filter((message) => message.text.includes(row.id));
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain(expected);
    }
    // Paid in part (PART): it has ended too, with a receipt for what was paid. Its payments name no one, and
    // go to one account: that account, as people write it, is who it pays.
    // A count is written as the page writes it: 1.203 in Icelandic, never 1203.
    const large = await bulk(
      'is',
      Array.from({ length: 1203 }, () => 10),
    );
    bankStatus.set(large.bankPaymentId ?? '', 'ACSC');
    await syncPaymentStatus(db, large, 'poll');
    const [largeMail] = mailTo(mailbox, 'bulk@example.is').filter((message) =>
      message.text.includes(large.id),
    );
    expect(largeMail?.text).toContain('12.030\u00a0kr. í 1.203 greiðslum, viðtakandi 0301-26-001234.');
    // The id the bulk form made is no message of the PSU's: the mail gives it no "Message" line (the list names such
    // a bulk "Bulk payment", which the mail already says); a name the PSU gave the bulk is its message.
    const partly = await bulk('en', [20000, 24000], [], 'GRD-20261207-KLRQ4TJB7UYH');
    bankStatus.set(partly.bankPaymentId ?? '', 'PART');
    await syncPaymentStatus(db, partly, 'poll');
    const [mail] = mailTo(mailbox, 'bulk@example.is').filter((message) => message.text.includes(partly.id));
    expect(mail?.subject).toBe('Bulk payment partly accepted');
    expect(mail?.text).toContain(
      'Your bank accepted some of the payments and rejected the others: ISK\u00a044,000 in 2 payments to 0301-26-001234.',
    );
    expect(mail?.text).toContain('See the payment and its receipt here:');
    expect(mail?.text).not.toContain('GRD-');
    expect(mail?.text).not.toContain('Message:');
    // One recipient in Icelandic: "viðtakandi", as for a single payment.
    const one = await bulk('is', [5000, 2500], ['Guðrún Helgadóttir', 'Guðrún Helgadóttir'], 'Laun desember');
    bankStatus.set(one.bankPaymentId ?? '', 'RJCT');
    await syncPaymentStatus(db, one, 'poll');
    const [rejected] = mailTo(mailbox, 'bulk@example.is').filter((message) => message.text.includes(one.id));
    expect(rejected?.text).toContain(
      'Bankinn þinn hafnaði fjöldagreiðslunni: 7.500\u00a0kr. í 2 greiðslum, viðtakandi Guðrún Helgadóttir.\n\nSkilaboð: Laun desember\n',
    );
  });

  it('of a payment to an account without a name: the account as people write it, not its IBAN', async () => {
    const psuId = await psu('noname@example.is', { mail: true });
    const row = await payment(psuId, 'is', { creditorName: null });
    bankStatus.set(row.bankPaymentId ?? '', 'ACSC');
    await syncPaymentStatus(db, row, 'poll');
    const [mail] = mailTo(mailbox, 'noname@example.is');
    expect(mail?.text).toContain(': 12.500\u00a0kr., viðtakandi 0159-26-007654.');
    expect(mail?.text).not.toContain('IS14');
  });

  it('ends its sentence once where the name ends in a full stop of its own, as "ehf." does', async () => {
    const psuId = await psu('company@example.is', { mail: true });
    const row = await payment(psuId, 'is', { creditorName: 'Leigusali ehf.' });
    bankStatus.set(row.bankPaymentId ?? '', 'ACSC');
    await syncPaymentStatus(db, row, 'poll');
    const [mail] = mailTo(mailbox, 'company@example.is');
    expect(mail?.text).toContain(': 12.500\u00a0kr., viðtakandi Leigusali ehf.\n');
    expect(mail?.text).not.toContain('ehf..');
  });

  it('says the day it was paid on and the reference the PSU gave it; a rejected payment has no pay day', async () => {
    const psuId = await psu('dates@example.is', { mail: true });
    const dated = await payment(psuId, 'is', {
      body: { requestedExecutionDate: '2026-12-10' },
      reference: 'Leiga desember',
    });
    bankStatus.set(dated.bankPaymentId ?? '', 'ACSC');
    await syncPaymentStatus(db, dated, 'poll');
    const english = await payment(psuId, 'en', { body: { requestedExecutionDate: '2027-01-04' } });
    bankStatus.set(english.bankPaymentId ?? '', 'ACSC');
    await syncPaymentStatus(db, english, 'poll');
    const rejected = await payment(psuId, 'is', { reference: 'Rafmagn' });
    // A bill's payment carries its claim id: told as the claim number people read.
    const bill = await payment(psuId, 'is', { reference: '5101696399013066000123+20261215' });
    bankStatus.set(bill.bankPaymentId ?? '', 'ACSC');
    await syncPaymentStatus(db, bill, 'poll');
    bankStatus.set(rejected.bankPaymentId ?? '', 'RJCT');
    await syncPaymentStatus(db, rejected, 'poll');
    const mailOf = (id: string) =>
      mailTo(mailbox, 'dates@example.is').find((message) => message.text.includes(id))?.text ?? '';
    expect(mailOf(dated.id)).toContain(
      '12.500\u00a0kr., viðtakandi Þórður Ævarsson.\n\nGreiðsludagur: 10.\u00a0des.\u00a02026\nSkilaboð: Leiga desember\n\nSjáðu',
    );
    expect(mailOf(english.id)).toContain('Payment date: 4\u00a0Jan\u00a02027\n\nSee the payment');
    expect(mailOf(rejected.id)).toContain('viðtakandi Þórður Ævarsson.\n\nSkilaboð: Rafmagn\n\nSjáðu');
    expect(mailOf(rejected.id)).not.toContain('Greiðsludagur');
    expect(mailOf(bill.id)).toContain('\nSkilaboð: Greiðsla kröfu nr. 0130-66-000123\n');
  });

  it('goes only to a verified address, and not for a status that is no end', async () => {
    const unverified = await psu('unverified@example.is', { verified: false, mail: true });
    const first = await payment(unverified);
    bankStatus.set(first.bankPaymentId ?? '', 'ACSC');
    await syncPaymentStatus(db, first, 'poll');
    expect(mailTo(mailbox, 'unverified@example.is')).toHaveLength(0);

    const psuId = await psu('running@example.is', { mail: true });
    const running = await payment(psuId);
    bankStatus.set(running.bankPaymentId ?? '', 'ACSP');
    await syncPaymentStatus(db, running, 'poll');
    expect(mailTo(mailbox, 'running@example.is')).toHaveLength(0);
  });
});

describe('status notices since the last visit', () => {
  it("names each of the PSU's changed payments once, with its latest status and how many steps it took, never the initiation's", async () => {
    const mine = await psu('notices@example.is');
    const row = await payment(mine);
    await recordStatus(db, row.id, 'RCVD', 'initiation');
    await recordStatus(db, row.id, 'ACSP', 'redirect');
    await recordStatus(db, row.id, 'ACSC', 'notification');
    const other = await payment(mine);
    await recordStatus(db, other.id, 'RJCT', 'poll');
    const changes = await paymentsChangedSince(db, mine, 0, 10);
    expect(
      changes.map(({ paymentId, transactionStatus, steps }) => ({ paymentId, transactionStatus, steps })),
    ).toEqual([
      { paymentId: other.id, transactionStatus: 'RJCT', steps: 1 },
      { paymentId: row.id, transactionStatus: 'ACSC', steps: 2 },
    ]);
    expect(changes.map((change) => change.changedPayments)).toEqual([2, 2]);
    // One line per payment however many are shown: the count says how many more there are.
    const [newest] = await paymentsChangedSince(db, mine, 0, 1);
    expect(newest).toMatchObject({ paymentId: other.id, changedPayments: 2 });

    await markStatusSeen(db, mine, changes[1]?.eventId ?? 0);
    expect(
      (await paymentsChangedSince(db, mine, (await noticeSettingsOf(db, mine)).statusSeenThrough, 10)).map(
        (change) => [change.paymentId, change.steps],
      ),
    ).toEqual([[other.id, 1]]);
    // The mark never goes back.
    await markStatusSeen(db, mine, 0);
    expect((await noticeSettingsOf(db, mine)).statusSeenThrough).toBe(changes[1]?.eventId);
  });

  it('tells a payment the PSU declined at the bank from one the bank rejected', async () => {
    const { declinedAtBank } = await import('@/lib/payments/outcome');
    const mine = await psu('declined-notices@example.is');
    const declined = await payment(mine, 'is', {
      sca: { scaStatus: 'failed', links: {}, initiationLinks: {} },
    });
    await recordStatus(db, declined.id, 'RJCT', 'redirect');
    const rejected = await payment(mine);
    await recordStatus(db, rejected.id, 'RJCT', 'poll');
    const changes = await paymentsChangedSince(db, mine, 0, 10);
    const told = (id: string) => {
      const change = changes.find((candidate) => candidate.paymentId === id);
      return change && declinedAtBank(change.transactionStatus, change.scaStatus);
    };
    expect(told(declined.id)).toBe(true);
    expect(told(rejected.id)).toBe(false);
  });

  it("carries a bulk's payments, to say who it pays, and no other payment's body", async () => {
    const mine = await psu('bulk-notices@example.is');
    const single = await payment(mine, 'is', { body: { remittanceInformationUnstructured: 'Leiga' } });
    const payments = [
      { creditorAccount: { iban: 'IS870301260012345101696399' }, ultimateCreditor: 'Guðrún Helgadóttir' },
      { creditorAccount: { iban: 'IS140159260076545510730339' } },
    ];
    const bulk = await payment(mine, 'is', {
      service: 'bulk-payments',
      body: { payments },
      creditorName: null,
      creditorAccount: '',
      elementCount: 2,
    });
    await recordStatus(db, single.id, 'ACSC', 'poll');
    await recordStatus(db, bulk.id, 'ACSC', 'poll');
    const [bulkChange, singleChange] = await paymentsChangedSince(db, mine, 0, 10);
    expect(singleChange).toMatchObject({ paymentId: single.id, bulkBody: null });
    expect(bulkChange).toMatchObject({ paymentId: bulk.id, bulkBody: { payments } });
    const line = bulkNameLine(
      bulkRecipientsOf({ body: bulkChange?.bulkBody ?? {}, bulkResults: bulkChange?.bulkResults ?? null }),
      bulkChange?.elementCount ?? 0,
      'is',
      { more: (_others, shown) => `og ${shown} til viðbótar`, count: (count) => `${count} greiðslur` },
    );
    expect(line).toBe('Guðrún Helgadóttir og 0159-26-007654 (2 greiðslur)');
  });

  it("shows a stranger none of another PSU's changes, and a stranger's mark hides nothing of theirs", async () => {
    const owner = await psu('owner@example.is');
    const stranger = await psu('stranger@example.is');
    const row = await payment(owner);
    await recordStatus(db, row.id, 'RJCT', 'poll');
    expect(await paymentsChangedSince(db, stranger, 0, 10)).toEqual([]);

    // A stranger who sends a mark past everything gets one no further than their own newest change (none).
    await markStatusSeen(db, stranger, Number.MAX_SAFE_INTEGER);
    expect((await noticeSettingsOf(db, stranger)).statusSeenThrough).toBe(0);
    // Nor does the number of the owner's own change, which is no event of the stranger's.
    const [ownerChange] = await paymentsChangedSince(db, owner, 0, 10);
    await markStatusSeen(db, stranger, ownerChange?.eventId ?? 0);
    expect((await noticeSettingsOf(db, stranger)).statusSeenThrough).toBe(0);
    const ownerChanges = await paymentsChangedSince(
      db,
      owner,
      (await noticeSettingsOf(db, owner)).statusSeenThrough,
      10,
    );
    expect(ownerChanges.map((change) => change.paymentId)).toEqual([row.id]);
  });
});
