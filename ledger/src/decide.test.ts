import { describe, expect, it } from 'vitest';
import type { CommandData, LedgerCommandType } from './commands';
import {
  HOUSE_ACCOUNT_SHARDS,
  PLATFORM_REVENUE,
  WORLD_CASH_IN,
  houseAccountOf,
  houseShard,
  houseShards,
} from './accounts';
import { deciders, houseDebit } from './decide';
import type { LedgerStates, Member } from './decider-states';
import type { LedgerRefusal } from './errors';
import type { Lot } from './rules';
import type { NewTransaction } from './transaction';

// Pure given/when/then specifications of every decider: given the state loaded under the locks, when a command
// arrives, then this transaction is appended, or this refusal is given.
const NOW = new Date('2026-04-01T00:00:00Z');

function spec<T extends LedgerCommandType>(command: T) {
  return {
    given: (state: LedgerStates[T]) => ({
      when: (data: CommandData<T>, now = NOW) => {
        const decision = (deciders[command] as (d: CommandData<T>, s: LedgerStates[T], n: Date) => unknown)(
          data,
          state,
          now,
        );
        return {
          then: (transaction: Partial<NewTransaction>) =>
            expect(decision).toMatchObject({ kind: 'append', transaction }),
          thenRefused: (refusal: LedgerRefusal) => expect(decision).toEqual({ kind: 'refuse', refusal }),
        };
      },
    }),
  };
}

const member: Member = { exists: true, isCreator: false, coinsFrozenAt: null };
const lot = (id: number, remaining: number, expiresAt: string, overrides: Partial<Lot> = {}): Lot => ({
  id,
  account: 'wallet:1',
  source: 'CASH',
  amount: remaining,
  remaining,
  expiresAt: new Date(expiresAt),
  ...overrides,
});

describe('Purchase', () => {
  const purchase = spec('Purchase');
  it('credits a CASH lot expiring in 5 years', () => {
    purchase
      .given({ member, creditedBy: null })
      .when({ userId: 1, coins: 100, paymentId: 'p1', payMethod: 'card' })
      .then({
        type: 'PURCHASE',
        postings: [
          { account: 'wallet:1', amount: 100 },
          { account: 'world:cash-in:1', amount: -100 },
        ],
        newLot: { account: 'wallet:1', source: 'CASH', amount: 100, expiresAt: new Date('2031-04-01T00:00:00Z') },
        metadata: { userId: 1, paymentId: 'p1', payMethod: 'card', coinItemType: 'CASH' },
      });
  });
  it('refuses creators, frozen members, unknown users and a payment credited before', () => {
    const data = { userId: 1, coins: 5, paymentId: 'p1' };
    purchase
      .given({ member: { ...member, isCreator: true }, creditedBy: null })
      .when(data)
      .thenRefused({ code: 'CREATOR_CANNOT_CHARGE', userId: 1 });
    purchase
      .given({ member: { ...member, coinsFrozenAt: NOW }, creditedBy: null })
      .when(data)
      .thenRefused({ code: 'CREATOR_CANNOT_CHARGE', userId: 1 });
    purchase
      .given({ member: { ...member, exists: false }, creditedBy: null })
      .when(data)
      .thenRefused({ code: 'UNKNOWN_USER', userId: 1 });
    purchase
      .given({ member, creditedBy: 42 })
      .when(data)
      .thenRefused({ code: 'PAYMENT_ALREADY_CREDITED', paymentId: 'p1', transactionId: 42 });
  });
});

describe('GrantBonus', () => {
  it('credits a BONUS lot from the bonus issuance account, never to a creator', () => {
    spec('GrantBonus')
      .given({ member })
      .when({ userId: 1, coins: 7, reason: 'COMMENT_EVENT' })
      .then({
        type: 'BONUS_GRANT',
        postings: [
          { account: 'wallet:1', amount: 7 },
          { account: 'world:bonus:1', amount: -7 },
        ],
        newLot: { account: 'wallet:1', source: 'BONUS', amount: 7, expiresAt: new Date('2031-04-01T00:00:00Z') },
      });
    spec('GrantBonus')
      .given({ member: { ...member, isCreator: true } })
      .when({ userId: 1, coins: 7, reason: 'COMMENT_EVENT' })
      .thenRefused({ code: 'CREATOR_CANNOT_CHARGE', userId: 1 });
  });
});

