import { type ClaimToPay, type DateFields, withDates } from '../dialect';
import type {
  IobwsBulkPaymentInitiation,
  IobwsPaymentInitiation,
  IobwsPeriodicPaymentInitiation,
  IobwsStructuredReference,
} from './types';

/** IOBWS 3.2: `requestedExecutionDate`, `startDate` and `endDate` are `type: string, format: date`. */
export const IOBWS_DATES: DateFields = { requestedExecutionDate: 'date', startDate: 'date', endDate: 'date' };
const SPEC_DATES: DateFields = {
  requestedExecutionDate: 'date-time',
  startDate: 'date-time',
  endDate: 'date-time',
};

/**
 * Our bodies allow null for an absent member (payment spec 2.2); IOBWS 3.2 is OpenAPI 3.0 without `nullable`, so a
 * null member is left out rather than sent.
 */
function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null && member !== undefined)
      .map(([name, member]) => [name, withoutNulls(member)]),
  ) as T;
}

function rename(body: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  if (!(from in body)) return body;
  const { [from]: value, ...rest } = body;
  return { ...rest, [to]: value };
}

/** Our payment body → IOBWS 3.2's, for its payment service. */
export function toIobwsBody(service: string, ours: Record<string, unknown>): Record<string, unknown> {
  const body = withDates(withoutNulls(ours), IOBWS_DATES);
  if (service === 'payments') {
    // Payment spec 2.2 `remittanceInformationStructured` (an array) is IOBWS's `remittanceInformationStructuredArray`.
    return rename(
      body,
      'remittanceInformationStructured',
      'remittanceInformationStructuredArray',
    ) as IobwsPaymentInitiation;
  }
  if (service === 'periodic-payments') {
    // Payment spec 2.3: a single string here; IOBWS: the same array as a single payment's.
    const { remittanceInformationStructured: reference, ...rest } = body;
    const references: IobwsStructuredReference[] | undefined =
      typeof reference === 'string' ? [{ reference }] : undefined;
    return (
      references ? { ...rest, remittanceInformationStructuredArray: references } : rest
    ) as IobwsPeriodicPaymentInitiation;
  }
  // Bulk elements already carry `remittanceInformationStructuredArray` in both.
  return body as IobwsBulkPaymentInitiation;
}

/**
 * A refusal's `path` by IOBWS's names → ours, as `toIobwsBody` renamed them: a single payment's
 * `remittanceInformationStructuredArray[i]…` is our `remittanceInformationStructured[i]…`; a standing order's
 * `remittanceInformationStructuredArray[0].reference` our one `remittanceInformationStructured`. Dotted, JSON
 * Pointer and JSONPath spellings alike; any other path as it is.
 */
export function fromIobwsPath(service: string, path: string): string {
  const named = /^(\s*(?:\$\.?|\/)?)remittanceInformationStructuredArray(?=$|[.[/])(.*)$/s.exec(path);
  if (!named) return path;
  const [, lead = '', rest = ''] = named;
  if (service === 'payments') return `${lead}remittanceInformationStructured${rest}`;
  if (service === 'periodic-payments') return `${lead}remittanceInformationStructured`;
  return path;
}

/** ÍST TS 310 "Claim key transformed to BBAN": claimant kennitala, account (bank, branch, 66, number), due date DDMMYY. */
export function claimBban(claim: Pick<ClaimToPay, 'claimantId' | 'account' | 'dueDate'>): string {
  const [year = '', month = '', day = ''] = claim.dueDate.split('-');
  return `${claim.claimantId}${claim.account}${day}${month}${year.slice(2)}`;
}

/**
 * A payment to a claim's deposit account, as IOBWS 3.2 pays a claim (`claim-payments`, ÍST TS 310): the claim key as
 * the creditor's BBAN, the claimant as `creditorId`, and `partialPayment` (mandatory there). What the PSU wrote for
 * the claimant (the message, the end-to-end reference) goes with it; the deposit account does not: the claims
 * system knows where the claim is paid to.
 */
export function toIobwsClaimPayment(
  ours: Record<string, unknown>,
  claim: ClaimToPay,
): IobwsPaymentInitiation {
  const body = withDates(withoutNulls(ours), IOBWS_DATES) as IobwsPaymentInitiation;
  return {
    ...(body.endToEndIdentification ? { endToEndIdentification: body.endToEndIdentification } : {}),
    debtorAccount: body.debtorAccount,
    ...(body.instructedAmount ? { instructedAmount: body.instructedAmount } : {}),
    creditorAccount: { bban: claimBban(claim) },
    creditorId: claim.claimantId,
    ...(body.remittanceInformationUnstructured
      ? { remittanceInformationUnstructured: body.remittanceInformationUnstructured }
      : {}),
    ...(body.requestedExecutionDate ? { requestedExecutionDate: body.requestedExecutionDate } : {}),
    partialPayment: claim.partial,
  };
}

/**
 * IOBWS 3.2's payment information (`…DomesticWithStatusResponse`) → ours: dates as date-times, and a single payment's
 * or a standing order's structured references as the one string our read-back has (spec 2.6), the first's.
 */
export function fromIobwsPaymentInformation(service: string, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const ours = withDates(body as Record<string, unknown>, SPEC_DATES);
  if (service === 'payments' || service === 'periodic-payments') {
    const { remittanceInformationStructuredArray: references, ...rest } = ours;
    const first = Array.isArray(references)
      ? (references[0] as IobwsStructuredReference | undefined)
      : undefined;
    return first?.reference ? { ...rest, remittanceInformationStructured: first.reference } : rest;
  }
  return ours;
}
