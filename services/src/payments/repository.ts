import type { DepositStatus } from '@fanmission/contracts';
import type { Insertable } from 'kysely';
import { containsPattern, type DbExecutor } from '../db';
import { selectListWindow, type ListWindow } from '../admin';
import type {
  BankTransferRow,
  BankTransfersTable,
  PaymentRow,
  PaymentStatus,
  PaymentsTable,
  SandboxCheckoutRow,
  SandboxCheckoutsTable,
  SandboxRefundsTable,
} from './table';

// ---- Payment orders ----------------------------------------------------------------------------------------------

/** Inserts the order; with an idempotency key already used by that user, inserts nothing and returns undefined. */
export async function insertPayment(
  db: DbExecutor,
  values: Insertable<PaymentsTable>,
): Promise<PaymentRow | undefined> {
  return db
    .insertInto('payments')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function findPaymentByIdempotencyKey(
  db: DbExecutor,
  userId: number,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function findPayment(db: DbExecutor, paymentId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

/** The orders of these ids, by id, in one query (an id no order has is absent: a bank deposit's, for one). */
export async function findPayments(db: DbExecutor, paymentIds: string[]): Promise<Map<string, PaymentRow>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db.selectFrom('payments').selectAll().where('id', 'in', paymentIds).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The order a provider knows by its own id (PayPal's order id). */
export async function findPaymentByProviderPaymentId(
  db: DbExecutor,
  provider: PaymentRow['provider'],
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

/** Serialises everything that settles one payment (credits, concurrent retries) behind its row. */
export async function lockPayment(db: DbExecutor, paymentId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();
}

export async function setProviderPaymentId(db: DbExecutor, paymentId: string, providerPaymentId: string, now: Date) {
  await db
    .updateTable('payments')
    .set({ provider_payment_id: providerPaymentId, updated_at: now })
    .where('id', '=', paymentId)
    .execute();
}

/** Records what the provider said about an unpaid order; a paid order never changes back. */
export async function recordPaymentOutcome(
  db: DbExecutor,
  paymentId: string,
  outcome: { status: Exclude<PaymentStatus, 'paid'>; failureReason: string | null; now: Date },
) {
  await db
    .updateTable('payments')
    .set({ status: outcome.status, failure_reason: outcome.failureReason, updated_at: outcome.now })
    .where('id', '=', paymentId)
    .where('status', '<>', 'paid')
    .execute();
}

export async function markPaymentPaid(
  db: DbExecutor,
  paymentId: string,
  paid: {
    providerPaymentId: string | null;
    now: Date;
    payMethod?: PaymentRow['pay_method'] | undefined;
    receiptUrl?: string | undefined;
  },
) {
  await db
    .updateTable('payments')
    .set((eb) => ({
      ...(paid.payMethod !== undefined && { pay_method: paid.payMethod }),
      ...(paid.receiptUrl !== undefined && { receipt_url: paid.receiptUrl }),
      status: 'paid',
      failure_reason: null,
      provider_payment_id: eb.fn.coalesce('provider_payment_id', eb.val(paid.providerPaymentId)),
      paid_at: paid.now,
      updated_at: paid.now,
    }))
    .where('id', '=', paymentId)
    .execute();
}

/** A verified webhook naming the payment, for the console's history of the payment (its status changes: a trigger). */
export async function recordPaymentWebhook(db: DbExecutor, paymentId: string, detail: string, at: Date) {
  await db
    .insertInto('payment_events')
    .values({ payment_id: paymentId, kind: 'WEBHOOK', detail, created_at: at })
    .execute();
}

// ---- The sandbox provider's own records --------------------------------------------------------------------------

export async function findSandboxCheckout(db: DbExecutor, paymentId: string): Promise<SandboxCheckoutRow | undefined> {
  return db.selectFrom('sandbox_checkouts').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/** The first decision on a sandbox checkout stands, as at a real provider. */
export async function decideSandboxCheckout(db: DbExecutor, values: Insertable<SandboxCheckoutsTable>) {
  await db
    .insertInto('sandbox_checkouts')
    .values(values)
    .onConflict((conflict) => conflict.column('payment_id').doNothing())
    .execute();
}

export async function cancelSandboxCheckout(db: DbExecutor, paymentId: string, now: Date) {
  await db
    .updateTable('sandbox_checkouts')
    .set({ status: 'cancelled', decided_at: now })
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'paid')
    .execute();
}

/** The sandbox's refunds of a checkout, oldest first. */
export async function findSandboxRefunds(db: DbExecutor, paymentId: string) {
  return db
    .selectFrom('sandbox_refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at')
    .execute();
}

export async function insertSandboxRefund(db: DbExecutor, values: Insertable<SandboxRefundsTable>) {
  await db
    .insertInto('sandbox_refunds')
    .values(values)
    .onConflict((conflict) => conflict.column('request_id').doNothing())
    .execute();
}

// ---- Bank deposits -----------------------------------------------------------------------------------------------

export async function insertBankTransfer(
  db: DbExecutor,
  values: Insertable<BankTransfersTable>,
): Promise<BankTransferRow | undefined> {
  return db
    .insertInto('bank_transfers')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function findBankTransferByIdempotencyKey(
  db: DbExecutor,
  userId: number,
  idempotencyKey: string,
): Promise<BankTransferRow | undefined> {
  return db
    .selectFrom('bank_transfers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function lockBankTransfer(db: DbExecutor, id: number): Promise<BankTransferRow | undefined> {
  return db.selectFrom('bank_transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideBankTransfer(
  db: DbExecutor,
  id: number,
  decision: { status: DepositStatus; note: string | null; decidedBy: number; now: Date },
) {
  await db
    .updateTable('bank_transfers')
    .set({
      status: decision.status,
      note: decision.note,
      decided_by: decision.decidedBy,
      decided_at: decision.now,
      updated_at: decision.now,
    })
    .where('id', '=', id)
    .execute();
}

/** A bank-deposit request with its coin item, requester and crediting deposit. */
function bankTransferDetails(db: DbExecutor) {
  return (
    db
      .selectFrom('bank_transfers as t')
      .innerJoin('coin_items as i', 'i.id', 't.coin_item_id')
      .innerJoin('users as u', 'u.id', 't.user_id')
      // At most one receipt per transfer (its primary key).
      .leftJoin('cash_receipts as r', 'r.bank_transfer_id', 't.id')
      .select([
        'r.status as receipt_status',
        'r.approval_number as receipt_approval_number',
        'r.issued_at as receipt_issued_at',
        'r.attempts as receipt_attempts',
        'r.last_error as receipt_last_error',
        'r.next_attempt_at as receipt_next_attempt_at',
        't.id',
        't.user_id',
        't.coin_item_id',
        't.depositor_name',
        't.depositor_phone',
        't.cash_receipt_number',
        't.receipt_type',
        't.amount',
        't.pay_to_bank_name',
        't.pay_to_account_number',
        't.pay_to_account_holder',
        't.pay_due_at',
        't.point as item_point',
        't.status',
        't.note',
        't.decided_by',
        't.decided_at',
        't.created_at',
        'i.name as item_name',
        'i.price as item_price',
        'u.username',
        'u.email',
        // The crediting deposit by its unique bank_transfer_id, looked up per row: a join let the planner merge-join
        // the window's rows with the whole deposit index.
        (eb) =>
          eb
            .selectFrom('coin_deposits as d')
            .select('d.id')
            .whereRef('d.bank_transfer_id', '=', 't.id')
            .as('coin_deposit_id'),
      ])
  );
}
export type BankTransferDetails = Awaited<
  ReturnType<ReturnType<typeof bankTransferDetails>['executeTakeFirstOrThrow']>
>;

export interface BankTransferFilter {
  id?: number | number[];
  status?: DepositStatus | DepositStatus[];
  userId?: number;
  q?: string;
}

/** The filter reads the requests alone: the window's ids come from an index in the list's order, the joins only for them. */
const bankTransferKeys = (db: DbExecutor) => db.selectFrom('bank_transfers as t');
type KeysQuery = ReturnType<typeof bankTransferKeys>;

function withFilter(query: KeysQuery, filter: BankTransferFilter): KeysQuery {
  let qb = query;
  if (filter.id !== undefined) {
    const ids = Array.isArray(filter.id) ? filter.id : [filter.id];
    qb = ids.length === 0 ? qb.where((eb) => eb.val(false)) : qb.where('t.id', 'in', ids);
  }
  if (filter.status) qb = qb.where('t.status', 'in', Array.isArray(filter.status) ? filter.status : [filter.status]);
  if (filter.userId !== undefined) qb = qb.where('t.user_id', '=', filter.userId);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    qb = qb.where((eb) => eb.or([eb('t.depositor_name', 'ilike', pattern), eb('t.depositor_phone', 'like', pattern)]));
  }
  return qb;
}

const SORT_COLUMNS = { id: 't.id', created: 't.created_at', status: 't.status', amount: 't.amount' } as const;
export type BankTransferSortField = keyof typeof SORT_COLUMNS;

/**
 * One window of requests, newest first unless sorted otherwise, with the total the filter matches (exact up to
 * EXACT_COUNT_LIMIT, `countUpTo`).
 */
export async function listBankTransfers(
  db: DbExecutor,
  query: { filter: BankTransferFilter; sort: [BankTransferSortField, 'ASC' | 'DESC']; window: ListWindow },
): Promise<{ rows: BankTransferDetails[]; total: number }> {
  return selectListWindow(
    bankTransferDetails(db),
    { column: SORT_COLUMNS[query.sort[0]], direction: query.sort[1], idColumn: 't.id' },
    query.window,
    withFilter(bankTransferKeys(db), query.filter),
  );
}

export async function findBankTransferDetails(db: DbExecutor, id: number): Promise<BankTransferDetails | undefined> {
  return bankTransferDetails(db).where('t.id', '=', id).executeTakeFirst();
}

/** Confirmed bank deposits by id, with the member and the depositor name they were paid under. */
export async function findPaidBankTransfers(
  db: DbExecutor,
  ids: number[],
): Promise<Map<number, { id: number; user_id: number; depositor_name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('bank_transfers')
    .select(['id', 'user_id', 'depositor_name'])
    .where('id', 'in', ids)
    .where('status', '=', 'paid')
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
