import type { CoinEventType, CoinLotSource, LedgerTransactionType } from '@fanmission/contracts';
import { walletAccount } from './accounts';
import type { LedgerEntry, LedgerMetadata, LuckyRollOutcome } from './transaction';

/** One row of a fan's coin history: a projection of a transaction touching his wallet. */
export interface CoinHistoryRow {
  transactionId: number;
  eventType: CoinEventType;
  /** Signed change of the wallet: negative rows are shown in red. */
  point: number;
  occurredAt: Date;
  transactionType: LedgerTransactionType;
  missionId?: number;
  paymentId?: string;
  coinItemId?: number;
  coinItemType?: CoinLotSource;
  reason?: string;
  outcome?: LuckyRollOutcome;
}

/**
 * The fan-facing event type of a wallet's transaction: charges and free coins EARN, holds and lucky rolls USE,
 * expiries are EXPIRED, and money going back either way is a REFUND (a rejected mission's coins return to the
 * wallet: positive; a withdrawn charge or a partial refund takes coins out against money: negative).
 */
const EVENT_TYPES: Record<LedgerTransactionType, CoinEventType | null> = {
  PURCHASE: 'EARN',
  BONUS_GRANT: 'EARN',
  MISSION_HOLD: 'USE',
  LUCKY_ROLL: 'USE',
  MISSION_REFUND: 'REFUND',
  PURCHASE_WITHDRAWAL: 'REFUND',
  PARTIAL_REFUND: 'REFUND',
  LUCKY_COMPENSATION: 'REFUND',
  // Coins of a refund finance refused to pay, back in the wallet.
  REFUND_RETURN: 'REFUND',
  // A refund or chargeback made at the payment provider took the charge's unspent coins back.
  PURCHASE_REVERSAL: 'REFUND',
  EXPIRY: 'EXPIRED',
  // These never touch a wallet.
  MISSION_RELEASE: null,
  SETTLEMENT_PAYOUT: null,
};

const pick = <K extends keyof LedgerMetadata>(metadata: LedgerMetadata, key: K) =>
  metadata[key] === undefined ? {} : { [key]: metadata[key] };

/** Maps a member's ledger entries (newest first, as `history` pages them) to coin history rows, in the same order. */
export function toCoinHistory(userId: number, entries: readonly LedgerEntry[]): CoinHistoryRow[] {
  const wallet = walletAccount(userId);
  const rows: CoinHistoryRow[] = [];
  for (const entry of entries) {
    const posting = entry.postings.find((p) => p.account === wallet);
    const eventType = EVENT_TYPES[entry.type];
    if (!posting || !eventType) continue;
    const { metadata } = entry;
    rows.push({
      transactionId: entry.transactionId,
      eventType,
      point: posting.amount,
      occurredAt: entry.occurredAt,
      transactionType: entry.type,
      ...(pick(metadata, 'missionId') as { missionId?: number }),
      ...(pick(metadata, 'paymentId') as { paymentId?: string }),
      ...(pick(metadata, 'coinItemId') as { coinItemId?: number }),
      ...(pick(metadata, 'coinItemType') as { coinItemType?: CoinLotSource }),
      ...(pick(metadata, 'reason') as { reason?: string }),
      ...(pick(metadata, 'outcome') as { outcome?: LuckyRollOutcome }),
    });
  }
  return rows;
}
