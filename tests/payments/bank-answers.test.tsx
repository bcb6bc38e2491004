import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankMessages } from '@/components/payments/bank-messages';
import { OtpChallenge } from '@/components/payments/otp-challenge';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import { formatAmount, formatNumber } from '@/lib/format';
import { logger } from '@/lib/log';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { renderIn } from '@/tests/support/render-intl';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

/**
 * Members of the bank's successful answers that are for the PSU (payment spec 2.5 and part 7): fees
 * and exchange rate, psuMessage, WARNING messages and the challenge image. Kept as the bank gave them,
 * never invented, and shown in our words with the bank's text as plain, bounded text. Against the
 * sandbox bank through a recording proxy, which adds what the sandbox does not send.
 */

const ACCOUNT = {
  jon: 'IS140159260076545510730339',
  helga: 'IS950515260012341505852289',
  olafur: 'IS830515260012342207793199',
  sandkassi: 'IS780515260012345102993029',
} as const;
const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;
const AUTHORISATIONS = /\/authorisations$/;
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'bank-answers-secret-bank-answers-secret-01' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());
afterEach(() => vi.restoreAllMocks());

/** The bank's next initiation answer, as the app received it (after `change`, if any). */
function captureInitiation(change: (body: Record<string, unknown>) => Record<string, unknown> = (b) => b) {
  const captured: { body?: Record<string, unknown> } = {};
  app.proxy.reshapeNext('POST', INITIATION, (body) => {
    captured.body = change(body as Record<string, unknown>);
    return captured.body;
  });
  return captured;
}

/** Ólafur (embedded SCA) chooses a method on our page; the payment after the bank's answer. */
async function chooseMethod(id: string, methodId: string) {
  const payment = await app.payment(id);
  const context = app.sca.authorisationContext(payment, '10.20.30.40');
  return (await app.sca.advanceSca(app.db, payment, { kind: 'method', methodId }, context)).payment;
}

async function viewOf(id: string) {
  return app.view.toPaymentView(await app.payment(id), []);
}

describe('fees and exchange rate of the initiation answer (payment spec 2.5)', () => {
  it('are stored with the payment as the bank gave them, and shown through lib/format in both languages', async () => {
    // EUR from Jón's ISK account: the sandbox answers with its fees and the exchange rate.
    const answer = captureInitiation();
    const { id } = await app.pay({ debtorIban: ACCOUNT.jon, amount: '100.00', currency: 'EUR' });
    const given = answer.body ?? {};
    const fields = [
      'transactionFees',
      'currencyConversionFee',
      'transactionFeeIndicator',
      'transactionFeesDetails',
      'exchangeRateInformation',
    ];
    expect(Object.keys(given)).toEqual(expect.arrayContaining(fields));
    const costs = (await app.payment(id)).costs;
    expect(costs).toEqual(Object.fromEntries(fields.map((field) => [field, given[field]])));

    const view = await viewOf(id);
    expect(view.costs).toEqual(costs);
    const fees = given.transactionFees as { amount: string; currency: string };
    const rate = given.exchangeRateInformation as { exchangeRate: string; unitCurrency: string };
    for (const locale of ['is', 'en'] as const) {
      const html = renderIn(locale, <PaymentCostsSection costs={view.costs} />);
      expect(html).toContain(formatAmount(fees.amount, fees.currency, locale));
      expect(html).toContain(formatNumber(rate.exchangeRate, locale));
      expect(html).toContain('data-fee-indicator="true"');
    }
    expect(renderIn('is', <PaymentCostsSection costs={view.costs} />)).toContain('sölugengi');
    expect(renderIn('en', <PaymentCostsSection costs={view.costs} />)).toContain(
      'Your bank says charges apply to this payment under its list of charges',
    );
  });

  it('an answer without them: nothing stored, nothing shown, no zero invented', async () => {
    const { id } = await app.pay({ debtorIban: ACCOUNT.jon });
    expect((await app.payment(id)).costs).toEqual({});
    const view = await viewOf(id);
    expect(view.costs).toBeNull();
    expect(renderIn('en', <PaymentCostsSection costs={view.costs} />)).toBe('');
  });

  it('a member in a shape spec 2.4 does not allow is left out and logged, and the payment is kept', async () => {
    const warn = vi.spyOn(logger, 'warn');
    captureInitiation((body) => ({
      ...body,
      transactionFees: { currency: 'ISK', amount: '1.950,00' },
      transactionFeeIndicator: false,
    }));
    const { id } = await app.pay({ debtorIban: ACCOUNT.jon });
    const payment = await app.payment(id);
    expect(payment.phase).toBe('initiated');
    expect(payment.costs).toEqual({ transactionFeeIndicator: false });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ paymentId: id, fields: ['transactionFees'] }),
      expect.any(String),
    );
    expect(renderIn('en', <PaymentCostsSection costs={(await viewOf(id)).costs} />)).toContain(
      'no charges apply to this payment other than any shown here',
    );
  });
});

