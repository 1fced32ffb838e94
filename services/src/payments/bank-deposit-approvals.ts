import type { AdminApproval, AdminBankTransfer, AdminBankTransferUpdate } from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval, takeAllowance } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { AppError } from '../http';
import {
  decideLockedBankTransfer,
  getBankTransferForConsole,
  issueCashReceiptSoon,
  lockBankTransfer,
} from './bank-transfers';
import * as repository from './repository';

/*
 * Money coming in is under the four-eyes rule too: confirming a bank deposit credits cash coins for money a person says
 * arrived, so nobody confirms alone more than his daily MONEY_IN_WON allowance (BANK_DEPOSIT_APPROVAL_ABOVE_WON in all
 * over the last 24 hours, services/src/approvals). Past it, the confirmation is a request that a second finance
 * member approves after finding on the receiving account's statement what the request shows: the depositor's name,
 * the amount, and a credit made after the request's time. Cancelling or failing a request moves no money: at once.
 */

const ownAccount = () => new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });

const bankDepositConfirmSchema = z.object({
  bankTransferId: z.number().int(),
  depositorName: z.string(),
  /** Won the statement must show. */
  amount: z.number().int(),
  /** When the member asked to pay: the money arrives after it. */
  requestedAt: z.string(),
  note: z.string().nullable(),
});

export const bankDepositConfirmApproval = guardedAction({
  kind: 'BANK_DEPOSIT_CONFIRM',
  role: 'ROLE_FINANCE',
  params: bankDepositConfirmSchema,
  summary: ({ bankTransferId, depositorName, amount, requestedAt }) => ({
    bankTransferId,
    depositorName,
    amount,
    requestedAt,
  }),
  async targetState(db, { bankTransferId }) {
    const row = await repository.findBankTransferDetails(db, bankTransferId);
    return row
      ? { status: row.status, amount: row.amount, point: row.item_point, depositorName: row.depositor_name }
      : null;
  },
  async execute(trx, { bankTransferId, note }, approved) {
    const transfer = await lockBankTransfer(trx, bankTransferId);
    if (transfer.user_id === approved.approverId) throw ownAccount();
    await decideLockedBankTransfer(approved.ctx, trx, approved.makerId, transfer, { status: 'paid', note });
    return { bankTransferId, status: 'paid' };
  },
});

/**
 * `PUT /api/admin/bank-transfers/{id}`: the decision taken at once (`transfer`), or, for a confirmation that would take
 * the maker past his MONEY_IN_WON allowance, a staff approval request (`approval`). The confirmation and its use of
 * the allowance commit together.
 */
export async function decideBankTransferOrRequestApproval(
  ctx: ServiceContext,
  finance: Caller,
  id: number,
  decision: AdminBankTransferUpdate,
): Promise<{ transfer: AdminBankTransfer } | { approval: AdminApproval }> {
  const waiting = await ctx.db.transaction().execute(async (trx) => {
    const transfer = await lockBankTransfer(trx, id);
    if (decision.status === 'paid' && transfer.status === 'ready') {
      const use = await takeAllowance(trx, ctx, {
        staffId: finance.id,
        allowance: 'MONEY_IN_WON',
        amount: transfer.amount,
        action: 'BANK_DEPOSIT_CONFIRM',
        reference: String(transfer.id),
      });
      if (use === null) {
        return {
          bankTransferId: transfer.id,
          depositorName: transfer.depositor_name,
          amount: transfer.amount,
          requestedAt: transfer.created_at.toISOString(),
          note: decision.note ?? null,
        } satisfies z.infer<typeof bankDepositConfirmSchema>;
      }
    }
    await decideLockedBankTransfer(ctx, trx, finance.id, transfer, decision);
    return null;
  });
  if (waiting === null) {
    if (decision.status === 'paid') await issueCashReceiptSoon(ctx, id);
    return { transfer: await getBankTransferForConsole(ctx, id) };
  }
  const approval = await requestApproval(ctx, bankDepositConfirmApproval, {
    maker: finance,
    params: waiting,
    reason: waiting.note,
  });
  return { approval };
}
