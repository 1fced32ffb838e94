import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { walletAccount } from './accounts';
import { grantBonus, holdForMission, purchase } from './operations';
import {
  compareProjections,
  emptyReplayState,
  evolve,
  type ReplayedLot,
  type StoredTransaction,
  type VerifyDifference,
} from './replay';
import { verify } from './verify';
import { createMember, newKey, nextId, tamperWithLedger } from '@fanmission/tests/support/ledger';

const database = useTestDatabase();
const db = () => database.current.db;
const NOW = new Date('2026-02-01T00:00:00Z');

async function someActivity() {
  const userId = await createMember(db());
  await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 100, paymentId: `pay-${nextId()}` });
  await grantBonus(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 10, reason: 'EVENT' });
  await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 30 });
  return userId;
}

describe('verify against the database', () => {
  it('finds nothing wrong in an untouched ledger, and says how much it checked', async () => {
    await someActivity();
    expect(await verify(db())).toEqual({
      mode: 'FULL',
      since: 0,
      transactions: 3,
      postings: 6,
      accounts: 4,
      lots: 2,
      differences: [],
      differenceCount: 0,
    });
  });

  it('reports a tampered balance as exactly that difference', async () => {
    const userId = await someActivity();
    const wallet = walletAccount(userId);
    await sql`update ledger_accounts set balance = balance + 7 where account = ${wallet}`.execute(db());
    expect((await verify(db())).differences).toEqual([
      { kind: 'BALANCE_MISMATCH', account: wallet, stored: 87, replayed: 80 },
    ]);
    await sql`update ledger_accounts set balance = balance - 7 where account = ${wallet}`.execute(db());
  });

  it('reports a tampered lot', async () => {
    const userId = await someActivity();
    const { rows } = await sql<{ id: number }>`
      update ledger_lots set remaining = remaining - 1
      where id = (select min(id) from ledger_lots where account = ${walletAccount(userId)}) returning id`.execute(db());
    const lotId = Number(rows[0]!.id);
    expect((await verify(db())).differences).toEqual([
      { kind: 'LOT_MISMATCH', lotId, field: 'remaining', stored: 69, replayed: 70 },
    ]);
    await sql`update ledger_lots set remaining = remaining + 1 where id = ${lotId}`.execute(db());
    expect((await verify(db())).differences).toEqual([]);
  });

  it('keeps the log append-only and the projections out of the negative', async () => {
    const userId = await someActivity();
    await expect(sql`update ledger_postings set amount = amount + 1`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_transactions`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_lot_movements`.execute(db())).rejects.toThrow(/append-only/);
    await expect(
      sql`update ledger_accounts set balance = -1 where account = ${walletAccount(userId)}`.execute(db()),
    ).rejects.toThrow(/ledger_accounts_balance_not_negative/);
    await expect(
      sql`update ledger_lots set remaining = -1 where account = ${walletAccount(userId)}`.execute(db()),
    ).rejects.toThrow(/ledger_lots_remaining_in_range/);
  });
});

/**
 * The oracle: the whole log and both projections in memory, replayed by `evolve` in id order in one snapshot (what
 * verify did before it streamed). The streaming verify must find the same differences in the same order.
 */
async function replayAllAtOnce(): Promise<VerifyDifference[]> {
  const { rows } = await sql<{
    id: unknown;
    type: StoredTransaction['type'];
    postings: [string, unknown][] | null;
    movements: [unknown, unknown, string | null, unknown][] | null;
    lots: [unknown, string, unknown][] | null;
  }>`
    select t.id, t.type,
      (select json_agg(json_build_array(p.account, p.amount) order by p.account collate "C")
       from ledger_postings p where p.transaction_id = t.id) as postings,
      (select json_agg(json_build_array(m.lot_id, m.wallet_amount, m.escrow, m.escrow_amount) order by m.lot_id)
       from ledger_lot_movements m where m.transaction_id = t.id) as movements,
      (select json_agg(json_build_array(l.id, l.account, l.amount) order by l.id)
       from ledger_lots l where l.transaction_id = t.id) as lots
    from ledger_transactions t order by t.id`.execute(db());
  const state = emptyReplayState();
  const differences: VerifyDifference[] = [];
  for (const row of rows) {
    differences.push(
      ...evolve(state, {
        id: Number(row.id),
        type: row.type,
        postings: (row.postings ?? []).map(([account, amount]) => ({ account, amount: Number(amount) })),
        lotMovements: (row.movements ?? []).map(([lotId, walletAmount, escrow, escrowAmount]) => ({
          lotId: Number(lotId),
          walletAmount: Number(walletAmount),
          escrow,
          escrowAmount: escrowAmount === null ? null : Number(escrowAmount),
        })),
        createdLots: (row.lots ?? []).map(([id, account, amount]) => ({
          id: Number(id),
          account,
          amount: Number(amount),
        })),
      }),
    );
  }
  const accounts = await db().selectFrom('ledger_accounts').select(['account', 'balance']).execute();
  const lots = await db().selectFrom('ledger_lots').select(['id', 'account', 'amount', 'remaining']).execute();
  differences.push(
    ...compareProjections(state, {
      balances: new Map(accounts.map((row) => [row.account, Number(row.balance)])),
      lots: new Map<number, ReplayedLot>(
        lots.map((row) => [
          Number(row.id),
          { account: row.account, amount: Number(row.amount), remaining: Number(row.remaining) },
        ]),
      ),
    }),
  );
  return differences;
}

