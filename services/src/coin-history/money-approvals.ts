import {
  maskAccountNumber,
  type AdminApproval,
  type AdminCoinRefund,
  type AdminPaymentDetail,
  type ApprovalSubject,
} from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval, runWithinAllowance, takeAllowance } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { AppError } from '../http';
import { cancelPaymentAtProvider, getPaymentDetail } from './payment-cancel';
import { refundRequestAtProvider } from './provider-refund';
import { getRefundRequest, markRefundPaidIf, refuseHandPayment, setRefundStatus } from './refund-finance';

/*
 * Finance's payment cancels, manual refunds and refunds through the providers wait for a second finance member
 * (services/src/approvals) once they would take their maker past his daily MONEY_OUT_WON allowance: APPROVAL_ABOVE_WON
 * in all, counted over every cancel and refund he ran alone in the last 24 hours, so splitting sends the rest for
 * approval. Each already moves its money once however often it is asked
 * (the cancel finds the same withdrawal and provider refund; a paid refund stays paid; a provider part is refunded
 * once), so the approval runs them through their own services: a cancel or a provider refund calls its provider,
 * which no database transaction can hold. An allowance counts what its member moved, once: a call that finds the
 * money already moved by another (a cancel asked again, a refund paid meanwhile) gives its use back.
 */

const ownAccount = () => new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });
const notCancellable = () => new AppError(409, 'payments.notCancellable', { code: 'PAYMENT_NOT_CANCELLABLE' });

/** A payment's worth in won: the coins it bought (1 coin = 100 won), whatever its currency. */
const wonOf = (payment: { coins: number }) => payment.coins * 100;

const paymentCancelSchema = z.object({ paymentId: z.string(), reason: z.string() });

export const paymentCancelApproval = guardedAction({
  kind: 'PAYMENT_CANCEL',
  role: 'ROLE_FINANCE',
  params: paymentCancelSchema,
  summary: ({ paymentId }) => ({ paymentId }),
  async targetState(_db, { paymentId }, ctx) {
    const { status, refundedAmount, deposit, refunds } = await getPaymentDetail(ctx, paymentId);
    return { status, refundedAmount, deposit: deposit?.id ?? null, refunds: refunds.map((refund) => refund.id) };
  },
  async execute(_trx, { paymentId, reason }, approved) {
    const payment = await getPaymentDetail(approved.ctx, paymentId);
    if (payment.userId === approved.approverId) throw ownAccount();
    return (await cancelPaymentAtProvider(approved.ctx, paymentId, approved.makerId, reason)).payment;
  },
});

/**
 * `POST /api/admin/payments/{id}/cancel`: cancels at once within the maker's MONEY_OUT_WON allowance (`payment`), else
 * asks for approval (`approval`). Never on the caller's own account.
 */
export async function cancelOrRequestApproval(
  ctx: ServiceContext,
  finance: Caller,
  paymentId: string,
  reason: string,
): Promise<{ payment: AdminPaymentDetail } | { approval: AdminApproval }> {
  const payment = await getPaymentDetail(ctx, paymentId);
  if (payment.userId === finance.id) throw ownAccount();
  const cancel = async () => {
    const { payment: result, sent } = await cancelPaymentAtProvider(ctx, paymentId, finance.id, reason);
    return { result, moved: sent };
  };
  // Only a paid, credited payment gives money back; any other answers (or refuses) without moving any.
  if (payment.status !== 'paid' || payment.deposit === null) {
    if (wonOf(payment) <= ctx.config.APPROVAL_ABOVE_WON) return { payment: (await cancel()).result };
    throw notCancellable();
  }
  const alone = await runWithinAllowance(
    ctx,
    {
      staffId: finance.id,
      allowance: 'MONEY_OUT_WON',
      amount: wonOf(payment),
      action: 'PAYMENT_CANCEL',
      reference: paymentId,
    },
    cancel,
  );
  if (alone.ran) return { payment: alone.result };
  return {
    approval: await requestApproval(ctx, paymentCancelApproval, {
      maker: finance,
      params: { paymentId, reason },
      reason,
    }),
  };
}

/** The checker's view of a refund request: the member, the won, where it goes (account digits masked), the record. */
async function refundSubject(ctx: ServiceContext, refundId: number): Promise<ApprovalSubject> {
  const refund = await getRefundRequest(ctx, refundId);
  const { destination } = refund;
  const account = destination.kind === 'ORIGINAL_METHOD' ? null : destination.account;
  return {
    members: [{ userId: refund.userId, username: refund.username, email: refund.email }],
    memberCount: 1,
    amountWon: refund.amount,
    coins: null,
    destination: {
      kind: destination.kind,
      methods: destination.kind === 'BANK_ACCOUNT' ? [] : [...destination.methods],
      bankName: account?.bankName ?? null,
      accountNumber: maskAccountNumber(account?.bankAccountNumber ?? null),
      accountHolder: account?.bankAccountHolder ?? null,
    },
    record: { resource: 'coin-refunds', id: refund.id },
  };
}

const manualRefundSchema = z.object({ refundId: z.number().int(), note: z.string().nullable() });

