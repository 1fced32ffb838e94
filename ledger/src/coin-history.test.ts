import type { LedgerTransactionType } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { toCoinHistory } from './coin-history';
import type { LedgerEntry, LedgerMetadata } from './transaction';

const at = new Date('2026-06-01T00:00:00Z');
let id = 0;
const entry = (
  type: LedgerTransactionType,
  walletAmount: number | null,
  metadata: LedgerMetadata = {},
): LedgerEntry => {
  id += 1;
  return {
    transactionId: id,
    type,
    idempotencyKey: `k${id}`,
    occurredAt: at,
    postings: [
      ...(walletAmount === null ? [] : [{ account: 'wallet:1', amount: walletAmount }]),
      { account: 'world:x', amount: -(walletAmount ?? 0) },
    ],
    metadata,
  };
};

describe('fan coin history', () => {
  it('given a wallet’s transactions, maps each to USE, EARN, EXPIRED or REFUND with signed points', () => {
    const rows = toCoinHistory(1, [
      entry('PURCHASE', 100, { paymentId: 'p1', coinItemId: 3, coinItemType: 'CASH' }),
      entry('BONUS_GRANT', 10, { coinItemType: 'BONUS', reason: 'FREE_COIN_EVENT' }),
      entry('MISSION_HOLD', -30, { missionId: 5 }),
      entry('LUCKY_ROLL', -10, { missionId: 6, outcome: 'LOSS' }),
      entry('MISSION_REFUND', 30, { missionId: 5, reason: 'REJECTED' }),
      entry('EXPIRY', -10, { asOf: at.toISOString() }),
      entry('PURCHASE_WITHDRAWAL', -100, { paymentId: 'p1' }),
      entry('PARTIAL_REFUND', -40, { refundedCoins: 39, feeCoins: 1 }),
      entry('MISSION_RELEASE', null, { missionId: 5 }),
    ]);
    expect(rows.map(({ eventType, point, transactionType }) => [transactionType, eventType, point])).toEqual([
      ['PURCHASE', 'EARN', 100],
      ['BONUS_GRANT', 'EARN', 10],
      ['MISSION_HOLD', 'USE', -30],
      ['LUCKY_ROLL', 'USE', -10],
      ['MISSION_REFUND', 'REFUND', 30],
      ['EXPIRY', 'EXPIRED', -10],
      ['PURCHASE_WITHDRAWAL', 'REFUND', -100],
      ['PARTIAL_REFUND', 'REFUND', -40],
    ]);
    expect(rows[0]).toEqual({
      transactionId: rows[0]!.transactionId,
      eventType: 'EARN',
      point: 100,
      occurredAt: at,
      transactionType: 'PURCHASE',
      paymentId: 'p1',
      coinItemId: 3,
      coinItemType: 'CASH',
    });
    expect(rows[3]).toMatchObject({ missionId: 6, outcome: 'LOSS' });
    expect(rows[4]).toMatchObject({ missionId: 5, reason: 'REJECTED' });
  });

  it('ignores transactions of other wallets', () => {
    expect(toCoinHistory(2, [entry('PURCHASE', 100)])).toEqual([]);
  });
});
