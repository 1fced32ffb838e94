import {
  ADMIN_PAYMENT_MAX_OFFSET,
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentFilter,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import { selectListWindow, type ListPage, type ListWindow } from '../admin';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, notFound } from '../http';
import { PENDING } from './reversals';

/*
 * The console's payments resource: one window of payment orders (newest first, filtered on indexed columns only, the
 * total counted up to a bound) and one payment with everything that happened to it. Cancelling one at its provider
 * goes through the fan's withdrawal path (services/src/coin-history/payment-cancel.ts).
 */

function paymentRows(db: DbExecutor) {
  return db
    .selectFrom('payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('coin_items as i', 'i.id', 'p.coin_item_id')
    .select((eb) => [
      'p.id',
      'p.user_id',
      'u.username',
      'u.email',
      'p.coin_item_id',
      'i.name as item_name',
      eb.fn.coalesce('p.point', 'i.point').as('coins'),
      'p.provider',
      'p.pay_method',
      'p.currency',
      'p.amount',
      'p.status',
      'p.provider_payment_id',
      'p.failure_reason',
      'p.created_at',
      'p.paid_at',
      eb
        .selectFrom('payment_reversals as r')
        .whereRef('r.payment_id', '=', 'p.id')
        .where('r.provider_refund_id', 'not like', `${PENDING}%`)
        .select(sql<number>`coalesce(sum(r.amount), 0)::int`.as('sum'))
        .as('refunded_amount'),
    ]);
}
type PaymentListRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['executeTakeFirstOrThrow']>>;

/** The filter reads payments alone (the window's ids come from an index in the list's order, the joins only for them). */
const paymentKeys = (db: DbExecutor) => db.selectFrom('payments as p');

function withFilter(query: ReturnType<typeof paymentKeys>, filter: AdminPaymentFilter) {
  let qb = query;
  if (filter.id !== undefined) {
    const ids = Array.isArray(filter.id) ? filter.id : [filter.id];
    qb = ids.length === 0 ? qb.where((eb) => eb.val(false)) : qb.where('p.id', 'in', ids);
  }
  if (filter.provider) qb = qb.where('p.provider', '=', filter.provider);
  if (filter.payMethod) qb = qb.where('p.pay_method', '=', filter.payMethod);
  if (filter.status) qb = qb.where('p.status', '=', filter.status);
  if (filter.userId !== undefined) qb = qb.where('p.user_id', '=', filter.userId);
  if (filter.from) qb = qb.where('p.created_at', '>=', new Date(filter.from));
  if (filter.to) qb = qb.where('p.created_at', '<', new Date(filter.to));
  const q = filter.q;
  if (q) {
    // Exact matches only, each on an index: the order, the provider's id, the member's e-mail (citext) or username.
    qb = qb.where((eb) =>
      eb.or([
        eb('p.id', '=', q),
        eb('p.provider_payment_id', '=', q),
        eb(
          'p.user_id',
          'in',
          eb
            .selectFrom('users as m')
            .select('m.id')
            .where((inner) => inner.or([inner('m.email', '=', q), inner('m.username', '=', q)])),
        ),
      ]),
    );
  }
  return qb;
}

const toAdmin = (row: PaymentListRow): AdminPayment => ({
  id: row.id,
  userId: row.user_id,
  username: row.username,
  email: row.email,
  coinItem: { id: row.coin_item_id, name: row.item_name },
  coins: row.coins,
  provider: row.provider,
  payMethod: row.pay_method,
  currency: row.currency,
  amount: row.amount,
  status: row.status,
  providerPaymentId: row.provider_payment_id,
  failureReason: row.failure_reason,
  createdAt: row.created_at.toISOString(),
  paidAt: row.paid_at?.toISOString() ?? null,
  refundedAmount: Number(row.refunded_amount ?? 0),
});

/** One window of payments; a window starting past ADMIN_PAYMENT_MAX_OFFSET is refused (400): narrow the filter. */
export async function listPaymentsForConsole(
  ctx: ServiceContext,
  query: { filter: AdminPaymentFilter; sort: ['createdAt', 'ASC' | 'DESC']; window: ListWindow },
): Promise<ListPage<AdminPayment>> {
  if (query.window.offset > ADMIN_PAYMENT_MAX_OFFSET) {
    throw new AppError(400, 'payments.windowTooDeep', { params: { max: ADMIN_PAYMENT_MAX_OFFSET } });
  }
  const { rows, total } = await selectListWindow(
    paymentRows(ctx.db),
    { column: 'p.created_at', direction: query.sort[1], idColumn: 'p.id' },
    query.window,
    withFilter(paymentKeys(ctx.db), query.filter),
  );
  return { rows: rows.map(toAdmin), total };
}

/** One payment with its history, its coin deposit and its refunds at the provider (refund requests: coin-history). */
export async function getPaymentForConsole(
  ctx: ServiceContext,
  id: string,
): Promise<Omit<AdminPaymentDetail, 'refunds'>> {
  const row = await paymentRows(ctx.db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('payments.paymentNotFound');
  const [events, deposit, reversals] = await Promise.all([
    ctx.db
      .selectFrom('payment_events')
      .select(['kind', 'status', 'detail', 'created_at'])
      .where('payment_id', '=', id)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('coin_deposits')
      .select(['id', 'ledger_transaction_id'])
      .where('payment_id', '=', id)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('payment_reversals')
      .selectAll()
      .where('payment_id', '=', id)
      .where('provider_refund_id', 'not like', `${PENDING}%`)
      .orderBy('id')
      .execute(),
  ]);
  const payment = toAdmin(row);
  return {
    ...payment,
    events: [
      { kind: 'CREATED', status: null, detail: null, at: payment.createdAt },
      ...events.map((event) => ({
        kind: event.kind,
        status: event.status,
        detail: event.detail,
        at: event.created_at.toISOString(),
      })),
    ],
    deposit: deposit ? { id: deposit.id, ledgerTransactionId: deposit.ledger_transaction_id, coins: row.coins } : null,
    reversals: reversals.map((reversal) => ({
      providerRefundId: reversal.provider_refund_id,
      origin: reversal.origin,
      kind: reversal.kind,
      currency: reversal.currency,
      amount: reversal.amount,
      coinsTaken: reversal.coins_taken,
      shortfallCoins: reversal.shortfall_coins,
      at: reversal.created_at.toISOString(),
    })),
  };
}
