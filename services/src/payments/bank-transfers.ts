import type {
  AdminBankTransfer,
  AdminBankTransferUpdate,
  BankDepositInstructions,
  BankTransferCreated,
  BankTransferRow as BankTransferDto,
  CreateBankTransferRequest,
  DepositStatus,
  Page,
  PageQuery,
} from '@fanmission/contracts';
import type { Transaction } from 'kysely';
import type { ListWindow, ListPage } from '../admin';
import { depositBankTransfer } from '../coins';
import type { ServiceContext } from '../context';
import type { Database } from '../db';
import { AppError, notFound, pageOffset, toPage } from '../http';
import { domainEvent, recordEvents } from '../outbox';
import { idempotencyConflict } from './errors';
import {
  adminCashReceiptOf,
  cashReceiptOf,
  cashReceiptProviderFor,
  issueCashReceipt,
  queueCashReceipt,
} from './cash-receipts';
import * as repository from './repository';
import type { BankTransferDetails, BankTransferFilter, BankTransferSortField } from './repository';
import { requireCoinItemForSale } from './service';
import type { BankTransferRow } from './table';

/**
 * POST /payment/bank-transfer: a bank-deposit request waiting (`ready`) for an operator to see the money arrive. It
 * keeps what the member is told to pay (the receiving account of the configuration, the item's price, the deadline
 * BANK_DEPOSIT_DUE_HOURS away) and, in the same transaction, the event that mails it to him.
 */
export async function requestBankTransfer(
  ctx: ServiceContext,
  userId: number,
  input: CreateBankTransferRequest,
  idempotencyKey: string | undefined,
): Promise<BankTransferCreated> {
  const item = await requireCoinItemForSale(ctx, input.coinItemId);
  const now = ctx.now();
  const request = {
    user_id: userId,
    coin_item_id: item.id,
    depositor_name: input.depositorName,
    depositor_phone: input.depositorPhone,
    cash_receipt_number: input.cashReceiptNumber ?? null,
    receipt_type: input.receiptType,
    amount: item.price,
    point: item.point,
  };
  let transfer: BankTransferRow | undefined;
  if (idempotencyKey) transfer = await repository.findBankTransferByIdempotencyKey(ctx.db, userId, idempotencyKey);
  if (!transfer) {
    transfer = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await repository.insertBankTransfer(trx, {
        ...request,
        idempotency_key: idempotencyKey ?? null,
        ...payToColumns(configuredInstructions(ctx, item.price, now)),
        created_at: now,
      });
      if (inserted) {
        await recordEvents(trx, [
          domainEvent('payment.bank-transfer-requested', { bankTransferId: inserted.id, userId }, now),
        ]);
      }
      return inserted;
    });
    transfer ??= await repository.findBankTransferByIdempotencyKey(ctx.db, userId, idempotencyKey!);
  }
  if (!transfer) throw new Error('bank transfer neither inserted nor found');
  const same =
    transfer.coin_item_id === request.coin_item_id &&
    transfer.depositor_name === request.depositor_name &&
    transfer.depositor_phone === request.depositor_phone &&
    transfer.cash_receipt_number === request.cash_receipt_number &&
    transfer.receipt_type === request.receipt_type;
  if (!same) throw idempotencyConflict();
  // A retry of a request made before the instructions were kept with it is told the configuration's.
  const instructions = instructionsOf(transfer) ?? configuredInstructions(ctx, transfer.amount, transfer.created_at);
  return { id: transfer.id, instructions };
}

/** What a request asked at `at` for `amount` won is told: the configured account, BANK_DEPOSIT_DUE_HOURS to pay. */
function configuredInstructions(ctx: ServiceContext, amount: number, at: Date): BankDepositInstructions {
  return {
    bankName: ctx.config.BANK_DEPOSIT_BANK_NAME,
    accountNumber: ctx.config.BANK_DEPOSIT_ACCOUNT_NUMBER,
    accountHolder: ctx.config.BANK_DEPOSIT_ACCOUNT_HOLDER,
    amount,
    dueAt: new Date(at.getTime() + ctx.config.BANK_DEPOSIT_DUE_HOURS * 3_600_000).toISOString(),
  };
}

const payToColumns = (told: BankDepositInstructions) => ({
  pay_to_bank_name: told.bankName,
  pay_to_account_number: told.accountNumber,
  pay_to_account_holder: told.accountHolder,
  pay_due_at: new Date(told.dueAt),
});

/** What the member was told to pay, or null for a request made before it was recorded. */
export function instructionsOf(
  row: Pick<
    BankTransferRow,
    'amount' | 'pay_to_bank_name' | 'pay_to_account_number' | 'pay_to_account_holder' | 'pay_due_at'
  >,
): BankDepositInstructions | null {
  const { pay_to_bank_name: bankName, pay_to_account_number: accountNumber } = row;
  const { pay_to_account_holder: accountHolder, pay_due_at: dueAt } = row;
  if (bankName === null || accountNumber === null || accountHolder === null || dueAt === null) return null;
  return { bankName, accountNumber, accountHolder, amount: row.amount, dueAt: dueAt.toISOString() };
}

const coinItemOf = (row: BankTransferDetails) => ({
  id: row.coin_item_id,
  name: row.item_name,
  point: row.item_point,
  price: row.item_price,
});

