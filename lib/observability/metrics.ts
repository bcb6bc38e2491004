import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { processGlobal } from '@/lib/server/process-global';

/**
 * The app's Prometheus metrics (docs/operations.md says what each means and what to alert on), served by
 * GET /api/metrics. One registry per process, on globalThis: route handlers, actions, jobs and the
 * proxy are bundled apart, and each must count into the registry that is scraped. Counters count in this
 * instance (sum them over instances); the `_backlog`, `_oldest_` and queue gauges are read from the
 * shared database at each scrape and are the same on every instance (take the max, not the sum).
 * Labels are our own bounded names: bank ids, interfaces, operations, statuses and spec codes, never
 * a person's data.
 */
function createMetrics() {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'greidsla' });
  collectDefaultMetrics({ register: registry, prefix: 'greidsla_' });
  const registers = [registry];
  return {
    registry,
    paymentsInitiated: new Counter({
      name: 'greidsla_payments_initiated_total',
      help: 'Payments sent to a bank, by the outcome of the initiation: accepted (the bank holds it), refused (a 4xx), unknown (no or a busy answer; sent again later).',
      labelNames: ['bank', 'service', 'product', 'outcome'] as const,
      registers,
    }),
    paymentsFinal: new Counter({
      name: 'greidsla_payments_final_total',
      help: 'Payments that reached a final transactionStatus (ACCC, RJCT, CANC, …), by that status.',
      labelNames: ['bank', 'service', 'product', 'status'] as const,
      registers,
    }),
    bankCallDuration: new Histogram({
      name: 'greidsla_bank_call_duration_seconds',
      help: 'Time of each HTTP exchange with a bank (each retry counted apart), by outcome class (2xx, 4xx, 5xx, none).',
      labelNames: ['bank', 'interface', 'operation', 'outcome'] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    bankCallErrors: new Counter({
      name: 'greidsla_bank_call_errors_total',
      help: 'Exchanges with a bank answered 4xx or 5xx, or not answered (status "none": timeout or network), by status and the first tppMessages code.',
      labelNames: ['bank', 'interface', 'operation', 'status', 'code'] as const,
      registers,
    }),
    bankCallRetries: new Counter({
      name: 'greidsla_bank_call_retries_total',
      help: 'Exchanges that repeated a call the bank answered busy (429, 503, 408, 409) or whose connection was lost before any answer.',
      labelNames: ['bank', 'interface', 'operation'] as const,
      registers,
    }),
    tokenRequests: new Counter({
      name: 'greidsla_bank_token_requests_total',
      help: 'Access-token requests to a bank (first tokens and refreshes), by interface and outcome (ok, refused, failed).',
      labelNames: ['bank', 'interface', 'outcome'] as const,
      registers,
    }),
    notificationsReceived: new Counter({
      name: 'greidsla_notifications_received_total',
      help: 'Payment status notifications posted by a bank, by outcome (accepted, not_found).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'greidsla_webhook_deliveries_total',
      help: 'Webhook deliveries from a bank, by outcome (accepted, duplicate, or the reason of a refusal).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    webhookDeliveryLag: new Histogram({
      name: 'greidsla_webhook_delivery_lag_seconds',
      help: 'From an event occurring at the bank (its occurredAt) to its delivery being accepted here.',
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 21600],
      registers,
    }),
    backlog: new Gauge({
      name: 'greidsla_intake_backlog',
      help: 'Notifications and webhook events received but not yet processed (shared database; take the max over instances).',
      labelNames: ['kind'] as const,
      registers,
    }),
    backlogAge: new Gauge({
      name: 'greidsla_intake_oldest_unprocessed_seconds',
      help: 'Age of the oldest notification or webhook event not yet processed; 0 when none waits (shared database).',
      labelNames: ['kind'] as const,
      registers,
    }),
    jobQueueDepth: new Gauge({
      name: 'greidsla_job_queue_jobs',
      help: 'Jobs in each pg-boss queue by state: queued (ready or deferred), active, failed (as pg-boss last counted them; shared database).',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    jobQueueAge: new Gauge({
      name: 'greidsla_job_queue_oldest_ready_seconds',
      help: 'How long the oldest job that is due in each queue has waited for a worker; 0 when none waits (shared database).',
      labelNames: ['queue'] as const,
      registers,
    }),
    throttleRefusals: new Counter({
      name: 'greidsla_throttle_refusals_total',
      help: 'Requests refused by a rate limit, by limit (sign-in:email-at-address, sign-in:ip, sign-up:ip, password:psu, action:psu, public:ip, verification-mail:psu).',
      labelNames: ['limit'] as const,
      registers,
    }),
    auditWriteFailures: new Counter({
      name: 'greidsla_audit_write_failures_total',
      help: 'Bank-call audit rows that could not be written to the database (lost from the trail; logged).',
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The metrics of this process. */
export function metrics(): Metrics {
  return processGlobal('metrics', createMetrics);
}
