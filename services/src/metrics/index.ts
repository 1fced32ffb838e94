// The public surface of `metrics`: the process's Prometheus registry and the counters of what the process did
// (infrastructure: any module may count; `health` and the worker's metrics listener serve them). Other modules
// import only this file.
export {
  countAlimtalkSkipped,
  countLedgerTransaction,
  countMail,
  countPaymentVerification,
  countPaymentWebhook,
  countPushMessage,
  countRateLimitRefusal,
  countRepairs,
  countWorkflowOutcome,
  countWorkflowStart,
  type PaymentVerificationOutcome,
  type PaymentWebhookOutcome,
  type PushOutcome,
  type Reconciler,
  type Repair,
  type WorkflowOutcome,
} from './counters';
export { processMetrics } from './registry';