const behindTheLedgersBack = (statement: ReturnType<typeof sql>) => tamperWithLedger(db(), statement);

describe('verify in batches', () => {
  const BATCH_SIZES = [1, 2, 3, 1_000];

  it('reports the same as one batch, whatever the batch size, on a ledger many batches long', async () => {
    for (let member = 0; member < 6; member++) await someActivity();
    const whole = await verify(db());
    expect(whole.differences).toEqual([]);
    expect(whole.transactions).toBeGreaterThan(3 * 6);
    for (const batchSize of BATCH_SIZES) expect(await verify(db(), { batchSize })).toEqual(whole);
  });

  it('finds a posting added to a late transaction, in the order of a replay of the whole log', async () => {
    const first = await someActivity();
    for (let member = 0; member < 4; member++) await someActivity();
    const { rows } = await sql<{ id: unknown }>`select max(id) as id from ledger_transactions`.execute(db());
    const late = Number(rows[0]!.id);
    const wallet = walletAccount(first);
    await behindTheLedgersBack(sql`insert into ledger_postings values (${late}, ${wallet}, 3)`);
    try {
      const expected = await replayAllAtOnce();
      expect(expected).toEqual([
        { kind: 'UNBALANCED_TRANSACTION', transactionId: late, sum: 3 },
        { kind: 'LOTS_DO_NOT_MATCH_POSTING', transactionId: late, account: wallet, posting: 3, lotMovements: 0 },
        { kind: 'BALANCE_MISMATCH', account: wallet, stored: 80, replayed: 83 },
      ]);
      for (const batchSize of BATCH_SIZES) {
        const report = await verify(db(), { batchSize });
        expect(report.differences, `batch size ${batchSize}`).toEqual(expected);
        expect(report.differenceCount).toBe(3);
      }
    } finally {
      await behindTheLedgersBack(
        sql`delete from ledger_postings where transaction_id = ${late} and account = ${wallet}`,
      );
    }
    expect((await verify(db(), { batchSize: 2 })).differences).toEqual([]);
  });

  it('finds a tampered lot in the last batch and an unknown lot moved, and caps the list it returns', async () => {
    await someActivity();
    const { rows } = await sql<{ id: unknown; transaction_id: unknown }>`
      update ledger_lots set remaining = remaining - 1 where id = (select max(id) from ledger_lots)
      returning id, transaction_id`.execute(db());
    const lotId = Number(rows[0]!.id);
    const transactionId = Number(rows[0]!.transaction_id);
    await behindTheLedgersBack(
      sql`insert into ledger_lot_movements values (${transactionId}, ${lotId + 1_000}, 5, null, null)`,
    );
    try {
      const expected = await replayAllAtOnce();
      expect(expected).toEqual([
        { kind: 'UNKNOWN_LOT', transactionId, lotId: lotId + 1_000 },
        { kind: 'LOT_MISMATCH', lotId, field: 'remaining', stored: 9, replayed: 10 },
      ]);
      for (const batchSize of BATCH_SIZES) {
        expect((await verify(db(), { batchSize })).differences, `batch size ${batchSize}`).toEqual(expected);
      }
      expect(await verify(db(), { batchSize: 2, maxDifferences: 1 })).toMatchObject({
        differences: [expected[0]],
        differenceCount: 2,
      });
    } finally {
      await behindTheLedgersBack(sql`delete from ledger_lot_movements where lot_id = ${lotId + 1_000}`);
      await sql`update ledger_lots set remaining = remaining + 1 where id = ${lotId}`.execute(db());
    }
    expect((await verify(db(), { batchSize: 2 })).differences).toEqual([]);
  });

  it('stays consistent while the ledger moves during the run: no false difference', async () => {
    const userIds = [await someActivity(), await someActivity(), await someActivity()];
    let writes = 0;
    const report = await verify(db(), {
      batchSize: 2,
      onProgress: async () => {
        // Between batches: spends and credits on accounts already paged, being paged and not yet paged.
        const userId = userIds[writes++ % userIds.length]!;
        await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 5, paymentId: `pay-${nextId()}` });
        await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 3 });
      },
    });
    expect(writes).toBeGreaterThan(5);
    expect(report.differences).toEqual([]);
    expect((await verify(db())).differences).toEqual([]);
  });
});