describe('HoldForMission', () => {
  const hold = spec('HoldForMission');
  const lots = [lot(2, 10, '2030-06-01'), lot(1, 10, '2029-01-01'), lot(3, 10, '2026-03-01'), lot(4, 50, '2031-01-01')];
  it('takes the earliest-expiring unexpired lots first and remembers them in the escrow', () => {
    hold
      .given({ member, lots })
      .when({ userId: 1, missionId: 9, coins: 15 })
      .then({
        type: 'MISSION_HOLD',
        postings: [
          { account: 'escrow:mission:9', amount: 15 },
          { account: 'wallet:1', amount: -15 },
        ],
        lotMovements: [
          {
            lotId: 1,
            wallet: { account: 'wallet:1', amount: -10 },
            escrow: { account: 'escrow:mission:9', amount: 10 },
          },
          { lotId: 2, wallet: { account: 'wallet:1', amount: -5 }, escrow: { account: 'escrow:mission:9', amount: 5 } },
        ],
      });
  });
  it('refuses when short (expired lots do not count), and when the coins are frozen', () => {
    hold
      .given({ member, lots })
      .when({ userId: 1, missionId: 9, coins: 71 })
      .thenRefused({ code: 'NOT_ENOUGH_COINS', account: 'wallet:1', requested: 71, available: 70 });
    hold
      .given({ member: { ...member, coinsFrozenAt: NOW }, lots })
      .when({ userId: 1, missionId: 9, coins: 1 })
      .thenRefused({ code: 'COINS_FROZEN', userId: 1, frozenAt: NOW.toISOString() });
    hold
      .given({ member: { ...member, exists: false }, lots: [] })
      .when({ userId: 1, missionId: 9, coins: 1 })
      .thenRefused({ code: 'UNKNOWN_USER', userId: 1 });
  });
});

describe('LuckyRoll', () => {
  const roll = spec('LuckyRoll');
  const lots = [lot(1, 30, '2030-01-01')];
  it('holds a win in the lucky mission escrow', () => {
    roll
      .given({ member, lots })
      .when({ userId: 1, missionId: 4, coins: 10, outcome: 'WIN' })
      .then({
        type: 'LUCKY_ROLL',
        postings: [
          { account: 'escrow:mission:4', amount: 10 },
          { account: 'wallet:1', amount: -10 },
        ],
        lotMovements: [
          {
            lotId: 1,
            wallet: { account: 'wallet:1', amount: -10 },
            escrow: { account: 'escrow:mission:4', amount: 10 },
          },
        ],
        metadata: { userId: 1, missionId: 4, outcome: 'WIN' },
      });
  });
  it('books a loss as platform revenue (no escrow remembers the lots)', () => {
    roll
      .given({ member, lots })
      .when({ userId: 1, missionId: 4, coins: 10, outcome: 'LOSS' })
      .then({
        postings: [
          { account: 'platform:revenue:1', amount: 10 },
          { account: 'wallet:1', amount: -10 },
        ],
        lotMovements: [{ lotId: 1, wallet: { account: 'wallet:1', amount: -10 } }],
      });
  });
  it('refuses a roll the wallet cannot pay', () => {
    roll
      .given({ member, lots })
      .when({ userId: 1, missionId: 4, coins: 31, outcome: 'LOSS' })
      .thenRefused({ code: 'NOT_ENOUGH_COINS', account: 'wallet:1', requested: 31, available: 30 });
  });
});

