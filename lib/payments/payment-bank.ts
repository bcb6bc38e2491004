import {
  bankDirectory,
  bulkElementMax,
  type DirectoryBank,
  standingOrderReferenceMax,
} from '@/lib/bank/directory';
import { bankOfAccount } from '@/lib/bank/offer';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import { inBank } from '@/lib/bank/scope';
import { inWorkContext } from '@/lib/observability/context';
import { codePointLength } from './schemas/fields';
import { issueMessage } from './schemas/issue-message';

/**
 * The bank a payment goes to: the directory's bank of its debtor account (lib/bank/directory.ts), if that bank
 * offers its service and product, and its interface takes the body's members as long as they are (a standing
 * order's reference: 35 characters at a bank of IOBWS 3.2, 140 at ours; a bulk element's members there, none at
 * ours). Decided on the server for every submission, before anything is saved or sent, whatever the form showed.
 */
export function paymentBank(request: {
  body: Record<string, unknown>;
  service: PaymentService;
  product: PaymentProduct;
}): { ok: true; id: string } | { ok: false; messageKey: string; fieldErrors?: Record<string, string[]> } {
  const debtor = request.body.debtorAccount as { iban?: unknown; bban?: unknown } | undefined;
  const account = debtor?.iban ?? debtor?.bban;
  const bank = typeof account === 'string' ? bankOfAccount(bankDirectory(), account) : undefined;
  if (!bank) return { ok: false, messageKey: 'banks.unknown' };
  if (!bank.offer.services.includes(request.service) || !bank.offer.products.includes(request.product)) {
    return { ok: false, messageKey: 'banks.notOffered' };
  }
  const tooLong = Object.entries(longerThanBankTakes(request, bank)).map(([field, max]) => [
    field,
    [issueMessage('validation.maxLengthAtBank', { max })],
  ]);
  if (tooLong.length > 0)
    return { ok: false, messageKey: 'banks.longerThanBankTakes', fieldErrors: Object.fromEntries(tooLong) };
  return { ok: true, id: bank.id };
}

/** Each form field whose member is longer than the bank's interface takes, and its bound there. */
function longerThanBankTakes(
  request: { body: Record<string, unknown>; service: PaymentService },
  bank: Pick<DirectoryBank, 'dialect'>,
): Record<string, number> {
  const over: Record<string, number> = {};
  const longer = (value: unknown, max: number) => typeof value === 'string' && codePointLength(value) > max;
  if (request.service === 'periodic-payments') {
    const max = standingOrderReferenceMax(bank);
    if (longer(request.body.remittanceInformationStructured, max))
      over['payment.remittanceInformationStructured'] = max;
  }
  if (request.service === 'bulk-payments' && Array.isArray(request.body.payments)) {
    const bounds = bulkElementMax(bank);
    request.body.payments.forEach((element: unknown, index) => {
      if (element === null || typeof element !== 'object') return;
      for (const [member, value] of Object.entries(element)) {
        const max = Object.hasOwn(bounds, member) ? bounds[member] : undefined;
        if (max !== undefined && longer(value, max)) over[`payment.payments.${index}.${member}`] = max;
      }
    });
  }
  return over;
}

/**
 * Runs `work` at the payment's own bank (lib/bank/scope.ts), as work for that payment and its PSU: every
 * call to the bank inside is recorded in the audit trail and traced under the payment's and PSU's ids.
 */
export function inPaymentBank<T>(
  payment: { id: string; psuId: string; bankId: string },
  work: () => Promise<T>,
): Promise<T> {
  return inWorkContext({ psuId: payment.psuId, paymentId: payment.id }, () => inBank(payment.bankId, work));
}
