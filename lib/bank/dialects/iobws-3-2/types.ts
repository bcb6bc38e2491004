/**
 * IOBWS 3.2's wire shapes (contract/published/IOBWS3.2.yaml), as far as this app sends or reads them. Each names
 * the published schema it stands for; members the app never sends are left out.
 */

/** `accountReference`. */
export interface IobwsAccountReference {
  iban?: string;
  bban?: string;
  pan?: string;
  maskedPan?: string;
  msisdn?: string;
  currency?: string;
}

/** `amount`. */
export interface IobwsAmount {
  currency: string;
  amount: string;
}

/** `remittanceInformationStructured`: IOBWS carries them as `remittanceInformationStructuredArray`. */
export interface IobwsStructuredReference {
  reference: string;
  referenceType?: string;
  referenceIssuer?: string;
}

/** `paymentInitiationDomestic_json` (payments; credit-transfers, claim-payments, card-deposits). */
export interface IobwsPaymentInitiation {
  endToEndIdentification?: string;
  debtorId?: string;
  debtorAccount: IobwsAccountReference;
  instructedAmount?: IobwsAmount;
  creditorAccount: IobwsAccountReference;
  creditorId?: string;
  creditorName?: string;
  remittanceInformationUnstructured?: string;
  remittanceInformationStructuredArray?: IobwsStructuredReference[];
  /** `format: date`. */
  requestedExecutionDate?: string;
  /** Mandatory for claim-payments (ÍST TS 310, table "Data elements for domestic payments"). */
  partialPayment?: boolean;
  [member: string]: unknown;
}

/** `periodicPaymentInitiationDomestic_json`. */
export interface IobwsPeriodicPaymentInitiation {
  debtorAccount: IobwsAccountReference;
  instructedAmount: IobwsAmount;
  creditorAccount?: IobwsAccountReference;
  remittanceInformationStructuredArray?: IobwsStructuredReference[];
  /** `format: date`. */
  startDate?: string;
  /** `format: date`. */
  endDate?: string;
  [member: string]: unknown;
}

/** `bulkPaymentInitiationDomestic_json`. */
export interface IobwsBulkPaymentInitiation {
  paymentInformationId: string;
  /** `format: date`. */
  requestedExecutionDate?: string;
  payments: Record<string, unknown>[];
  [member: string]: unknown;
}

/** `iobwsAuthorisationConfirmation`. */
export interface IobwsAuthorisationConfirmation {
  confirmationMessage?: string;
}

/** `transactionFeesDetail.feeType`. */
export const IOBWS_FEE_TYPES = ['FEES', 'PRIORITYFEES', 'FOREIGNBANKSERVICEFEES', 'OTHERFEES'] as const;
