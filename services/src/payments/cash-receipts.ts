import { createHash } from 'node:crypto';
import type { AdminCashReceipt, CashReceipt, CashReceiptType } from '@fanmission/contracts';
import { runPeriodically, type PeriodicTask } from '../background';
import type { AppConfig } from '../config';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import type { BankTransferRow, CashReceiptRow } from './table';

/*
 * Cash receipts (현금영수증, docs/rules/coins.md, receipts): a bank deposit may ask for one (a phone number for an
 * income deduction, a business registration number for an expense proof). When finance confirms the deposit, the
 * receipt is written PENDING in the confirmation's transaction and issued through the provider's cash-receipt API
 * afterwards: a provider that does not answer is asked again in the background, and never holds back the coins.
 */

/** What the provider is asked to issue: our reference (the same one answers the same receipt), whom, how much. */
export interface CashReceiptRequest {
  reference: string;
  receiptType: CashReceiptType;
  number: string;
  /** KRW. */
  amount: number;
}

/** The provider did not answer, or refused for a reason that may pass: the issuance is retried later. */
export class CashReceiptUnavailableError extends Error {
  constructor(message = 'the cash-receipt provider did not answer') {
    super(message);
    this.name = 'CashReceiptUnavailableError';
  }
}

/** A cash-receipt API (PortOne's, a PG's): issues a receipt to the tax service and answers its approval number. */
export interface CashReceiptProvider {
  name: 'sandbox';
  issue(request: CashReceiptRequest): Promise<{ approvalNumber: string }>;
}

/** The sandbox's test number: one ending in `0408` times out, like a provider's test mode. */
export const SANDBOX_CASH_RECEIPT_TIMEOUT_SUFFIX = '0408';

/**
 * The development and test provider: approves any number except those ending in `0408` (a timeout). The approval
 * number is derived from the reference, so asking again answers the same receipt, as a provider's idempotency does.
 */
export function sandboxCashReceipts(): CashReceiptProvider {
  return {
    name: 'sandbox',
    async issue({ reference, number }) {
      if (number.endsWith(SANDBOX_CASH_RECEIPT_TIMEOUT_SUFFIX)) {
        throw new CashReceiptUnavailableError('the sandbox cash-receipt API timed out');
      }
      const digest = createHash('sha256').update(reference).digest();
      return { approvalNumber: String(digest.readUInt32BE(0) % 1_000_000_000).padStart(9, '0') };
    },
  };
}

/** The configured provider: `CASH_RECEIPT_PROVIDER`, else the sandbox outside production; none in production. */
export function cashReceiptProviderFor(config: AppConfig): CashReceiptProvider | null {
  const name = config.CASH_RECEIPT_PROVIDER ?? (config.isProduction ? null : 'sandbox');
  return name === 'sandbox' ? sandboxCashReceipts() : null;
}

/** How long a failed issuance waits before the next try: 1, 2, 4 … minutes, at most an hour. */
export function cashReceiptRetryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000;
}

/** Writes the receipt of a deposit being confirmed (in the confirmation's transaction), due now; none was asked: none. */
export async function queueCashReceipt(trx: DbExecutor, transfer: BankTransferRow, at: Date): Promise<void> {
  if (!transfer.cash_receipt_number) return;
  await trx
    .insertInto('cash_receipts')
    .values({
      bank_transfer_id: transfer.id,
      receipt_type: transfer.receipt_type,
      number: transfer.cash_receipt_number,
      amount: transfer.amount,
      approval_number: null,
      issued_at: null,
      last_error: null,
      next_attempt_at: at,
      created_at: at,
    })
    .onConflict((conflict) => conflict.column('bank_transfer_id').doNothing())
    .execute();
}

/** The reference the provider knows a deposit's receipt by. */
const referenceOf = (bankTransferId: number) => `bank-transfer-${bankTransferId}`;

/**
 * Issues one pending receipt and records the outcome: ISSUED with the approval number, or the failure with its next
 * try (`cashReceiptRetryDelayMs`). Without a provider it records that and waits for none. Answers the receipt.
 */
