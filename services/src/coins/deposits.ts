import { isLedgerError, purchase } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError } from '../http';
import * as repository from './repository';

/** The ledger's idempotency key and payment id of a confirmed bank deposit. */
export const bankTransferPaymentId = (bankTransferId: number) => `bank-transfer:${bankTransferId}`;

/** A bank deposit request an operator confirmed (the payments module's row). */
export interface ConfirmedBankTransfer {
  id: number;
  user_id: number;
  coin_item_id: number;
  amount: number;
  /** The coins of the item as it was requested (a catalogue change since does not change what was bought). */
  point: number;
}

/** A provider payment order whose money was taken (the payments module's row). */
export interface PaidPayment {
  id: string;
  user_id: number;
  coin_item_id: number;
  pay_method: string;
  provider: string;
  currency: string;
  amount: number;
  /** The coins the order bought, snapshotted at order time; null for older orders: the catalogue's. */
  point?: number | null;
}

/**
 * A charge: the ledger purchase of a coin item's coins and the coin deposit row that ties the purchase to what paid
 * for it (a provider payment order or a confirmed bank deposit). Returns the coin deposit's id.
 */
async function creditCharge(
  trx: DbExecutor,
  charge: Parameters<typeof purchase>[1] & { coinItemId: number },
  paidBy: { payment_id: string } | { bank_transfer_id: number },
): Promise<number> {
  const entry = await purchase(trx, charge);
  const deposit = await repository.insertCoinDeposit(trx, {
    user_id: charge.userId,
    coin_item_id: charge.coinItemId,
    ...paidBy,
    ledger_transaction_id: entry.transactionId,
  });
  return deposit.id;
}

/** The coin deposit that already credited a payment order, if any. */
export async function findDepositOfPayment(db: DbExecutor, paymentId: string): Promise<{ id: number } | undefined> {
  return repository.findDepositByPayment(db, paymentId);
}

/**
 * Credits a verified payment order's coin item inside the caller's transaction: the ledger purchase (idempotent per
 * order) and the coin deposit row. Returns the coin deposit's id.
 */
export async function creditPaymentPurchase(trx: DbExecutor, payment: PaidPayment, now: Date): Promise<number> {
  const item = await repository.findCoinItem(trx, payment.coin_item_id);
  if (!item) throw new Error(`coin item ${payment.coin_item_id} of payment ${payment.id} is gone`);
  return creditCharge(
    trx,
    {
      userId: payment.user_id,
      coins: payment.point ?? item.point,
      paymentId: payment.id,
      payMethod: payment.pay_method,
      coinItemId: item.id,
      idempotencyKey: `coin-deposit:${payment.id}`,
      now,
      metadata: { provider: payment.provider, currency: payment.currency, amount: payment.amount },
    },
    { payment_id: payment.id },
  );
}

/**
 * Credits a bank deposit an operator confirmed, inside the operator's transaction (which holds the request's row
 * lock and records the decision). Returns the coin deposit's id.
 */
export async function depositBankTransfer(
  ctx: ServiceContext,
  trx: DbExecutor,
  transfer: ConfirmedBankTransfer,
): Promise<number> {
  const item = await repository.findCoinItem(trx, transfer.coin_item_id);
  if (!item) throw new Error(`coin item ${transfer.coin_item_id} of bank transfer ${transfer.id} is gone`);
  const paymentId = bankTransferPaymentId(transfer.id);
  try {
    return await creditCharge(
      trx,
      {
        userId: transfer.user_id,
        coins: transfer.point,
        paymentId,
        payMethod: 'withoutbankbook',
        coinItemId: item.id,
        idempotencyKey: paymentId,
        now: ctx.now(),
        metadata: { currency: 'KRW', amount: transfer.amount },
      },
      { bank_transfer_id: transfer.id },
    );
  } catch (error) {
    // The member switched to a creator account after asking: the money goes back by bank, not into frozen coins.
    if (isLedgerError(error, 'CREATOR_CANNOT_CHARGE') || isLedgerError(error, 'COINS_FROZEN')) {
      throw new AppError(409, 'coins.creatorCannotCharge', { code: 'CREATOR_CANNOT_CHARGE' });
    }
    throw error;
  }
}