export const manualRefundApproval = guardedAction({
  kind: 'MANUAL_REFUND',
  role: 'ROLE_FINANCE',
  params: manualRefundSchema,
  summary: ({ refundId }) => ({ refundId }),
  async targetState(_db, { refundId }, ctx) {
    const { status, amount, bankAccount } = await getRefundRequest(ctx, refundId);
    return { status, amount, bankAccount };
  },
  subject: ({ refundId }, ctx) => refundSubject(ctx, refundId),
  async execute(_trx, { refundId, note }, approved) {
    const refund = await getRefundRequest(approved.ctx, refundId);
    if (refund.userId === approved.approverId) throw ownAccount();
    return await setRefundStatus(approved.ctx, refundId, { status: 'paid', note }, approved.makerId);
  },
});

/**
 * `PUT /api/admin/coin-refunds/{id}` marking a requested refund paid: at once within the maker's MONEY_OUT_WON
 * allowance (`refund`), else a request for approval (`approval`). The use of the allowance commits with the payment,
 * taken under the request's lock only when this call pays it: a request paid meanwhile uses none. Refusals and notes
 * are never guarded: they move no money out.
 */
export async function markRefundPaidOrRequestApproval(
  ctx: ServiceContext,
  finance: Caller,
  refund: AdminCoinRefund,
  change: Parameters<typeof setRefundStatus>[2],
): Promise<{ refund: AdminCoinRefund } | { approval: AdminApproval }> {
  if (change.status === 'paid' && refund.status === 'requested') {
    // A mismatched action is refused before it asks anyone to approve it.
    refuseHandPayment({
      destination: refund.destination,
      accountVerified: refund.accountVerifiedAs !== null,
      parts: refund.parts.map((part) => ({ ...part, refunded: part.providerRefundId !== null })),
    });
    const paid = await markRefundPaidIf(ctx, refund.id, change.note, finance.id, async (trx) => {
      const use = await takeAllowance(trx, ctx, {
        staffId: finance.id,
        allowance: 'MONEY_OUT_WON',
        amount: paidByHandWon(refund),
        action: 'MANUAL_REFUND',
        reference: String(refund.id),
      });
      return use !== null;
    });
    if (paid) return { refund: paid };
    const note = change.note ?? null;
    const approval = await requestApproval(ctx, manualRefundApproval, {
      maker: finance,
      params: { refundId: refund.id, note },
      reason: note,
    });
    return { approval };
  }
  return { refund: await setRefundStatus(ctx, refund.id, change, finance.id) };
}

/** The won finance sends by hand: the bank-transfer parts (a split request's provider part went back there). */
function paidByHandWon(refund: AdminCoinRefund): number {
  const byHand = refund.parts.filter((part) => part.via === 'BANK_TRANSFER');
  return byHand.length > 0 ? byHand.reduce((sum, part) => sum + part.amount, 0) : refund.amount;
}

const providerRefundSchema = z.object({ refundId: z.number().int(), reason: z.string() });

export const providerRefundApproval = guardedAction({
  kind: 'PROVIDER_REFUND',
  role: 'ROLE_FINANCE',
  params: providerRefundSchema,
  summary: ({ refundId }) => ({ refundId }),
  async targetState(_db, { refundId }, ctx) {
    const { status, amount, parts } = await getRefundRequest(ctx, refundId);
    return {
      status,
      amount,
      parts: parts.map((part) => ({
        paymentId: part.paymentId,
        amount: part.amount,
        providerRefundId: part.providerRefundId,
      })),
    };
  },
  subject: ({ refundId }, ctx) => refundSubject(ctx, refundId),
  async execute(_trx, { refundId, reason }, approved) {
    const refund = await getRefundRequest(approved.ctx, refundId);
    if (refund.userId === approved.approverId) throw ownAccount();
    return (await refundRequestAtProvider(approved.ctx, refundId, approved.makerId, reason)).refund;
  },
});

/**
 * `POST /api/admin/coin-refunds/{id}/provider-refund`: a requested refund with a part to send back through a provider
 * runs within the maker's MONEY_OUT_WON allowance, else is a request for approval (`approval`); anything else runs (or
 * is refused) at once, as the provider refund answers it (`refund`).
 */
export async function refundAtProviderOrRequestApproval(
  ctx: ServiceContext,
  finance: Caller,
  refund: AdminCoinRefund,
  reason: string,
): Promise<{ refund: AdminCoinRefund } | { approval: AdminApproval }> {
  const throughProvider = refund.parts.some((part) => part.via === 'PROVIDER' && part.amount > 0);
  if (refund.status === 'requested' && throughProvider) {
    const alone = await runWithinAllowance(
      ctx,
      {
        staffId: finance.id,
        allowance: 'MONEY_OUT_WON',
        amount: refund.amount,
        action: 'PROVIDER_REFUND',
        reference: String(refund.id),
      },
      async () => {
        const { refund: result, sent } = await refundRequestAtProvider(ctx, refund.id, finance.id, reason);
        return { result, moved: sent };
      },
    );
    if (alone.ran) return { refund: alone.result };
    const approval = await requestApproval(ctx, providerRefundApproval, {
      maker: finance,
      params: { refundId: refund.id, reason },
      reason,
    });
    return { approval };
  }
  return { refund: (await refundRequestAtProvider(ctx, refund.id, finance.id, reason)).refund };
}
