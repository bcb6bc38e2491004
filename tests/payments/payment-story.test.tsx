import { randomUUID } from 'node:crypto';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BulkResultsSection } from '@/components/payments/bulk-results';
import { StatusExplain } from '@/components/payments/payment-status-view';
import { dayReason, PaymentStorySection } from '@/components/payments/payment-story';
import { formatDate } from '@/lib/format';
import { adjustToBankingDay, closedDayOf, todayInReykjavik } from '@/lib/payments/calendar';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import storyEn from '@/messages/story/en.json';
import storyIs from '@/messages/story/is.json';
import { CREDITOR } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { advanceSandboxClock, bankPayments, eventually } from '@/tests/support/sandbox-admin';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

/**
 * A payment's page tells what the bank knows, read back from it (payment spec 2.6): the day asked for
 * and the day the bank pays on. A forward-dated payment for 24 December (aðfangadagur, a bank holiday)
 * is accepted with a change (ACWC, spec part 3: "a change will be made, such as date"): the sandbox bank
 * reads back the next banking day (an extra: spec 2.6 does not say which day it holds), and the page says
 * in words what moved and why; a bank that says ACWC without the day gets "accepted with a change".
 */

const JON_MAIN = 'IS140159260076545510730339';
const SELF = /^\/psd2\/api\/v1\/payments\/credit-transfers\/[^/]+$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'payment-story-secret-payment-story-secret-01' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/** The next 24 December at least a day ahead: a bank holiday whatever the year. */
function nextChristmasEve(): string {
  const today = todayInReykjavik();
  const year = Number(today.slice(0, 4));
  return today < `${year}-12-23` ? `${year}-12-24` : `${year + 1}-12-24`;
}

const messages = { is: { ...is, ...storyIs }, en: { ...en, ...storyEn } };

function render(locale: 'is' | 'en', node: ReactNode): string {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Atlantic/Reykjavik">
      {node}
    </NextIntlClientProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

/** A payment of Jón's for `date`, confirmed at the bank, and carried to ACWC on the bank's clock. */
async function movedPayment(date: string) {
  const outcome = await app.initiation.initiateOnce({
    psuId: app.psuId,
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: JON_MAIN },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '12500' },
      remittanceInformationUnstructured: 'Jólagjöf',
      requestedExecutionDate: `${date}T00:00:00Z`,
    },
    scaLanguage: 'is',
    uiLocale: 'is',
    summary: {
      amount: '12500',
      currency: 'ISK',
      creditorAccount: CREDITOR,
      creditorName: 'Guðrún Helgadóttir',
    },
    psuIpAddress: '10.20.30.40',
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  await decideAtBank(outcome.redirectTo, 'approve');
  await advanceSandboxClock(app.sandbox.url, 5);
  const bankId = (await app.payment(outcome.paymentId)).bankPaymentId;
  await eventually(
    async () =>
      (await bankPayments(app.sandbox.url)).find(
        (p) => p.paymentId === bankId && p.transactionStatus === 'ACWC',
      ),
    15_000,
    'the bank to accept the payment with a change',
  );
  return outcome.paymentId;
}

async function read(id: string) {
  await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
  return app.payment(id);
}

const selfReads = () => app.proxy.bankCalls().filter((call) => call.method === 'GET' && SELF.test(call.path));