describe('ReleaseToCreator and RefundMission', () => {
  const held = [
    { lot: lot(1, 0, '2029-01-01'), coins: 6 },
    { lot: lot(7, 0, '2030-01-01', { account: 'wallet:2' }), coins: 4 },
  ];
  it('releases the whole escrow to the creator earnings', () => {
    spec('ReleaseToCreator')
      .given({ escrowBalance: 10, held })
      .when({ missionId: 3, creatorId: 8 })
      .then({
        type: 'MISSION_RELEASE',
        postings: [
          { account: 'earnings:8', amount: 10 },
          { account: 'escrow:mission:3', amount: -10 },
        ],
        lotMovements: [
          { lotId: 1, wallet: { account: 'wallet:1', amount: 0 }, escrow: { account: 'escrow:mission:3', amount: -6 } },
          { lotId: 7, wallet: { account: 'wallet:2', amount: 0 }, escrow: { account: 'escrow:mission:3', amount: -4 } },
        ],
      });
  });
  it('refunds each held portion into its own lot and wallet', () => {
    spec('RefundMission')
      .given({ escrowBalance: 10, held })
      .when({ missionId: 3, reason: 'REJECTED' })
      .then({
        type: 'MISSION_REFUND',
        postings: [
          { account: 'escrow:mission:3', amount: -10 },
          { account: 'wallet:1', amount: 6 },
          { account: 'wallet:2', amount: 4 },
        ],
        lotMovements: [
          { lotId: 1, wallet: { account: 'wallet:1', amount: 6 }, escrow: { account: 'escrow:mission:3', amount: -6 } },
          { lotId: 7, wallet: { account: 'wallet:2', amount: 4 }, escrow: { account: 'escrow:mission:3', amount: -4 } },
        ],
        metadata: { missionId: 3, reason: 'REJECTED' },
      });
  });
  it('refuses an empty escrow', () => {
    spec('ReleaseToCreator')
      .given({ escrowBalance: 0, held: [] })
      .when({ missionId: 3, creatorId: 8 })
      .thenRefused({ code: 'ESCROW_EMPTY', missionId: 3 });
    spec('RefundMission')
      .given({ escrowBalance: 0, held: [] })
      .when({ missionId: 3 })
      .thenRefused({ code: 'ESCROW_EMPTY', missionId: 3 });
  });
  it('will not decide when the escrow balance and its lots disagree', () => {
    expect(() => deciders.RefundMission({ missionId: 3 }, { escrowBalance: 11, held }, NOW)).toThrow(/holds 11/);
  });
});

describe('ExpireWallet', () => {
  it('expires the remaining coins of lots at or past their expiry', () => {
    spec('ExpireWallet')
      .given({ lots: [lot(1, 5, '2026-04-01'), lot(2, 3, '2026-03-01'), lot(3, 9, '2026-04-02')] })
      .when({ account: 'wallet:1' })
      .then({
        type: 'EXPIRY',
        postings: [
          { account: 'wallet:1', amount: -8 },
          { account: 'world:expired:1', amount: 8 },
        ],
        lotMovements: [
          { lotId: 2, wallet: { account: 'wallet:1', amount: -3 } },
          { lotId: 1, wallet: { account: 'wallet:1', amount: -5 } },
        ],
        metadata: { userId: 1, asOf: NOW.toISOString() },
      });
  });
  it('refuses when nothing has expired', () => {
    spec('ExpireWallet')
      .given({ lots: [lot(3, 9, '2026-04-02')] })
      .when({ account: 'wallet:1' })
      .thenRefused({ code: 'NOTHING_TO_EXPIRE', account: 'wallet:1', asOf: NOW.toISOString() });
  });
});

