import {
  type AdminCoinRefund,
  type AdminCoinRefundDetail,
  type CoinRefundStatus,
  type RefundDestinationKind,
  refundsThroughProvider,
  refundsToAccount,
} from '@fanmission/contracts';
import { returnRefund } from '@fanmission/ledger';
import type { Transaction } from 'kysely';
import { approvalsNaming } from '../approvals';
import type { ServiceContext } from '../context';
import { forgetAppRefund } from '../payments';
import type { Database, DbExecutor } from '../db';
import { AppError, notFound } from '../http';
import * as repository from './repository';
import * as refundRepository from './refund-repository';
import * as refundPartRepository from './refund-part-repository';
import { partsOf, refundDto } from './refund-service';

// Finance's side of refund requests: the requests to pay, one request, and marking one paid or refused.

export async function listRefundRequests(
  ctx: ServiceContext,
  options: Parameters<typeof refundRepository.listRefunds>[1],
): Promise<{ rows: AdminCoinRefund[]; total: number }> {
  const { rows, total } = await refundRepository.listRefunds(ctx.db, options);
  return { rows: await adminRefundDtos(ctx.db, rows), total };
}

export async function getRefundRequest(ctx: ServiceContext, id: number): Promise<AdminCoinRefund> {
  const row = await refundRepository.findRefund(ctx.db, id);
  if (!row) throw notFound('coinRefunds.notFound');
  const [dto] = await adminRefundDtos(ctx.db, [row]);
  return dto!;
}

/** One request's console page: the request and the approvals asked to pay it by hand or at the providers. */
export async function getRefundDetail(ctx: ServiceContext, id: number): Promise<AdminCoinRefundDetail> {
  const refund = await getRefundRequest(ctx, id);
  const approvals = await approvalsNaming(ctx.db, ['MANUAL_REFUND', 'PROVIDER_REFUND'], 'refundId', id);
  return { ...refund, approvals };
}

/**
 * requested → paid (records who and when); paid stays paid (a repeated click changes nothing but the note).
 * requested → refused with the reason the fan reads, and the coins the request took back in his wallet (a
 * REFUND_RETURN); correcting his account asks again.
 */
export async function setRefundStatus(
  ctx: ServiceContext,
  id: number,
  change: RefundStatusChange,
  financeUserId: number,
): Promise<AdminCoinRefund> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await refundRepository.lockRefund(trx, id);
    if (!current) throw notFound('coinRefunds.notFound');
    await changeLockedRefund(trx, ctx, id, current, change, financeUserId);
  });
  return await getRefundRequest(ctx, id);
}

/**
 * Marks a request paid by hand as `setRefundStatus` does, once `mayPay` allows it: asked in the same transaction, under
 * the request's lock, and only when this call is the one that pays it (the request is still requested), so that what
 * it takes (a staff member's allowance) commits with the payment or not at all. Null, with nothing changed, when it
 * does not allow it. A request paid earlier or meanwhile is answered as it is (its note updated), without asking.
 */
export async function markRefundPaidIf(
  ctx: ServiceContext,
  id: number,
  note: string | null | undefined,
  financeUserId: number,
  mayPay: (trx: Transaction<Database>) => Promise<boolean>,
): Promise<AdminCoinRefund | null> {
  const paid = await ctx.db.transaction().execute(async (trx) => {
    const current = await refundRepository.lockRefund(trx, id);
    if (!current) throw notFound('coinRefunds.notFound');
    if (current.status === 'requested' && !(await mayPay(trx))) return false;
    await changeLockedRefund(trx, ctx, id, current, { status: 'paid', note }, financeUserId);
    return true;
  });
  return paid ? await getRefundRequest(ctx, id) : null;
}

type RefundStatusChange = {
  status: CoinRefundStatus;
  note?: string | null | undefined;
  refusalReason?: string | null | undefined;
};

/** Applies a status change to a request locked in `trx` (`current`, its row as locked). */
async function changeLockedRefund(
  trx: Transaction<Database>,
  ctx: ServiceContext,
  id: number,
  current: NonNullable<Awaited<ReturnType<typeof refundRepository.lockRefund>>>,
  change: RefundStatusChange,
  financeUserId: number,
): Promise<void> {
  if (current.status === 'paid' && change.status === 'requested') {
    throw new AppError(409, 'coinRefunds.alreadyPaid', { code: 'CONFLICT' });
  }
  if (change.status === 'refused' && current.status !== 'requested' && current.status !== 'refused') {
    throw new AppError(409, 'coinRefunds.notRefusable', { code: 'CONFLICT' });
  }
  if (current.status === 'refused' && change.status !== 'refused') {
    throw new AppError(409, 'coinRefunds.notRefusable', { code: 'CONFLICT' });
  }
  const now = ctx.now();
  if (current.status === 'requested' && change.status === 'refused') {
    const parts = await partsOf(trx, id);
    // Money a provider already sent back cannot be refused; a refund at the provider under way is waited for.
    const claimedRecently =
      current.provider_refund_claimed_at !== null &&
      current.provider_refund_claimed_at.getTime() > now.getTime() - refundPartRepository.PROVIDER_REFUND_CLAIM_MS;
    if (parts.some((part) => part.provider_refund_id !== null) || claimedRecently) {
      throw new AppError(409, 'coinRefunds.notRefusable', { code: 'CONFLICT' });
    }
    await refuseLockedRefund(trx, id, current, parts, {
      refusedAt: now,
      refusedBy: financeUserId,
      reason: change.refusalReason ?? '',
      note: change.note,
    });
  } else if (current.status === 'requested' && change.status === 'paid') {
    refuseHandPayment({
      destination: { kind: current.destination_kind, methods: current.destination_methods },
      accountVerified: current.bank_account_verified_at !== null,
      parts: (await partsOf(trx, id)).map((part) => ({ ...part, refunded: part.provider_refund_id !== null })),
    });
    await refuseHandPaymentOfProviderRefund(trx, id, current.provider_refund_claimed_at, now);
    await refundRepository.markRefundPaid(trx, id, { paidAt: now, paidBy: financeUserId, note: change.note });
  } else if (change.note !== undefined) {
    await refundRepository.updateRefundNote(trx, id, change.note, now);
  }
}

