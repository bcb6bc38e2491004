// GET /api/payments/:id/receipt?locale=is|en: the signed-in PSU's receipt of one payment, as a PDF.
import { type NextRequest, NextResponse } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { localeOrDefault } from '@/lib/i18n/routing';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { buildReceipt } from '@/lib/payments/receipt';
import { receiptPdf } from '@/lib/payments/receipt-pdf';
import { DIRECTORY_BANK_NAMES } from '@/lib/payments/story';
import { readOwnPaymentFromBank } from '@/lib/payments/sync';
import { isPathParam } from '@/lib/security/path-params';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const psuId = await currentPsuId();
    if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
    const { id } = await params;
    if (!isPathParam('paymentId', id)) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    const found = await readOwnPaymentFromBank(await getDb(), psuId, id, psuIpAddress(request.headers));
    // Another PSU's payment is answered exactly like one that does not exist.
    if (!found) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    const locale = localeOrDefault(request.nextUrl.searchParams.get('locale'));
    const receipt = buildReceipt(found.payment, found.events, locale, new Date(), DIRECTORY_BANK_NAMES);
    // Nothing paid or decided yet: neither a receipt nor a statement to give.
    if (!receipt.kind) return NextResponse.json({ error: 'not_paid' }, { status: 409 });
    const name =
      receipt.kind === 'paid' || receipt.kind === 'partial'
        ? (await getTranslations({ locale, namespace: 'receipt' }))('fileName')
        : (await getTranslations({ locale, namespace: 'story.receipt' }))('statementFileName');
    return new NextResponse(new Uint8Array(await receiptPdf(receipt)), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}-${found.payment.id}.pdf"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