describe('WithdrawPurchase', () => {
  const withdraw = spec('WithdrawPurchase');
  const purchasedAt = new Date('2026-03-25T00:00:00Z');
  const purchase = { transactionId: 11, occurredAt: purchasedAt, lot: lot(5, 100, '2031-03-25'), refunded: false };
  const data = { userId: 1, paymentId: 'p5' };
  it('takes back an unused charge in full within 7 days', () => {
    withdraw
      .given({ purchase })
      .when(data, new Date('2026-04-01T00:00:00Z'))
      .then({
        type: 'PURCHASE_WITHDRAWAL',
        postings: [
          { account: 'wallet:1', amount: -100 },
          { account: 'world:cash-out:1', amount: 100 },
        ],
        lotMovements: [{ lotId: 5, wallet: { account: 'wallet:1', amount: -100 } }],
        metadata: { userId: 1, paymentId: 'p5', purchaseTransactionId: 11, refundedCoins: 100 },
      });
  });
  it('refuses after the window, after use, twice, and for a payment that is not the member’s', () => {
    withdraw.given({ purchase }).when(data, new Date('2026-04-01T00:00:00.001Z')).thenRefused({
      code: 'WITHDRAWAL_WINDOW_PASSED',
      paymentId: 'p5',
      purchasedAt: purchasedAt.toISOString(),
      deadline: '2026-04-01T00:00:00.000Z',
    });
    withdraw
      .given({ purchase: { ...purchase, lot: { ...purchase.lot, remaining: 99 } } })
      .when(data)
      .thenRefused({ code: 'PURCHASE_ALREADY_USED', paymentId: 'p5', purchased: 100, remaining: 99 });
    withdraw
      .given({ purchase: { ...purchase, refunded: true } })
      .when(data)
      .thenRefused({ code: 'PURCHASE_ALREADY_REFUNDED', paymentId: 'p5', purchaseTransactionId: 11 });
    withdraw
      .given({ purchase: { ...purchase, lot: { ...purchase.lot, account: 'wallet:2' } } })
      .when(data)
      .thenRefused({ code: 'PURCHASE_NOT_FOUND', userId: 1, paymentId: 'p5' });
    withdraw
      .given({ purchase: null })
      .when(data)
      .thenRefused({ code: 'PURCHASE_NOT_FOUND', userId: 1, paymentId: 'p5' });
  });
});

describe('PartialRefund', () => {
  const refund = spec('PartialRefund');
  it('refunds unexpired CASH coins minus 3 % (rounded down), the fee to platform revenue', () => {
    refund
      .given({
        lots: [
          lot(1, 600, '2030-01-01'),
          lot(2, 400, '2031-01-01'),
          lot(3, 50, '2030-01-01', { source: 'BONUS' }),
          lot(4, 70, '2026-01-01'),
        ],
      })
      .when({ userId: 1 })
      .then({
        type: 'PARTIAL_REFUND',
        postings: [
          { account: 'platform:revenue:1', amount: 30 },
          { account: 'wallet:1', amount: -1_000 },
          { account: 'world:cash-out:1', amount: 970 },
        ],
        lotMovements: [
          { lotId: 1, wallet: { account: 'wallet:1', amount: -600 } },
          { lotId: 2, wallet: { account: 'wallet:1', amount: -400 } },
        ],
        metadata: { userId: 1, refundedCoins: 970, feeCoins: 30 },
      });
  });
  it('posts no fee when 3 % rounds down to nothing', () => {
    refund
      .given({ lots: [lot(1, 33, '2030-01-01')] })
      .when({ userId: 1 })
      .then({
        postings: [
          { account: 'wallet:1', amount: -33 },
          { account: 'world:cash-out:1', amount: 33 },
        ],
      });
  });
  it('says why nothing is refundable', () => {
    refund
      .given({ lots: [lot(3, 50, '2030-01-01', { source: 'BONUS' })] })
      .when({ userId: 1 })
      .thenRefused({ code: 'NOTHING_REFUNDABLE', userId: 1, reason: 'ONLY_NON_REFUNDABLE_COINS', bonusCoins: 50 });
    refund
      .given({ lots: [] })
      .when({ userId: 1 })
      .thenRefused({ code: 'NOTHING_REFUNDABLE', userId: 1, reason: 'NO_COINS', bonusCoins: 0 });
  });
});

describe('SettlementPayout', () => {
  it('moves earnings to settled, never more than earned', () => {
    spec('SettlementPayout')
      .given({ earnings: 700 })
      .when({ creatorId: 8, coins: 500, statementId: '2026-03' })
      .then({
        type: 'SETTLEMENT_PAYOUT',
        postings: [
          { account: 'earnings:8', amount: -500 },
          { account: 'settled:8', amount: 500 },
        ],
        metadata: { creatorId: 8, statementId: '2026-03' },
      });
    spec('SettlementPayout')
      .given({ earnings: 499 })
      .when({ creatorId: 8, coins: 500 })
      .thenRefused({ code: 'NOT_ENOUGH_EARNINGS', creatorId: 8, requested: 500, available: 499 });
  });
});