describe('psuMessage (payment spec 2.5: "text to show to the PSU"), for every SCA approach', () => {
  it('redirect: the initiation answer\u2019s message is shown until the PSU has confirmed', async () => {
    captureInitiation((body) => ({ ...body, psuMessage: 'Staðfestu greiðsluna á síðu bankans.' }));
    const { id, redirectTo } = await app.pay({ debtorIban: ACCOUNT.jon });
    expect((await viewOf(id)).psuMessage).toBe('Staðfestu greiðsluna á síðu bankans.');
    await decideAtBank(redirectTo, 'approve');
    await app.sync.refreshFromBank(app.db, await app.payment(id), 'redirect', '10.20.30.40');
    expect((await viewOf(id)).psuMessage).toBeNull();
  });

  it('decoupled and multilevel: the sandbox\u2019s own messages', async () => {
    const decoupled = await app.pay({ debtorIban: ACCOUNT.helga });
    expect((await viewOf(decoupled.id)).psuMessage).toBe("Please approve the payment in the bank's app.");
    const multilevel = await app.pay({ debtorIban: ACCOUNT.sandkassi });
    expect((await viewOf(multilevel.id)).psuMessage).toMatch(/more signature/);
  });

  it('embedded: the message of an authorisation step', async () => {
    const { id } = await app.pay({ debtorIban: ACCOUNT.olafur });
    app.proxy.reshapeNext('POST', AUTHORISATIONS, (body) => ({
      ...(body as object),
      psuMessage: 'Kóðinn gildir í 5 mínútur.',
    }));
    await chooseMethod(id, 'sms');
    const view = await viewOf(id);
    expect(view.psuMessage).toBe('Kóðinn gildir í 5 mínútur.');
    for (const locale of ['is', 'en'] as const)
      expect(
        renderIn(locale, <BankMessages psuMessage={view.psuMessage} notes={view.bankNotes} />),
      ).toContain('Kóðinn gildir í 5 mínútur.');
  });

  it('of a status read (IOBWS 3.2, BG): shown after the authorisation too, and gone when the next read has none', async () => {
    const { id, redirectTo } = await app.pay({ debtorIban: ACCOUNT.jon });
    await decideAtBank(redirectTo, 'approve');
    const said = 'Greiðslan verður framkvæmd næsta bankadag.';
    app.proxy.reshapeNext('GET', /\/status$/, (body) => ({
      ...(body as object),
      psuMessage: `${said}\u202e`,
    }));
    await app.sync.refreshFromBank(app.db, await app.payment(id), 'redirect', '10.20.30.40');
    expect((await viewOf(id)).psuMessage).toBe(said);
    await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
    expect((await viewOf(id)).psuMessage).toBeNull();
  });
});