/**
 * Refuses a requested refund locked in `trx` (`current`, its row as locked; `parts`, its parts), none of whose parts
 * a provider refunded: its app refunds are forgotten (the provider will not be asked, so its later refund of these
 * charges takes their coins as any other) and the coins it took go back to the fan's wallet, into the lots they came
 * from (a REFUND_RETURN, once per debit), in the same DB transaction.
 */
export async function refuseLockedRefund(
  trx: DbExecutor,
  id: number,
  current: { user_id: number; ledger_transaction_id: number },
  parts: readonly refundPartRepository.RefundPartRow[],
  refusal: { refusedAt: Date; refusedBy: number | null; reason: string; note?: string | null | undefined },
): Promise<void> {
  for (const part of parts) {
    if (part.payment_id && part.request_id) {
      await forgetAppRefund(trx, { paymentId: part.payment_id, requestId: part.request_id });
    }
  }
  const returned = await returnRefund(trx, {
    userId: current.user_id,
    refundTransactionId: current.ledger_transaction_id,
    idempotencyKey: `refund-return:coin-refund:${id}:of:${current.ledger_transaction_id}`,
    now: refusal.refusedAt,
    metadata: { refundId: id },
  });
  await refundRepository.markRefundRefused(trx, id, { ...refusal, returnedTransactionId: returned.transactionId });
}

/**
 * "Paid" says finance sent the money by hand (docs/rules/money-out.md): only where it goes to an account — the fan's,
 * once the bank showed it is his own (409 `REFUND_ACCOUNT_UNVERIFIED` for a request written before that check), or
 * the one a withdrawn bank deposit came from. A request that goes back through the providers is refunded there, as
 * the fan was told (409 `NOT_PAYABLE_BY_HAND`); a split request is marked paid once its provider part went back
 * (409 `PROVIDER_PART_OPEN`), so that a card charge is never left open while the request reads paid. Nothing changes
 * on a refusal.
 */
export function refuseHandPayment(refund: {
  destination: { kind: RefundDestinationKind; methods?: readonly string[] | null };
  accountVerified: boolean;
  parts: readonly { via: 'PROVIDER' | 'BANK_TRANSFER'; amount: number; refunded: boolean }[];
}): void {
  const { destination } = refund;
  if (destination.kind === 'ORIGINAL_METHOD' && refundsThroughProvider(destination)) {
    throw new AppError(409, 'coinRefunds.paidByHandNotForProvider', { code: 'NOT_PAYABLE_BY_HAND' });
  }
  if (refundsToAccount(destination) && !refund.accountVerified) {
    throw new AppError(409, 'moneyOut.accountUnverified', { code: 'REFUND_ACCOUNT_UNVERIFIED' });
  }
  if (refund.parts.some((part) => part.via === 'PROVIDER' && part.amount > 0 && !part.refunded))
    throw new AppError(409, 'moneyOut.providerPartOpen', { code: 'PROVIDER_PART_OPEN' });
}

/**
 * Marking a request paid by hand says the money went out another way: refused while a refund at the providers is
 * under way (it may pay the same charges), and once every charge that carried money came back from its provider
 * (nothing is left to send by hand).
 */
async function refuseHandPaymentOfProviderRefund(trx: DbExecutor, id: number, claimedAt: Date | null, now: Date) {
  const claimedRecently =
    claimedAt !== null && claimedAt.getTime() > now.getTime() - refundPartRepository.PROVIDER_REFUND_CLAIM_MS;
  if (claimedRecently) throw new AppError(409, 'coinRefunds.providerRefundUnderWay', { code: 'CONFLICT' });
  const owed = (await partsOf(trx, id)).filter((part) => part.amount !== 0);
  if (owed.length > 0 && owed.every((part) => part.provider_refund_id !== null)) {
    throw new AppError(409, 'coinRefunds.refundedAtProvider', { code: 'CONFLICT' });
  }
}

async function adminRefundDtos(db: DbExecutor, rows: refundRepository.RefundListRow[]): Promise<AdminCoinRefund[]> {
  const deposits = await repository.findDepositsById(
    db,
    rows.flatMap((row) => (row.coin_deposit_id === null ? [] : [row.coin_deposit_id])),
  );
  const parts = await refundPartRepository.findRefundParts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...refundDto(row, parts.get(row.id) ?? []),
    userId: row.user_id,
    username: row.username,
    email: row.email,
    ledgerTransactionId: row.ledger_transaction_id,
    payment: row.coin_deposit_id === null ? null : (deposits.get(row.coin_deposit_id)?.payment ?? null),
    paidBy: row.paid_by,
    note: row.note,
    accountVerifiedAs: row.bank_account_verified_as,
  }));
}