describe('house accounts in shards', () => {
  const revenue = (balances: Record<string, number>) =>
    new Map(houseShards(PLATFORM_REVENUE).map((shard) => [shard, balances[shard] ?? 0]));

  it('puts every transaction of a member on the same shard of each house account, shard 0 keeping the name', () => {
    expect(houseShard(PLATFORM_REVENUE, 17)).toBe('platform:revenue:1');
    expect(houseShard(WORLD_CASH_IN, 16)).toBe('world:cash-in');
    expect(houseShards(PLATFORM_REVENUE)).toHaveLength(HOUSE_ACCOUNT_SHARDS);
    expect(houseAccountOf('platform:revenue:15')).toBe(PLATFORM_REVENUE);
    expect(houseAccountOf('platform:revenue')).toBe(PLATFORM_REVENUE);
    expect(houseAccountOf('platform:revenue:x')).toBeNull();
    expect(houseAccountOf('wallet:3')).toBeNull();
  });

  it('debits a house account from the member’s own shard first, then the others in name order, each within its balance', () => {
    const balances = revenue({ 'platform:revenue:1': 5, 'platform:revenue': 7, 'platform:revenue:2': 100 });
    expect(houseDebit(balances, 30, 'platform:revenue:1')).toEqual([
      { account: 'platform:revenue:1', amount: -5 },
      { account: 'platform:revenue', amount: -7 },
      { account: 'platform:revenue:2', amount: -18 },
    ]);
    expect(houseDebit(balances, 113, 'platform:revenue:1')).toBeNull();
  });

  it('compensates from what all revenue shards hold together, the rest issued on the fan’s bonus shard', () => {
    spec('CompensateLuckyMission')
      .given({ member, revenue: revenue({ 'platform:revenue:1': 10, 'platform:revenue:3': 15 }), creatorEarnings: 0 })
      .when({ userId: 1, missionId: 4, coins: 40, fromRevenue: 40 })
      .then({
        type: 'LUCKY_COMPENSATION',
        postings: [
          { account: 'platform:revenue:1', amount: -10 },
          { account: 'platform:revenue:3', amount: -15 },
          { account: 'wallet:1', amount: 40 },
          { account: 'world:bonus:1', amount: -15 },
        ],
        newLot: { account: 'wallet:1', source: 'BONUS', amount: 40, expiresAt: new Date('2031-04-01T00:00:00Z') },
      });
  });

  it('returns a partial refund’s fee from the shard it went to first, then from the others, the rest issued', () => {
    const refund = {
      transactionId: 20,
      type: 'PARTIAL_REFUND',
      postings: [
        { account: 'platform:revenue:1', amount: 30 },
        { account: 'wallet:1', amount: -1000 },
        { account: 'world:cash-out:1', amount: 970 },
      ],
      lotMovements: [{ lotId: 3, account: 'wallet:1', amount: -1000 }],
      returned: false,
    };
    spec('ReturnRefund')
      .given({ refund, revenue: revenue({ 'platform:revenue:1': 12, 'platform:revenue': 50 }) })
      .when({ userId: 1, refundTransactionId: 20 })
      .then({
        type: 'REFUND_RETURN',
        postings: [
          { account: 'platform:revenue', amount: -18 },
          { account: 'platform:revenue:1', amount: -12 },
          { account: 'wallet:1', amount: 1000 },
          { account: 'world:cash-out:1', amount: -970 },
        ],
      });
    // Revenue paid out since as compensations: what it no longer holds of the fee is issued.
    spec('ReturnRefund')
      .given({ refund, revenue: revenue({ 'platform:revenue:5': 4 }) })
      .when({ userId: 1, refundTransactionId: 20 })
      .then({
        postings: [
          { account: 'platform:revenue:5', amount: -4 },
          { account: 'wallet:1', amount: 1000 },
          { account: 'world:bonus:1', amount: -26 },
          { account: 'world:cash-out:1', amount: -970 },
        ],
      });
  });
});
