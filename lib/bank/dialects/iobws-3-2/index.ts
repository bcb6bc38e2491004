import type { Dialect } from '../dialect';
import {
  fromIobwsPath,
  fromIobwsPaymentInformation,
  IOBWS_DATES,
  toIobwsBody,
  toIobwsClaimPayment,
} from './transform';
import { IOBWS_FEE_TYPES, type IobwsAuthorisationConfirmation } from './types';

/**
 * IOBWS 3.2 as the Icelandic banks publish it (ÍST TS 310; contract/published/IOBWS3.2.yaml). Where it differs from
 * our bank's spec, the line of the published file it comes from:
 */
export const iobwsDialect: Dialect = {
  id: 'iobws-3.2',
  // `paths: /v1/{payment-service}/{payment-product}` under `servers: https://psd2.example.com`.
  paymentsPrefix: '/v1',
  // IOBWS-Claims3.1.yaml `paths: /v1/claims` under `servers: https://claims.example.com`.
  claimsPath: '/v1/claims',
  // `paymentInitiationDomestic_json.requestedExecutionDate`, `periodicPaymentInitiationDomestic_json.startDate`
  // and `.endDate`, `bulkPaymentInitiationDomestic_json.requestedExecutionDate`: `format: date`.
  dates: IOBWS_DATES,
  // `paymentProduct` parameter: credit-transfers, claim-payments, card-deposits (and the SEPA and cross-border
  // products, which this app does not make).
  products: ['credit-transfers', 'card-deposits', 'claim-payments'],
  // `remittanceInformationStructured.reference: maxLength: 35`, the one reference a standing order is sent with.
  standingOrderReferenceMax: 35,
  // `paymentInitiationBulkElementDomestic_json`: each member's `maxLength`, or its schema's (`debtorId`,
  // `ultimateDebtor`, `icelandicPurposeCode`, `centralBankPurposeCode`, `remittanceInformationUnstructured`, …).
  bulkElementMax: {
    endToEndIdentification: 35,
    instructionIdentification: 35,
    resourceId: 35,
    debtorId: 35,
    ultimateDebtor: 70,
    ultimateDebtorId: 35,
    creditorId: 35,
    ultimateCreditor: 70,
    ultimateCreditorId: 35,
    icelandicPurposeCode: 2,
    centralBankPurposeCode: 3,
    remittanceInformationUnstructured: 140,
  },
  // `transactionFeesDetail.feeType: enum [FEES, PRIORITYFEES, FOREIGNBANKSERVICEFEES, OTHERFEES]`.
  feeTypes: IOBWS_FEE_TYPES,
  toBankBody: toIobwsBody,
  toClaimPaymentBody: toIobwsClaimPayment,
  fromBankPath: fromIobwsPath,
  fromBankPaymentInformation: fromIobwsPaymentInformation,
  // `iobwsAuthorisationConfirmation: { confirmationMessage }` (ÍST TS 310, "Payment processing flow"), where the
  // spec has `confirmationCode`.
  straightThroughConfirmation: (reference): IobwsAuthorisationConfirmation & Record<string, string> => ({
    confirmationMessage: reference,
  }),
};