describe('an initiation answer with the SCA links and a status other than RCVD (spec 2.5, part 3: any code)', () => {
  it.each(['PDNG', 'ACTC'])(
    '%s: the PSU is sent to confirm at the bank, and the bank\u2019s RCVD after it is taken',
    async (code) => {
      captureInitiation((body) => ({ ...body, transactionStatus: code }));
      const { id, redirectTo } = await app.pay({ debtorIban: ACCOUNT.jon });
      expect(redirectTo).toMatch(/\/sca\//);
      const view = await viewOf(id);
      expect(view.scaStep).toMatchObject({ kind: 'redirect' });
      expect(view.scaRedirect).toBe(redirectTo);
      // The sandbox reads RCVD while it waits for Jón: the bank's word, not a stale answer.
      await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
      expect((await app.payment(id)).transactionStatus).toBe('RCVD');
      await decideAtBank(redirectTo, 'approve');
      await app.sync.refreshFromBank(app.db, await app.payment(id), 'redirect', '10.20.30.40');
      const after = await viewOf(id);
      expect(after.transactionStatus).not.toBe('RCVD');
      expect(after.scaStep).toEqual({ kind: 'none' });
      expect(after.scaRedirect).toBeNull();
    },
  );

  it('once the status moved on from the initiation answer\u2019s, a late RCVD is a stale answer and dropped', async () => {
    captureInitiation((body) => ({ ...body, transactionStatus: 'PDNG' }));
    const { id } = await app.pay({ debtorIban: ACCOUNT.jon });
    const history = await import('@/lib/payments/history');
    expect(await history.recordStatus(app.db, id, 'ACTC', 'notification')).toBe(true);
    expect(await history.recordStatus(app.db, id, 'RCVD', 'poll')).toBe(false);
    expect((await viewOf(id)).scaStep).toEqual({ kind: 'none' });
  });
});

describe('the funds check of a status read (BG IG 4.14.1, IOBWS 3.2 fundsAvailable)', () => {
  it('no money yet: the PSU is told the bank may wait for it or reject the payment; a read without it clears it', async () => {
    const { id, redirectTo } = await app.pay({ debtorIban: ACCOUNT.jon });
    await decideAtBank(redirectTo, 'approve');
    app.proxy.reshapeNext('GET', /\/status$/, () => ({ transactionStatus: 'ACCP', fundsAvailable: false }));
    await app.sync.refreshFromBank(app.db, await app.payment(id), 'redirect', '10.20.30.40');
    const view = await viewOf(id);
    expect(view).toMatchObject({ transactionStatus: 'ACCP', fundsShort: true });
    const said = (locale: 'is' | 'en') =>
      renderIn(
        locale,
        <BankMessages psuMessage={view.psuMessage} notes={view.bankNotes} fundsShort={view.fundsShort} />,
      );
    expect(said('is')).toContain('enn er ekki nóg fé á honum');
    expect(said('en')).toContain('the money for this payment is not there yet');
    // A funds check that found the money, or none said: nothing of it.
    app.proxy.reshapeNext('GET', /\/status$/, () => ({ transactionStatus: 'ACCP', fundsAvailable: true }));
    await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
    expect((await viewOf(id)).fundsShort).toBe(false);
    app.proxy.reshapeNext('GET', /\/status$/, () => ({ transactionStatus: 'ACCP', fundsAvailable: 'no' }));
    await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
    expect((await app.payment(id)).statusFundsAvailable).toBeNull();
  });
});

describe('WARNING messages in successful answers (payment spec part 7)', () => {
  it('are kept, logged by code, and shown under our own heading with the bank\u2019s text escaped and bounded', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const text = `<b>Framkvæmd</b> færð á næsta virka dag.\u202e ${'x'.repeat(600)}`;
    captureInitiation((body) => ({
      ...body,
      tppMessages: [{ category: 'WARNING', code: 'WARNING', path: null, text }],
    }));
    const { id } = await app.pay({ debtorIban: ACCOUNT.jon });
    const [note] = (await app.payment(id)).bankNotes ?? [];
    expect(note?.code).toBe('WARNING');
    expect(Array.from(note?.text ?? '')).toHaveLength(500);
    expect(note?.text).not.toContain('\u202e');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ paymentId: id, codes: ['WARNING'] }),
      expect.any(String),
    );
    const view = await viewOf(id);
    const html = { is: '', en: '' };
    for (const locale of ['is', 'en'] as const)
      html[locale] = renderIn(locale, <BankMessages psuMessage={view.psuMessage} notes={view.bankNotes} />);
    expect(html.en).toContain('Your bank adds a warning:');
    expect(html.is).toContain('Bankinn bætir við viðvörun:');
    for (const locale of ['is', 'en'] as const) {
      expect(html[locale]).toContain('&lt;b&gt;Framkvæmd&lt;/b&gt;');
      expect(html[locale]).not.toContain('<b>');
    }
  });

  it('a code of spec part 7 that we know is told in our own words; one of an authorisation answer too', async () => {
    const { id } = await app.pay({ debtorIban: ACCOUNT.olafur });
    app.proxy.reshapeNext('POST', AUTHORISATIONS, (body) => ({
      ...(body as object),
      tppMessages: [{ category: 'WARNING', code: 'EXECUTION_DATE_INVALID', text: 'Date moved' }],
    }));
    await chooseMethod(id, 'sms');
    const view = await viewOf(id);
    expect(view.bankNotes).toEqual([
      { category: 'WARNING', code: 'EXECUTION_DATE_INVALID', text: 'Date moved' },
    ]);
    const html = renderIn('en', <BankMessages psuMessage={null} notes={view.bankNotes} />);
    expect(html).toContain(en.bank.code.EXECUTION_DATE_INVALID);
    expect(html).not.toContain('Date moved');
  });
});

