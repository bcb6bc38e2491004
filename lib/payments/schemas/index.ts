export {
  type BulkPaymentElement,
  BulkPaymentElementSchema,
  BulkPaymentElementWireSchema,
  type BulkPaymentForm,
  type BulkPaymentInitiation,
  BulkPaymentSchema,
  BulkPaymentWireSchema,
  bulkPaymentElementSchema,
  bulkPaymentSchema,
} from './bulk-payment';
export * from './enums';
export type { Layer } from './fields';
export {
  issueMessage,
  type MessageParams,
  type ParsedMessage,
  parseIssueMessage,
  type ValidationKey,
} from './issue-message';
export * from './limits';
export {
  type PeriodicPaymentForm,
  type PeriodicPaymentInitiation,
  PeriodicPaymentSchema,
  PeriodicPaymentWireSchema,
  periodicPaymentSchema,
} from './periodic-payment';
export * from './shared';
export {
  type SinglePaymentForm,
  type SinglePaymentInitiation,
  SinglePaymentSchema,
  SinglePaymentWireSchema,
  singlePaymentSchema,
} from './single-payment';
export {
  hasValidationMessage,
  type Locale,
  type TranslatedIssue,
  translateIssue,
  translateIssues,
  translateKey,
  translateMessage,
  validationMessages,
} from './translate';
