import type { PaymentProduct, PaymentService } from '../db/queries/payments.js';

export const PAYMENT_SERVICES: readonly PaymentService[] = ['payments', 'bulk-payments', 'periodic-payments'];
export const PAYMENT_PRODUCTS: readonly PaymentProduct[] = ['credit-transfers', 'card-deposits'];

/** transactionStatus values after which a payment takes no further step. */
export const FINAL_STATUSES = new Set(['ACSC', 'ACCC', 'ACWP', 'PART', 'RJCT', 'CANC']);
