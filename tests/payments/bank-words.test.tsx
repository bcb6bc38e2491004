import { readFileSync } from 'node:fs';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FeeType } from '@/components/payments/fee-type';
import { PaymentMessage } from '@/components/payments/payment-story';
import { StatusBadge } from '@/components/payments/status-badge';
import { CLAIM_STATUSES } from '@/lib/bank/claims';
import { KNOWN_FEE_TYPES } from '@/lib/bank/fee-types';
import { claimNumberOf } from '@/lib/bills/bill-view';
import en from '@/messages/en.json';
import eventsEn from '@/messages/events/en.json';
import eventsIs from '@/messages/events/is.json';
import is from '@/messages/is.json';
import storyEn from '@/messages/story/en.json';
import storyIs from '@/messages/story/is.json';
import { foreignCurrencyFees } from '@/sandbox/src/pis/fees';

// Every code a bank sends the PSU has words in both languages; the code itself only in small print, for
// an expert. The lists are the spec's: part 3's transaction statuses as contract/pis.yaml enumerates them,
// the fee types of our bank's sandbox and of IOBWS 3.2 (`transactionFeesDetail.feeType`), and the claim
// states of IOBWS-Claims 3.1.

const contract = parse(readFileSync(new URL('../../contract/pis.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: { TransactionStatus: { enum: string[] } } };
};
const specStatuses = contract.components.schemas.TransactionStatus.enum;

const messages = {
  is: { ...is, ...eventsIs, ...storyIs },
  en: { ...en, ...eventsEn, ...storyEn },
};

function render(locale: 'is' | 'en', node: ReactNode): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Atlantic/Reykjavik">
      {node}
    </NextIntlClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('transaction statuses of spec part 3', () => {
  it('the contract lists the fourteen of part 3', () => {
    expect(specStatuses).toHaveLength(14);
  });

  for (const locale of ['is', 'en'] as const) {
    it(`each reads as words in ${locale}, never as its code`, () => {
      for (const status of specStatuses) {
        const shown = text(render(locale, <StatusBadge status={status} />));
        expect(shown, status).not.toBe('');
        expect(shown, status).not.toContain(status);
        const explain = messages[locale].status[status as keyof typeof is.status]?.explain;
        expect(explain, status).toBeTruthy();
      }
    });
  }

  it('RCVD, before the PSU confirms, reads as waiting for their confirmation, not as "received"', () => {
    expect(text(render('is', <StatusBadge status="RCVD" />))).toBe('Bíður staðfestingar þinnar');
    expect(text(render('en', <StatusBadge status="RCVD" />))).toBe('Waiting for your confirmation');
    for (const locale of ['is', 'en'] as const)
      expect(JSON.stringify(messages[locale].status.RCVD)).not.toMatch(/móttek|received/i);
  });

  it('RJCT of a payment the PSU declined at the bank reads as not confirmed, not as the bank’s rejection', () => {
    expect(text(render('en', <StatusBadge status="RJCT" outcome="declined" />))).toBe('Not confirmed');
    expect(text(render('is', <StatusBadge status="RJCT" outcome="declined" />))).toBe('Ekki staðfest');
    expect(text(render('en', <StatusBadge status="RJCT" outcome="rejected" />))).toBe('Rejected');
  });

  it('RCVD kept by a bank after the PSU declined at its page reads as not confirmed, not as still waiting', () => {
    expect(text(render('en', <StatusBadge status="RCVD" outcome="declined" />))).toBe('Not confirmed');
    expect(text(render('is', <StatusBadge status="RCVD" outcome="declined" />))).toBe('Ekki staðfest');
  });

  it('an accepted standing order is active, not "being paid", before any of its days', () => {
    for (const status of ['ACTC', 'ACCP', 'ACFC', 'ACSP']) {
      expect(text(render('is', <StatusBadge status={status} standing />))).toBe('Virk');
      expect(text(render('en', <StatusBadge status={status} standing />))).toBe('Active');
    }
    expect(text(render('is', <StatusBadge status="ACSP" />))).toBe('Í greiðslu');
    // Ended or waiting for the PSU, a standing order's status reads as any payment's.
    expect(text(render('is', <StatusBadge status="CANC" standing />))).toBe('Afturkölluð');
    expect(text(render('is', <StatusBadge status="RCVD" standing />))).toBe('Bíður staðfestingar þinnar');
  });
});

describe('fee types', () => {
  it('the sandbox bank charges only fee types we have words for', () => {
    const debtor = { currency: 'ISK' } as Parameters<typeof foreignCurrencyFees>[2];
    const { response } = foreignCurrencyFees(
      'payments',
      { instructedAmount: { currency: 'EUR', amount: '100' } },
      debtor,
    );
    const types = (response.transactionFeesDetails ?? []).map((fee) => fee.feeType);
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(KNOWN_FEE_TYPES).toContain(type);
  });

  it('IOBWS 3.2 fee types and the sandbox\u2019s each have words in both languages, without the code', () => {
    for (const type of [
      'FEES',
      'PRIORITYFEES',
      'FOREIGNBANKSERVICEFEES',
      'OTHERFEES',
      'TRANSFER',
      'CURRENCY_CONVERSION',
    ])
      expect(KNOWN_FEE_TYPES).toContain(type);
    for (const type of KNOWN_FEE_TYPES) {
      for (const locale of ['is', 'en'] as const) {
        const shown = text(render(locale, <FeeType feeType={type} />));
        expect(shown, `${locale} ${type}`).toBe(messages[locale].bankWords.fee[type]);
        expect(shown).not.toContain(type);
      }
    }
  });

  it('an unknown fee type gets a general phrase, with the bank\u2019s code in small print', () => {
    expect(text(render('is', <FeeType feeType="SWIFT_OUR" />))).toBe(
      'Gjald sem bankinn lýsir ekki nánar (kóði: SWIFT_OUR)',
    );
    const html = render('en', <FeeType feeType="SWIFT_OUR" />);
    expect(text(html)).toBe('A fee your bank does not describe further (code: SWIFT_OUR)');
    expect(html).toContain('data-code="SWIFT_OUR"');
  });
});

describe('claim states of IOBWS-Claims 3.1', () => {
  it('each has words in both languages', () => {
    for (const state of CLAIM_STATUSES) {
      expect(messages.is.bills.status[state], state).toBeTruthy();
      expect(messages.en.bills.status[state], state).toBeTruthy();
      expect(messages.is.bills.status[state]).not.toBe(state);
    }
  });
});

describe('a claim where a customer reads it', () => {
  it('is its claim number, bank-66-number, never the raw claim key', () => {
    expect(claimNumberOf('5501692829013366000123+20261201')).toBe('0133-66-000123');
    expect(claimNumberOf('some-other-id')).toBeNull();
    const html = render('en', <PaymentMessage message="5501692829013366000123+20261201" />);
    // The raw key in small print is named as the bill's ID, as the bill's pay page names it, not as a code.
    expect(text(html)).toBe('Payment of bill no. 0133-66-000123 (bill ID: 5501692829013366000123+20261201)');
    expect(text(render('is', <PaymentMessage message="5501692829013366000123+20261201" />))).toBe(
      'Greiðsla kröfu nr. 0133-66-000123 (auðkenni kröfu: 5501692829013366000123+20261201)',
    );
  });

  it('of a part payment says so', () => {
    const part = <PaymentMessage message="5501692829013366000123+20261201" partPayment />;
    expect(text(render('en', part))).toBe(
      'Part payment of bill no. 0133-66-000123 (bill ID: 5501692829013366000123+20261201)',
    );
    expect(text(render('is', part))).toBe(
      'Innborgun á kröfu nr. 0133-66-000123 (auðkenni kröfu: 5501692829013366000123+20261201)',
    );
  });

  // At 390 px "(auðkenni kröfu: 5501692829013366000123+20261201)" on one line ran past the payment's card: the line
  // breaks before the ID, never inside it.
  it('keeps the bill’s ID whole, and may break the line before it', () => {
    const html = render('is', <PaymentMessage message="5501692829013366000123+20261201" />);
    expect(html).toMatch(
      /\(auðkenni kröfu: <span class="whitespace-nowrap">5501692829013366000123\+20261201\)<\/span>/,
    );
    expect(html).not.toMatch(/class="whitespace-nowrap[^"]*"[^>]*>\(auðkenni/);
  });
});
