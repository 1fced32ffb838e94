export {
  ACCOUNT_KINDS,
  HOUSE_ACCOUNTS,
  HOUSE_ACCOUNT_SHARDS,
  PLATFORM_REVENUE,
  WORLD_BONUS,
  WORLD_CASH_IN,
  WORLD_CASH_OUT,
  WORLD_EXPIRED,
  accountKind,
  earningsAccount,
  escrowAccount,
  houseAccountOf,
  houseShard,
  houseShards,
  settledAccount,
  walletAccount,
  type AccountKind,
  type HouseAccount,
} from './accounts';
export type {
  CommandContext,
  CompensateLuckyMissionData,
  ForfeitWalletData,
  GrantBonusData,
  HoldForMissionData,
  LuckyRollData,
  PartialRefundData,
  PurchaseData,
  RefundMissionData,
  ReleaseToCreatorData,
  ReturnRefundData,
  ReversePurchaseData,
  SettlementPayoutData,
  WithdrawPurchaseData,
} from './commands';
export { BulkLedger, type BulkLedgerOptions } from './bulk';
export { insertColumns, insertRecords, type InsertOptions } from './bulk-insert';
export { expireLots } from './expire-lots';
export { toCoinHistory, type CoinHistoryRow } from './coin-history';
export type { LedgerExecutor, RememberAfterCommit, RememberedAppendPlan } from './engine';
export {
  LedgerError,
  isLedgerError,
  type LedgerErrorCode,
  type LedgerProblem,
  type LedgerRefusal,
  type LedgerRequestProblem,
} from './errors';
export {
  compensateLuckyMission,
  forfeitWallet,
  grantBonus,
  holdForMission,
  luckyRoll,
  luckyRollFromMemory,
  partialRefund,
  purchase,
  refundMission,
  releaseToCreator,
  returnRefund,
  reversePurchase,
  settlementPayout,
  withdrawPurchase,
} from './operations';
export {
  accountsNamed,
  balance,
  chargeShares,
  coinHistory,
  history,
  lots,
  type AccountBalance,
  type ChargeShare,
  type WalletLot,
} from './queries';
export type { VerifyDifference } from './replay';
export { lotExpiry, partialRefundFee, withdrawalDeadline } from './rules';
export type { LedgerTables } from './table';
export type { LedgerEntry, LedgerMetadata, LuckyRollOutcome, Posting } from './transaction';
export { verify } from './verify';
export type { VerifyOptions, VerifyReport } from './verify-run';
export { verifyIncremental } from './verify-incremental';