describe('replay, purely', () => {
  const tx = (overrides: Partial<StoredTransaction>): StoredTransaction => ({
    id: 1,
    type: 'PURCHASE',
    postings: [],
    lotMovements: [],
    createdLots: [],
    ...overrides,
  });

  it('given a purchase, when replayed, then its wallet and lot are rebuilt', () => {
    const state = emptyReplayState();
    const differences = evolve(
      state,
      tx({
        postings: [
          { account: 'wallet:1', amount: 10 },
          { account: 'world:cash-in', amount: -10 },
        ],
        lotMovements: [{ lotId: 5, walletAmount: 10, escrow: null, escrowAmount: null }],
        createdLots: [{ id: 5, account: 'wallet:1', amount: 10 }],
      }),
    );
    expect(differences).toEqual([]);
    expect(state.balances).toEqual(
      new Map([
        ['wallet:1', 10],
        ['world:cash-in', -10],
      ]),
    );
    expect(state.lots.get(5)).toEqual({ account: 'wallet:1', amount: 10, remaining: 10 });
  });

  it('flags an unbalanced transaction, postings lots do not explain, and a negative wallet', () => {
    const differences = evolve(
      emptyReplayState(),
      tx({
        id: 9,
        type: 'MISSION_HOLD',
        postings: [
          { account: 'wallet:1', amount: -5 },
          { account: 'escrow:mission:2', amount: 4 },
        ],
      }),
    );
    expect(differences).toEqual([
      { kind: 'UNBALANCED_TRANSACTION', transactionId: 9, sum: -1 },
      { kind: 'LOTS_DO_NOT_MATCH_POSTING', transactionId: 9, account: 'escrow:mission:2', posting: 4, lotMovements: 0 },
      { kind: 'LOTS_DO_NOT_MATCH_POSTING', transactionId: 9, account: 'wallet:1', posting: -5, lotMovements: 0 },
      { kind: 'NEGATIVE_BALANCE', transactionId: 9, account: 'wallet:1', balance: -5 },
    ]);
  });

  it('flags movements of unknown lots and lots leaving their range', () => {
    const state = emptyReplayState();
    state.lots.set(1, { account: 'wallet:1', amount: 5, remaining: 5 });
    const differences = evolve(
      state,
      tx({
        id: 3,
        type: 'MISSION_REFUND',
        postings: [
          { account: 'escrow:mission:1', amount: -4 },
          { account: 'wallet:1', amount: 4 },
        ],
        lotMovements: [
          { lotId: 1, walletAmount: 1, escrow: 'escrow:mission:1', escrowAmount: -4 },
          { lotId: 2, walletAmount: 3, escrow: null, escrowAmount: null },
        ],
      }),
    );
    expect(differences).toEqual([
      { kind: 'LOT_OUT_OF_RANGE', transactionId: 3, lotId: 1, remaining: 6, amount: 5 },
      { kind: 'NEGATIVE_ESCROW_PORTION', transactionId: 3, account: 'escrow:mission:1', lotId: 1, coins: -4 },
      { kind: 'UNKNOWN_LOT', transactionId: 3, lotId: 2 },
      { kind: 'LOTS_DO_NOT_MATCH_POSTING', transactionId: 3, account: 'wallet:1', posting: 4, lotMovements: 1 },
      { kind: 'NEGATIVE_BALANCE', transactionId: 3, account: 'escrow:mission:1', balance: -4 },
    ]);
  });

  it('compares replayed projections with stored ones, both ways', () => {
    const state = emptyReplayState();
    state.balances.set('wallet:1', 3);
    state.lots.set(1, { account: 'wallet:1', amount: 3, remaining: 3 });
    expect(
      compareProjections(state, {
        balances: new Map([['wallet:2', 4]]),
        lots: new Map([[2, { account: 'wallet:2', amount: 4, remaining: 4 }]]),
      }),
    ).toEqual([
      { kind: 'BALANCE_MISMATCH', account: 'wallet:1', stored: null, replayed: 3 },
      { kind: 'BALANCE_MISMATCH', account: 'wallet:2', stored: 4, replayed: 0 },
      { kind: 'LOT_MISMATCH', lotId: 1, field: 'existence', stored: null, replayed: 'replayed' },
      { kind: 'LOT_MISMATCH', lotId: 2, field: 'existence', stored: 'stored', replayed: null },
    ]);
  });
});