function toRow(row: BankTransferDetails): BankTransferDto {
  return {
    id: row.id,
    depositorName: row.depositor_name,
    depositorPhone: row.depositor_phone,
    coinItem: coinItemOf(row),
    status: row.status,
    created: row.created_at.toISOString(),
    instructions: instructionsOf(row),
    cashReceipt: cashReceiptOf(row),
  };
}

function toAdmin(row: BankTransferDetails): AdminBankTransfer {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    coinItem: coinItemOf(row),
    amount: row.amount,
    depositorName: row.depositor_name,
    depositorPhone: row.depositor_phone,
    cashReceiptNumber: row.cash_receipt_number,
    receiptType: row.receipt_type,
    cashReceipt: adminCashReceiptOf(row),
    status: row.status,
    note: row.note,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    coinDepositId: row.coin_deposit_id,
    created: row.created_at.toISOString(),
  };
}

/** GET /payment/bank-transfer/page: the member's own requests in one status, newest first. */
export async function pageBankTransfers(
  ctx: ServiceContext,
  query: PageQuery & { userId: number; status: DepositStatus[] },
): Promise<Page<BankTransferDto>> {
  const { rows, total } = await repository.listBankTransfers(ctx.db, {
    filter: { userId: query.userId, status: query.status },
    sort: ['created', 'DESC'],
    window: { offset: pageOffset(query), limit: query.size },
  });
  return toPage(rows.map(toRow), total, query);
}

export async function listBankTransfersForConsole(
  ctx: ServiceContext,
  query: { filter: BankTransferFilter; sort: [BankTransferSortField, 'ASC' | 'DESC']; window: ListWindow },
): Promise<ListPage<AdminBankTransfer>> {
  const { rows, total } = await repository.listBankTransfers(ctx.db, query);
  return { rows: rows.map(toAdmin), total };
}

export async function getBankTransferForConsole(ctx: ServiceContext, id: number): Promise<AdminBankTransfer> {
  const row = await repository.findBankTransferDetails(ctx.db, id);
  if (!row) throw notFound('payments.bankTransferNotFound');
  return toAdmin(row);
}

/**
 * `POST /payment/bank-transfer/{id}/cancel`: a member takes back his own request while it waits for his deposit: it is
 * cancelled as finance would cancel it, recorded as his own decision. A request that is not his, or none, is 404; one
 * finance has already decided is 409; cancelling it again changes nothing.
 */
export async function cancelOwnBankTransfer(
  ctx: ServiceContext,
  memberId: number,
  id: number,
): Promise<BankTransferDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const transfer = await repository.lockBankTransfer(trx, id);
    if (!transfer || transfer.user_id !== memberId) throw notFound('payments.bankTransferNotFound');
    await decideLockedBankTransfer(ctx, trx, memberId, transfer, { status: 'cancelled' });
  });
  return toRow((await repository.findBankTransferDetails(ctx.db, id))!);
}

/**
 * An operator's decision on a ready request. `paid` credits the coins (coin deposit + ledger purchase) in the same
 * transaction that records the decision; repeating the decision already taken changes nothing; any other change of
 * a decided request is a 409.
 */
export async function decideBankTransfer(
  ctx: ServiceContext,
  operatorId: number,
  id: number,
  decision: AdminBankTransferUpdate,
): Promise<AdminBankTransfer> {
  await ctx.db.transaction().execute(async (trx) => {
    const transfer = await lockBankTransfer(trx, id);
    await decideLockedBankTransfer(ctx, trx, operatorId, transfer, decision);
  });
  if (decision.status === 'paid') await issueCashReceiptSoon(ctx, id);
  return getBankTransferForConsole(ctx, id);
}

/**
 * Issues a just-confirmed deposit's cash receipt right away, after the confirmation committed; whatever the provider
 * answers, the confirmation stands (a failure is recorded and retried by `startCashReceiptIssuance`).
 */
export async function issueCashReceiptSoon(ctx: ServiceContext, bankTransferId: number): Promise<void> {
  try {
    await issueCashReceipt(ctx, cashReceiptProviderFor(ctx.config), bankTransferId);
  } catch (error) {
    ctx.log.warn({ err: error, bankTransferId }, 'cash receipt issuance could not be recorded; retried later');
  }
}

/** The request locked for a decision in the caller's transaction; 404 when there is none. */
export async function lockBankTransfer(trx: Transaction<Database>, id: number): Promise<BankTransferRow> {
  const transfer = await repository.lockBankTransfer(trx, id);
  if (!transfer) throw notFound('payments.bankTransferNotFound');
  return transfer;
}

/** `decideBankTransfer` on a request already locked in the caller's transaction. */
export async function decideLockedBankTransfer(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  operatorId: number,
  transfer: BankTransferRow,
  decision: AdminBankTransferUpdate,
): Promise<void> {
  if (transfer.status === decision.status) return;
  if (transfer.status !== 'ready') {
    throw new AppError(409, 'payments.bankTransferDecided', {
      code: 'BANK_TRANSFER_DECIDED',
      params: { status: transfer.status },
    });
  }
  if (decision.status === 'paid') {
    await depositBankTransfer(ctx, trx, transfer);
    await queueCashReceipt(trx, transfer, ctx.now());
  }
  await repository.decideBankTransfer(trx, transfer.id, {
    status: decision.status,
    note: decision.note ?? transfer.note,
    decidedBy: operatorId,
    now: ctx.now(),
  });
}
