import type { PaymentService } from '@/lib/bank/payments';
import { metrics } from '@/lib/observability/metrics';
import { isFinalStatus } from './status';

interface Counted {
  bankId: string;
  service: PaymentService;
  product: string;
}

/** One initiation's outcome (docs/operations.md, greidsla_payments_initiated_total). */
export function countInitiation(payment: Counted, outcome: 'accepted' | 'refused' | 'unknown'): void {
  metrics().paymentsInitiated.inc({
    bank: payment.bankId,
    service: payment.service,
    product: payment.product,
    outcome,
  });
}

/** A status recorded for a payment: counted when it is final (greidsla_payments_final_total). */
export function countStatusRecorded(payment: Counted, transactionStatus: string): void {
  if (!isFinalStatus(transactionStatus, payment.service)) return;
  metrics().paymentsFinal.inc({
    bank: payment.bankId,
    service: payment.service,
    product: payment.product,
    status: transactionStatus,
  });
}
