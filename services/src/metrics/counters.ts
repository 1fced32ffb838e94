import { processCounter } from './registry';

// The counters of what a process did, in its process registry. Every label takes a bounded set of values (a type, a
// route pattern, an outcome), never an id or a raw URL. docs/observability.md says what on-call does with each.

/** Counted after commit, by the settlement feed as it applies the ledger's `ledger.transaction.appended` events. */
const ledgerTransactions = processCounter(
  'fanmission_ledger_transactions_total',
  'Ledger transactions committed, by transaction type (counted as the settlement feed applies their events).',
  ['transaction_type'],
);

const workflowStarts = processCounter(
  'fanmission_workflow_starts_total',
  'Workflows this process started with the Temporal client, by workflow type.',
  ['workflow_type'],
);

export type WorkflowOutcome = 'completed' | 'failed' | 'cancelled' | 'continued_as_new';

const workflowOutcomes = processCounter(
  'fanmission_workflow_outcomes_total',
  'Workflow executions that ended on this worker, by workflow type and outcome.',
  ['workflow_type', 'outcome'],
);

export type Reconciler = 'missions' | 'lottery-events' | 'payment-sweeper';
export type Repair = 'workflow_started' | 'payment_credited' | 'refund_reconciled';

const reconcilerRepairs = processCounter(
  'fanmission_reconciler_repairs_total',
  'What the reconcilers repaired: workflows started late, paid orders credited, provider refunds reconciled.',
  ['reconciler', 'repair'],
);
const REPAIRS: ReadonlyArray<readonly [Reconciler, Repair]> = [
  ['missions', 'workflow_started'],
  ['lottery-events', 'workflow_started'],
  ['payment-sweeper', 'payment_credited'],
  ['payment-sweeper', 'refund_reconciled'],
];
// Repairs are rare: each series exists from the start at 0, so that the first one shows as an increase.
for (const [reconciler, repair] of REPAIRS) reconcilerRepairs.inc({ reconciler, repair }, 0);

const mails = processCounter(
  'fanmission_mails_total',
  'Mails handed to the mail server (or the development mailbox), by kind and outcome (sent, failed, withheld: to an address nobody confirmed).',
  ['kind', 'outcome'],
);

export type PaymentVerificationOutcome =
  'paid' | 'mismatch' | 'pending' | 'not_completed' | 'failed' | 'cancelled' | 'provider_unavailable';

const paymentVerifications = processCounter(
  'fanmission_payment_verifications_total',
  'Payments verified at their provider, by provider, pay method and outcome.',
  ['provider', 'method', 'outcome'],
);

export type PaymentWebhookOutcome = 'accepted' | 'bad_signature' | 'provider_unavailable';

const paymentWebhooks = processCounter(
  'fanmission_payment_webhooks_total',
  'Payment provider webhooks received, by provider and whether their signature was accepted.',
  ['provider', 'outcome'],
);

export type PushOutcome = 'sent' | 'retried' | 'failed' | 'dropped' | 'subscription_removed';

const pushMessages = processCounter(
  'fanmission_push_messages_total',
  'Web push messages handed to the push services, by outcome (sent, retried, failed, dropped, subscription_removed).',
  ['outcome'],
);

const rateLimitRefusals = processCounter(
  'fanmission_rate_limit_refusals_total',
  'Requests refused with 429 by a rate limit, by route pattern and method.',
  ['route', 'method'],
);

export const countLedgerTransaction = (transactionType: string) =>
  ledgerTransactions.inc({ transaction_type: transactionType });

export const countWorkflowStart = (workflowType: string) => workflowStarts.inc({ workflow_type: workflowType });

export const countWorkflowOutcome = (workflowType: string, outcome: WorkflowOutcome) =>
  workflowOutcomes.inc({ workflow_type: workflowType, outcome });

export const countRepairs = (reconciler: Reconciler, repair: Repair, count = 1) => {
  if (count > 0) reconcilerRepairs.inc({ reconciler, repair }, count);
};

/** `kind` is the mail's template (`OutgoingMail.kind` in services/src/mail/mailer.ts). */
export const countMail = (kind: string, outcome: 'sent' | 'failed' | 'withheld') => mails.inc({ kind, outcome });

export const countPaymentVerification = (
  payment: { provider: string; pay_method: string },
  outcome: PaymentVerificationOutcome,
) => paymentVerifications.inc({ provider: payment.provider, method: payment.pay_method, outcome });

export const countPaymentWebhook = (provider: string, outcome: PaymentWebhookOutcome) =>
  paymentWebhooks.inc({ provider, outcome });

/** `route` is the route's pattern (`/api/login`), never the requested URL. */
export const countRateLimitRefusal = (route: string, method: string) => rateLimitRefusals.inc({ route, method });

/** One push message's attempt (services/src/push/sender.ts). */
export const countPushMessage = (outcome: PushOutcome) => pushMessages.inc({ outcome });

const alimtalkSkipped = processCounter(
  'fanmission_alimtalk_skipped_total',
  '알림톡 not sent to a member with a mobile number on his profile, by reason (unconfirmed_phone, unverified_account).',
  ['reason'],
);

/** A 알림톡 the consumer let go (services/src/alimtalk/consumer.ts). */
export const countAlimtalkSkipped = (reason: 'unconfirmed_phone' | 'unverified_account') =>
  alimtalkSkipped.inc({ reason });
