/**
 * Business refusals: what an operation decided not to do, with the data a message needs. They are remembered under
 * the idempotency key, so a retry with the same key meets the same refusal (dates are ISO strings for that reason).
 */
export type LedgerRefusal =
  | { code: 'NOT_ENOUGH_COINS'; account: string; requested: number; available: number }
  | { code: 'CREATOR_CANNOT_CHARGE'; userId: number }
  | { code: 'COINS_FROZEN'; userId: number; frozenAt: string }
  | { code: 'UNKNOWN_USER'; userId: number }
  | { code: 'PAYMENT_ALREADY_CREDITED'; paymentId: string; transactionId: number }
  | { code: 'PURCHASE_NOT_FOUND'; userId: number; paymentId: string }
  | { code: 'PURCHASE_ALREADY_REFUNDED'; paymentId: string; purchaseTransactionId: number }
  | { code: 'WITHDRAWAL_WINDOW_PASSED'; paymentId: string; purchasedAt: string; deadline: string }
  | { code: 'PURCHASE_ALREADY_USED'; paymentId: string; purchased: number; remaining: number }
  | {
      code: 'NOTHING_REFUNDABLE';
      userId: number;
      /** Why: no CASH coins left, only BONUS (free or received) coins, which are never refunded. */
      reason: 'NO_COINS' | 'ONLY_NON_REFUNDABLE_COINS';
      bonusCoins: number;
    }
  | { code: 'ESCROW_EMPTY'; missionId: number }
  | { code: 'NOTHING_TO_COMPENSATE'; missionId: number }
  | { code: 'NOT_ENOUGH_EARNINGS'; creatorId: number; requested: number; available: number }
  | { code: 'NOTHING_TO_EXPIRE'; account: string; asOf: string }
  | { code: 'NOTHING_TO_REVERSE'; paymentId: string; providerRefundId: string; coins: number }
  | {
      code: 'REFUND_NOT_RETURNABLE';
      refundTransactionId: number;
      reason: 'NOT_FOUND' | 'NOT_A_REFUND' | 'ANOTHER_WALLET' | 'ALREADY_RETURNED';
    };

/** Problems with the request itself; never remembered under the key. */
export type LedgerRequestProblem =
  | { code: 'IDEMPOTENCY_CONFLICT'; idempotencyKey: string; firstRequest: unknown; request: unknown }
  | { code: 'INVALID_COMMAND'; field: string; rejectedValue: unknown; rule: string };

export type LedgerProblem = LedgerRefusal | LedgerRequestProblem;
export type LedgerErrorCode = LedgerProblem['code'];

/** English defaults; the API translates by `code`. */
const MESSAGES: Record<LedgerErrorCode, string> = {
  NOT_ENOUGH_COINS: 'not enough coins, please charge',
  CREATOR_CANNOT_CHARGE: 'creators cannot charge coins',
  COINS_FROZEN: 'coins of an account switched to a creator account cannot be used',
  UNKNOWN_USER: 'no such user',
  PAYMENT_ALREADY_CREDITED: 'this payment has already been credited',
  PURCHASE_NOT_FOUND: 'no such coin purchase',
  PURCHASE_ALREADY_REFUNDED: 'this coin purchase has already been refunded',
  WITHDRAWAL_WINDOW_PASSED: 'a charge can be withdrawn only within 7 days',
  PURCHASE_ALREADY_USED: 'coins of this charge have been used: only a partial refund is possible',
  NOTHING_REFUNDABLE: 'no refundable coins: free, supported and received coins are not refundable',
  ESCROW_EMPTY: 'no coins are held for this mission',
  NOTHING_TO_COMPENSATE: 'nothing to compensate for this mission',
  NOT_ENOUGH_EARNINGS: 'not enough earnings for this payout',
  NOTHING_TO_EXPIRE: 'no coins to expire',
  NOTHING_TO_REVERSE: 'none of the coins of this charge are left in the wallet',
  REFUND_NOT_RETURNABLE: 'this refund cannot be returned',
  IDEMPOTENCY_CONFLICT: 'this idempotency key was used for a different request',
  INVALID_COMMAND: 'invalid ledger command',
};

export class LedgerError<P extends LedgerProblem = LedgerProblem> extends Error {
  readonly code: P['code'];
  readonly details: P;

  constructor(details: P) {
    super(MESSAGES[details.code as LedgerErrorCode]);
    this.name = 'LedgerError';
    this.code = details.code;
    this.details = details;
  }
}

export function isLedgerError<C extends LedgerErrorCode>(
  error: unknown,
  code?: C,
): error is LedgerError<Extract<LedgerProblem, { code: C }>> {
  return error instanceof LedgerError && (code === undefined || error.code === code);
}

/** An idempotency key used again for a different request (`request` is the JSON the ledger stores for a key). */
export function idempotencyConflict(idempotencyKey: string, firstRequest: unknown, request: string): LedgerError {
  return new LedgerError({
    code: 'IDEMPOTENCY_CONFLICT',
    idempotencyKey,
    firstRequest,
    request: JSON.parse(request) as unknown,
  });
}

export function invalidCommand(field: string, rejectedValue: unknown, rule: string): LedgerError {
  return new LedgerError({ code: 'INVALID_COMMAND', field, rejectedValue, rule });
}