export async function issueCashReceipt(
  ctx: ServiceContext,
  provider: CashReceiptProvider | null,
  bankTransferId: number,
): Promise<CashReceiptRow | undefined> {
  const receipt = await findCashReceipt(ctx.db, bankTransferId);
  if (!receipt || receipt.status === 'ISSUED') return receipt;
  const now = ctx.now();
  const attempts = receipt.attempts + 1;
  let outcome;
  if (!provider) {
    outcome = { attempts, last_error: 'no cash-receipt provider is configured', next_attempt_at: null };
  } else {
    try {
      const { approvalNumber } = await provider.issue({
        reference: referenceOf(bankTransferId),
        receiptType: receipt.receipt_type,
        number: receipt.number,
        amount: receipt.amount,
      });
      outcome = {
        status: 'ISSUED' as const,
        approval_number: approvalNumber,
        issued_at: now,
        attempts,
        last_error: null,
        next_attempt_at: null,
      };
    } catch (error) {
      ctx.log.warn({ err: error, bankTransferId }, 'cash receipt issuance failed; retried later');
      const message = error instanceof Error ? error.message : String(error);
      outcome = {
        attempts,
        last_error: message.slice(0, 500),
        next_attempt_at: new Date(now.getTime() + cashReceiptRetryDelayMs(attempts)),
      };
    }
  }
  return ctx.db
    .updateTable('cash_receipts')
    .set(outcome)
    .where('bank_transfer_id', '=', bankTransferId)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}

/** The background issuance: the pending receipts whose try is due (just confirmed, or a failure's retry time passed). */
export async function issueDueCashReceipts(
  ctx: ServiceContext,
  provider: CashReceiptProvider | null,
  limit = 100,
): Promise<number> {
  const due = await ctx.db
    .selectFrom('cash_receipts')
    .select('bank_transfer_id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', ctx.now())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  for (const row of due) await issueCashReceipt(ctx, provider, row.bank_transfer_id);
  return due.length;
}

/** Runs the background issuance now and then every `CASH_RECEIPT_ISSUE_INTERVAL_SECONDS`. */
export function startCashReceiptIssuance(ctx: ServiceContext): PeriodicTask {
  return runPeriodically(() => issueDueCashReceipts(ctx, cashReceiptProviderFor(ctx.config)).then(() => 0), {
    intervalMs: ctx.config.CASH_RECEIPT_ISSUE_INTERVAL_SECONDS * 1000,
    log: ctx.log,
    countMessage: 'issued cash receipts',
    failureMessage: 'issuing cash receipts failed',
  });
}

export function findCashReceipt(db: DbExecutor, bankTransferId: number): Promise<CashReceiptRow | undefined> {
  return db.selectFrom('cash_receipts').selectAll().where('bank_transfer_id', '=', bankTransferId).executeTakeFirst();
}

/** A transfer with its receipt's columns (`bank_transfers` left-joined with `cash_receipts`, repository.ts). */
export interface TransferWithReceipt extends Pick<BankTransferRow, 'cash_receipt_number' | 'receipt_type'> {
  receipt_status: CashReceiptRow['status'] | null;
  receipt_approval_number: string | null;
  receipt_issued_at: Date | null;
  receipt_attempts: number | null;
  receipt_last_error: string | null;
  receipt_next_attempt_at: Date | null;
}

/**
 * A deposit's receipt as finance sees it: null when the fan asked for none; PENDING while the deposit waits for its
 * confirmation, and after it until the provider approves it.
 */
export function adminCashReceiptOf(row: TransferWithReceipt): AdminCashReceipt | null {
  if (!row.cash_receipt_number) return null;
  return {
    receiptType: row.receipt_type,
    number: row.cash_receipt_number,
    status: row.receipt_status ?? 'PENDING',
    approvalNumber: row.receipt_approval_number,
    issuedAt: row.receipt_issued_at?.toISOString() ?? null,
    attempts: row.receipt_attempts ?? 0,
    lastError: row.receipt_last_error,
    nextAttemptAt: row.receipt_next_attempt_at?.toISOString() ?? null,
  };
}

/** The receipt as the fan sees it: its state and approval number, not the provider's failures. */
export function cashReceiptOf(row: TransferWithReceipt): CashReceipt | null {
  const receipt = adminCashReceiptOf(row);
  if (!receipt) return null;
  const { receiptType, number, status, approvalNumber, issuedAt } = receipt;
  return { receiptType, number, status, approvalNumber, issuedAt };
}
