import { randomUUID } from 'node:crypto';
import { grantBonus, holdForMission, purchase, walletAccount } from '@fanmission/ledger';
import type { Db } from '@fanmission/services/db';
import { SANDBOX_CHARGEBACK } from '@fanmission/services/payments';

/*
 * Test support: charges, free coins and spends written the way the payment and mission modules write them (a paid
 * payment or bank deposit, the ledger's purchase, and the coin deposit tying them together), at any instant.
 */

export interface Charge {
  depositId: number;
  transactionId: number;
  paymentId: string;
}

async function coinItem(db: Db, itemType: 'CASH' | 'BONUS', point?: number) {
  let query = db.selectFrom('coin_items').selectAll().where('item_type', '=', itemType);
  if (point !== undefined) query = query.where('point', '=', point);
  return await query.orderBy('id').executeTakeFirstOrThrow();
}

/** The depositor name `chargeCoins`' bank deposits are paid under: an account held by it is the fan's own. */
export const TEST_DEPOSITOR_NAME = '홍길동';

/**
 * A verified charge of a catalogue item (10, 30, 50, 100, 300, 500 or 1000 coins), paid by bank deposit or at the
 * sandbox provider by card (the default), KakaoPay, PayPal or mobile phone (in won).
 */
export async function chargeCoins(
  db: Db,
  options: {
    userId: number;
    coins: number;
    at: Date;
    via?: 'card' | 'kakaopay' | 'paypal' | 'phone' | 'bank';
    depositorName?: string;
  },
): Promise<Charge> {
  const item = await coinItem(db, 'CASH', options.coins);
  let paymentId: string;
  let source: { payment_id: string } | { bank_transfer_id: number };
  if (options.via === 'bank') {
    const transfer = await db
      .insertInto('bank_transfers')
      .values({
        user_id: options.userId,
        coin_item_id: item.id,
        depositor_name: options.depositorName ?? TEST_DEPOSITOR_NAME,
        depositor_phone: '01012345678',
        cash_receipt_number: null,
        amount: item.price,
        point: item.point,
        status: 'paid',
        decided_by: null,
        decided_at: options.at,
        note: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    paymentId = `bank-transfer:${transfer.id}`;
    source = { bank_transfer_id: transfer.id };
  } else {
    paymentId = `test-${randomUUID()}`;
    await db
      .insertInto('payments')
      .values({
        id: paymentId,
        user_id: options.userId,
        coin_item_id: item.id,
        provider: 'sandbox',
        pay_method: options.via ?? 'card',
        pg: null,
        currency: 'KRW',
        amount: item.price,
        redirect_url: null,
        status: 'paid',
        provider_payment_id: null,
        failure_reason: null,
        paid_at: options.at,
      })
      .execute();
    source = { payment_id: paymentId };
  }
  const entry = await purchase(db, {
    userId: options.userId,
    coins: item.point,
    paymentId,
    payMethod: options.via === 'bank' ? 'withoutbankbook' : (options.via ?? 'card'),
    coinItemId: item.id,
    idempotencyKey: `purchase:${paymentId}`,
    now: options.at,
  });
  const deposit = await db
    .insertInto('coin_deposits')
    .values({
      user_id: options.userId,
      coin_item_id: item.id,
      ledger_transaction_id: entry.transactionId,
      payment_id: null,
      bank_transfer_id: null,
      ...source,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { depositId: deposit.id, transactionId: entry.transactionId, paymentId };
}

/** Free coins of the free-coin event (a BONUS lot). */
export async function grantFreeCoins(db: Db, options: { userId: number; coins: number; at: Date }) {
  const item = await coinItem(db, 'BONUS');
  return await grantBonus(db, {
    userId: options.userId,
    coins: options.coins,
    reason: 'FREE_COIN_EVENT',
    coinItemId: item.id,
    idempotencyKey: `bonus:${randomUUID()}`,
    now: options.at,
  });
}

/**
 * A deposit row for free coins, as a misconfigured catalogue could produce: a BONUS item "paid" for. Withdrawal
 * must still refuse it.
 */
export async function freeCoinsDeposit(db: Db, options: { userId: number; at: Date }): Promise<number> {
  const item = await coinItem(db, 'BONUS');
  const paymentId = `test-${randomUUID()}`;
  await db
    .insertInto('payments')
    .values({
      id: paymentId,
      user_id: options.userId,
      coin_item_id: item.id,
      provider: 'sandbox',
      pay_method: 'card',
      pg: null,
      currency: 'KRW',
      amount: 1,
      redirect_url: null,
      status: 'paid',
      provider_payment_id: null,
      failure_reason: null,
      paid_at: options.at,
    })
    .execute();
  const entry = await grantFreeCoins(db, { userId: options.userId, coins: item.point, at: options.at });
  const deposit = await db
    .insertInto('coin_deposits')
    .values({
      user_id: options.userId,
      coin_item_id: item.id,
      payment_id: paymentId,
      bank_transfer_id: null,
      ledger_transaction_id: entry.transactionId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return deposit.id;
}

let missions = 0;

/** Holds coins for a (not yet existing) mission, as a mission request would. */
export async function spendCoins(db: Db, options: { userId: number; coins: number; at: Date }) {
  missions += 1;
  return await holdForMission(db, {
    userId: options.userId,
    missionId: 100_000 + missions,
    coins: options.coins,
    idempotencyKey: `hold:${randomUUID()}`,
    now: options.at,
  });
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const plus = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

/** The id of the catalogue's 10-coin CASH item (1,000 won, $0.80), which the payment suites order. */
export async function tenCoinItemId(db: Db): Promise<number> {
  const item = await db
    .selectFrom('coin_items')
    .select('id')
    .where('point', '=', 10)
    .where('item_type', '=', 'CASH')
    .executeTakeFirstOrThrow();
  return item.id;
}

/** The wallet's balance straight from the ledger postings (not from any counter). */
export async function walletCoins(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('account', '=', walletAccount(userId))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The sandbox provider's own record of a paid checkout, as its checkout page writes it when the payer approves: the
 * sandbox refunds only what a checkout took.
 */
export async function recordSandboxCheckout(db: Db, paymentId: string, at: Date): Promise<void> {
  const { amount } = await db
    .selectFrom('payments')
    .select('amount')
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sandbox_checkouts')
    .values({ payment_id: paymentId, status: 'paid', amount, currency: 'KRW', decided_at: at })
    .execute();
}

/**
 * A chargeback at the sandbox provider: the payer's bank takes back what is left of a paid checkout, recorded on the
 * provider's side as its test mode would (nobody asked the provider); the app learns of it when it asks the provider
 * for the payment's refunds (`reconcileProviderRefunds`, as its webhook and sweeper do). Answers the won taken back
 * (0 when nothing was left).
 */
export async function chargebackAtSandbox(db: Db, paymentId: string, at: Date): Promise<number> {
  const checkout = await db
    .selectFrom('sandbox_checkouts')
    .select(['amount', 'currency', 'status'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!checkout || checkout.status !== 'paid') return 0;
  const refunded = await db
    .selectFrom('sandbox_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('won'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  const left = checkout.amount - Number(refunded.won);
  if (left <= 0) return 0;
  await db
    .insertInto('sandbox_refunds')
    .values({
      id: `sandbox-chargeback-${randomUUID()}`,
      payment_id: paymentId,
      request_id: `${SANDBOX_CHARGEBACK}${randomUUID()}`,
      amount: left,
      currency: checkout.currency,
      created_at: at,
    })
    .execute();
  await db
    .updateTable('sandbox_checkouts')
    .set({ status: 'cancelled', decided_at: at })
    .where('payment_id', '=', paymentId)
    .execute();
  return left;
}