describe('a forward-dated payment the bank moved off a bank holiday', () => {
  it('shows the day asked for, the day the bank pays on, and why, in Icelandic and English', async () => {
    const asked = nextChristmasEve();
    const moved = adjustToBankingDay(asked);
    expect(moved).not.toBe(asked);
    const id = await movedPayment(asked);
    const payment = await read(id);
    expect(payment.transactionStatus).toBe('ACWC');
    expect(payment.bankDetails).toMatchObject({
      status: 'ACWC',
      requestedExecutionDate: moved,
    });
    // Read once for that status: another reading of ACWC does not read the payment again.
    expect(selfReads()).toHaveLength(1);
    await read(id);
    expect(selfReads()).toHaveLength(1);

    const view = app.view.toPaymentView(payment, []);
    expect(view.story).toMatchObject({
      requestedDate: asked,
      bankDate: moved,
      change: 'date',
      message: 'Jólagjöf',
      from: { account: JON_MAIN },
      to: { account: CREDITOR, name: 'Guðrún Helgadóttir' },
    });
    expect(view.story.from.name).toBeTruthy();
    const year = asked.slice(0, 4);
    const icelandic = render('is', <PaymentStorySection payment={view} />);
    expect(icelandic).toContain(
      `Bankinn breytti greiðsludeginum: þú baðst um fim., 24. des. ${year}`.slice(0, 60),
    );
    expect(icelandic).toMatch(new RegExp(`24\\. des\\. ${year} er aðfangadagur og bankar eru lokaðir\\.`));
    expect(icelandic).toContain('Jólagjöf');
    expect(icelandic).toContain('Guðrún Helgadóttir');
    const english = render('en', <PaymentStorySection payment={view} />);
    expect(english).toMatch(new RegExp(`you asked for \\w+, 24 Dec ${year}, and your bank will pay on`));
    expect(english).toMatch(new RegExp(`24 Dec ${year} is Christmas Eve, when banks are closed\\.`));
    expect(english).not.toContain('ACWC');
    // Its status says what it waits for: the day the bank pays on, not "still being checked".
    expect(view.paysOn).toBe(moved);
    expect(view.payDay).toBe(moved);
    // As `render` reads it: its no-break spaces as spaces.
    const shownDay = {
      is: formatDate(moved, 'is', { weekday: true }).replace(/\s/g, ' '),
      en: formatDate(moved, 'en', { weekday: true }).replace(/\s/g, ' '),
    };
    expect(render('is', <StatusExplain payment={view} />)).toContain(
      `Bankinn er með greiðsluna og greiðir hana ${shownDay.is}.`,
    );
    expect(render('en', <StatusExplain payment={view} />)).toContain(
      `Your bank has the payment and pays it on ${shownDay.en}.`,
    );

    // Cancelled before that day: the day is the one the bank was to pay on, and nothing says it pays.
    const cancelled = app.view.toPaymentView({ ...payment, transactionStatus: 'CANC' }, []);
    const cancelledIs = render('is', <PaymentStorySection payment={cancelled} />);
    expect(cancelledIs).toContain(`Dagur sem bankinn átti að greiða ${shownDay.is}`);
    expect(cancelledIs).toContain(`en bankinn átti að greiða ${shownDay.is}`);
    expect(cancelledIs).not.toMatch(/greiðir/);
    const cancelledEn = render('en', <PaymentStorySection payment={cancelled} />);
    expect(cancelledEn).toContain(`Date your bank was to pay ${shownDay.en}`);
    expect(cancelledEn).toContain(`and your bank was to pay on ${shownDay.en}`);
    expect(cancelledEn).not.toMatch(/will pay|your bank pays/i);
  });

  it('a bank that answers ACWC without saying what changed: "accepted with a change", in words', async () => {
    const id = await movedPayment(nextChristmasEve());
    app.proxy.reshapeNext('GET', SELF, (body) => {
      const { requestedExecutionDate: _date, ...rest } = body as Record<string, unknown>;
      return rest;
    });
    const view = app.view.toPaymentView(await read(id), []);
    expect(view.story).toMatchObject({ bankDate: null, change: 'unstated' });
    expect(render('is', <PaymentStorySection payment={view} />)).toContain(
      'Bankinn tók við greiðslunni með breytingu en hefur ekki sagt hverju hann breytti',
    );
    expect(render('en', <PaymentStorySection payment={view} />)).toContain(
      'Your bank accepted the payment with a change but has not said what it changed',
    );
  });
});

function Reason({ date, locale }: { date: string; locale: 'is' | 'en' }) {
  const t = useTranslations('story');
  return <>{dayReason(date, closedDayOf(date) ?? null, locale, t)}</>;
}

