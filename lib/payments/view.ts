import type { Payment, PaymentEvent } from '@/lib/db/schema';
import { nextScaStep, type ScaStep, scaStateOf } from './sca';
import { isFinalStatus } from './status';

/** What the browser sees of a payment: no internal keys, no request bodies. */
export interface PaymentView {
  id: string;
  service: string;
  product: string;
  phase: string;
  transactionStatus: string | null;
  /** The status to show: the bank's, or our own phase before the bank has one. */
  displayStatus: string;
  final: boolean;
  /** The bank has it and it is not settled: the PSU may ask for its cancellation. */
  cancellable: boolean;
  amount: string;
  currency: string;
  creditorName: string | null;
  creditorAccount: string;
  reference: string | null;
  elementCount: number | null;
  /** What the PSU is asked to do for SCA on our page, if anything. */
  scaStep: ScaStep;
  scaStatus: string | null;
  scaRedirect: string | null;
  failureCode: string | null;
  createdAt: string;
  events: {
    id: number;
    transactionStatus: string | null;
    scaStatus: string | null;
    source: string;
    at: string;
  }[];
}

export function toPaymentView(payment: Payment, events: PaymentEvent[]): PaymentView {
  const displayStatus =
    payment.phase === 'refused'
      ? 'refused'
      : (payment.transactionStatus ?? (payment.phase === 'initiated' ? 'RCVD' : 'new'));
  return {
    id: payment.id,
    service: payment.service,
    product: payment.product,
    phase: payment.phase,
    transactionStatus: payment.transactionStatus,
    displayStatus,
    final: payment.phase === 'refused' || isFinalStatus(payment.transactionStatus),
    cancellable: payment.phase === 'initiated' && !isFinalStatus(payment.transactionStatus),
    amount: payment.amount,
    currency: payment.currency,
    creditorName: payment.creditorName,
    creditorAccount: payment.creditorAccount,
    reference: payment.reference,
    elementCount: payment.elementCount,
    scaStep: nextScaStep(payment),
    scaStatus: scaStateOf(payment)?.scaStatus ?? null,
    scaRedirect:
      payment.phase === 'initiated' && payment.transactionStatus === 'RCVD' ? payment.scaRedirect : null,
    failureCode: payment.failureCode,
    createdAt: payment.createdAt.toISOString(),
    events: events.map((event) => ({
      id: event.id,
      transactionStatus: event.transactionStatus,
      scaStatus: event.scaStatus,
      source: event.source,
      at: event.occurredAt.toISOString(),
    })),
  };
}