describe('the challenge image (payment spec 2.5 ChallengeData; part 8: PNG, max 512 kilobyte)', () => {
  /** Ólafur chooses the photo method; the bank's answer gives `imageLink` (as `link`) instead of `image`. */
  async function photoChallengeBy(link: string) {
    const { id } = await app.pay({ debtorIban: ACCOUNT.olafur });
    app.proxy.reshapeNext('POST', AUTHORISATIONS, (body) => {
      const answer = body as { challengeData: Record<string, unknown> };
      const { image: _image, ...challenge } = answer.challengeData;
      return { ...answer, challengeData: { ...challenge, imageLink: link } };
    });
    const after = await chooseMethod(id, 'photo');
    const step = app.sca.nextScaStep(after);
    if (step.kind !== 'otp') throw new Error(`expected the OTP step, got ${step.kind}`);
    return step.challenge;
  }

  it('an imageLink on the bank\u2019s host is read with our token and drawn, with the text and the code\u2019s bounds', async () => {
    app.proxy.answerNext('GET', /\/psd2\/challenge-images\/c1\.png$/, {
      status: 200,
      headers: { 'Content-Type': 'image/png' },
      body: PNG,
    });
    const challenge = await photoChallengeBy('/challenge-images/c1.png');
    expect(challenge.image).toBe(PNG.toString('base64'));
    const read = app.proxy.bankCalls().find((call) => call.path.endsWith('/challenge-images/c1.png'));
    expect(read?.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(read?.headers.accept).toBe('image/png');
    for (const locale of ['is', 'en'] as const) {
      const html = renderIn(locale, <OtpChallenge challenge={challenge} />);
      expect(html).toContain(`src="data:image/png;base64,${PNG.toString('base64')}"`);
      expect(html).toContain('maxLength="6"');
      expect(html).toContain('inputMode="numeric"');
      expect(html).toContain('pattern="[0-9]*"');
      expect(html).toContain(challenge.additionalInformation ?? 'no text');
    }
  });

  it('names the method the bank chose for the code, where it says (IOBWS 3.2 chosenScaMethod), in its words', async () => {
    const { id } = await app.pay({ debtorIban: ACCOUNT.olafur });
    app.proxy.reshapeNext('POST', AUTHORISATIONS, (body) => ({
      ...(body as object),
      chosenScaMethod: {
        authenticationType: 'SMS_OTP',
        name: 'SMS í 8xx-xx12',
        explanation: 'Kóðinn gildir í 5 mínútur.',
      },
    }));
    const step = app.sca.nextScaStep(await chooseMethod(id, 'photo'));
    if (step.kind !== 'otp') throw new Error(`expected the OTP step, got ${step.kind}`);
    expect(step.method).toEqual({ name: 'SMS í 8xx-xx12', explanation: 'Kóðinn gildir í 5 mínútur.' });
    const page = (locale: 'is' | 'en') =>
      renderIn(locale, <OtpChallenge challenge={step.challenge} method={step.method} />);
    expect(page('is')).toContain('Kóðinn kemur með: SMS í 8xx-xx12');
    expect(page('en')).toContain('The code comes by: SMS í 8xx-xx12');
    expect(page('en')).toContain('Kóðinn gildir í 5 mínútur.');
    // Our spec gives the object no properties: anything else in it is left, and the answer kept.
    const { toScaAnswer, scaFieldsSchema } = await import('@/lib/bank/sca-answer');
    const odd = toScaAnswer(
      scaFieldsSchema.parse({ scaStatus: 'scaMethodSelected', chosenScaMethod: { name: 7 } }),
    );
    expect(odd).toMatchObject({ scaStatus: 'scaMethodSelected' });
    expect(odd.chosenScaMethod).toBeUndefined();
  });

  it('an imageLink to another host is not followed; the PSU is told the image could not be fetched', async () => {
    const challenge = await photoChallengeBy('https://images.elsewhere.example/c2.png');
    expect(challenge.image).toBeUndefined();
    expect(app.proxy.calls.some((call) => call.path.includes('c2.png'))).toBe(false);
    expect(renderIn('en', <OtpChallenge challenge={challenge} />)).toContain(
      'image for this code could not be fetched',
    );
    expect(renderIn('is', <OtpChallenge challenge={challenge} />)).toContain(is.sca.challengeImageMissing);
  });

  it('what is not a PNG, or more than 512 KB, is not drawn', async () => {
    app.proxy.answerNext('GET', /\/challenge-images\/c3\.png$/, {
      status: 200,
      headers: { 'Content-Type': 'image/png' },
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect((await photoChallengeBy('/challenge-images/c3.png')).image).toBeUndefined();
    app.proxy.answerNext('GET', /\/challenge-images\/c4\.png$/, {
      status: 200,
      headers: { 'Content-Type': 'image/png' },
      body: Buffer.concat([PNG, Buffer.alloc(512 * 1024)]),
    });
    expect((await photoChallengeBy('/challenge-images/c4.png')).image).toBeUndefined();
  });
});