describe('why a day is not a banking day', () => {
  it('starts with the date, never a weekday abbreviation: "5. des. 2026 er laugardagur."', () => {
    expect(render('is', <Reason date="2026-12-05" locale="is" />).trim()).toBe(
      '5. des. 2026 er laugardagur.',
    );
    expect(render('is', <Reason date="2026-12-06" locale="is" />).trim()).toBe('6. des. 2026 er sunnudagur.');
    expect(render('en', <Reason date="2026-12-05" locale="en" />).trim()).toBe('5 Dec 2026 is a Saturday.');
    expect(render('is', <Reason date="2026-12-24" locale="is" />).trim()).toBe(
      '24. des. 2026 er aðfangadagur og bankar eru lokaðir.',
    );
  });
});

describe('names the bank holds', () => {
  it('the payer\u2019s name from the bank; no name for a recipient the bank could name only by the account', async () => {
    const { id, redirectTo } = await app.pay({ debtorIban: JON_MAIN });
    // Not read while the bank waits for the PSU: it has decided nothing yet.
    expect((await read(id)).bankDetails).toBeNull();
    expect(selfReads()).toHaveLength(0);
    await decideAtBank(redirectTo, 'approve');
    const payment = await read(id);
    expect(selfReads()).toHaveLength(1);
    // Spec 2.6 requires creditorName: the sandbox bank, given none, fills in the account.
    expect(payment.bankDetails?.creditorName).toBe(CREDITOR);
    const view = app.view.toPaymentView(payment, []);
    expect(view.story.to?.name).toBeNull();
    expect(view.story.from.name).toBe(payment.bankDetails?.debtorName);
    expect(view.story.from.name).toBeTruthy();
  });
});

describe('a bulk payment says whom it pays before the bank reports on each', () => {
  it('lists each payment sent: recipient account, amount, message', async () => {
    const body = {
      paymentInformationId: `bulk-${randomUUID().slice(0, 20)}`,
      debtorAccount: { iban: JON_MAIN },
      payments: [
        {
          instructedAmount: { currency: 'ISK', amount: '1000' },
          creditorAccount: { iban: CREDITOR },
          remittanceInformationUnstructured: 'Laun janúar',
        },
        {
          instructedAmount: { currency: 'ISK', amount: '2500' },
          creditorAccount: { iban: CREDITOR },
          ultimateCreditor: 'Sigga',
        },
      ],
    };
    const outcome = await app.initiation.initiateOnce({
      psuId: app.psuId,
      submissionId: randomUUID(),
      service: 'bulk-payments',
      product: 'credit-transfers',
      body,
      scaLanguage: 'en',
      uiLocale: 'en',
      summary: { amount: '3500', currency: 'ISK', creditorAccount: CREDITOR, elementCount: 2 },
      psuIpAddress: '10.20.30.40',
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const view = app.view.toPaymentView(await app.payment(outcome.paymentId), []);
    expect(view.story.to).toBeNull();
    expect(view.story.from.account).toBe(JON_MAIN);
    expect(
      view.story.bulk?.map((line) => [line.account, line.amount, line.message, line.name, line.status]),
    ).toEqual([
      [CREDITOR, '1000', 'Laun janúar', null, null],
      [CREDITOR, '2500', null, 'Sigga', null],
    ]);
    const english = render('en', <BulkResultsSection results={view.bulkResults} lines={view.story.bulk} />);
    expect(english).toContain('2 payments from your account, ISK 3,500 in all.');
    expect(english).toContain('Laun janúar');
    expect(english).toContain('Sigga');
    expect(render('is', <BulkResultsSection results={view.bulkResults} lines={view.story.bulk} />)).toContain(
      'Samtals 3.500 kr. í 2 greiðslum af reikningnum þínum.',
    );
    // Its messages are its payments' own: not "No message" above them.
    const story = render('is', <PaymentStorySection payment={view} />);
    expect(story).toContain('Hver greiðsla hefur sín skilaboð, sjá hér fyrir neðan.');
    expect(story).not.toContain('Engin skilaboð');
  });
});
