// The daily verification from the checkpoint against the real database: it replays only what was appended since the
// last run, finds what the full replay finds in what it touches, and keeps a state equal to the full replay's.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createMember, newKey, nextId, tamperWithLedger } from '@fanmission/tests/support/ledger';
import { walletAccount } from './accounts';
import { grantBonus, holdForMission, purchase, refundMission, releaseToCreator } from './operations';
import { verify } from './verify';
import { verifyIncremental } from './verify-incremental';

const database = useTestDatabase();
const db = () => database.current.db;
const NOW = new Date('2026-02-01T00:00:00Z');

/** A member who buys, gets a bonus, requests two missions: one performed, one refunded. */
async function someActivity() {
  const userId = await createMember(db());
  const creatorId = nextId();
  await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 100, paymentId: `pay-${nextId()}` });
  await grantBonus(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 10, reason: 'EVENT' });
  const performed = nextId();
  const refunded = nextId();
  await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: performed, coins: 30 });
  await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: refunded, coins: 45 });
  await releaseToCreator(db(), { idempotencyKey: newKey(), now: NOW, missionId: performed, creatorId });
  await refundMission(db(), { idempotencyKey: newKey(), now: NOW, missionId: refunded, reason: 'REJECTED' });
  return userId;
}

/** The kept state next to the stored projections: what differs (an empty list when the checkpoint is the replay). */
async function keptStateOffStored() {
  const { rows } = await sql<{ what: string }>`
    select 'balance ' || coalesce(a.account, v.account) as what
    from ledger_accounts a full join ledger_verified_balances v using (account)
    where coalesce(a.balance, 0) <> coalesce(v.balance, 0)
    union all
    select 'lot ' || coalesce(l.id, v.lot_id) from ledger_lots l full join ledger_verified_lots v on v.lot_id = l.id
    where l.remaining is distinct from v.remaining`.execute(db());
  return rows.map((row) => row.what);
}

const behindTheLedgersBack = (statement: ReturnType<typeof sql>) => tamperWithLedger(db(), statement);

const checkpointMark = async () =>
  Number((await db().selectFrom('ledger_verify_checkpoint').select('mark').executeTakeFirstOrThrow()).mark);

describe('verifyIncremental', () => {
  it('is the full replay when there is no checkpoint yet, and keeps one', async () => {
    await someActivity();
    const report = await verifyIncremental(db());
    expect(report).toMatchObject({ mode: 'FULL', since: 0, transactions: 6, differenceCount: 0 });
    expect(await keptStateOffStored()).toEqual([]);
    const { rows } = await sql<{ id: unknown }>`select max(id) as id from ledger_transactions`.execute(db());
    expect(await checkpointMark()).toBe(Number(rows[0]!.id));
  });

  it('replays only the transactions after the checkpoint, and keeps the state the full replay computes', async () => {
    await someActivity();
    await someActivity();
    await verify(db(), { saveCheckpoint: true });
    const since = await checkpointMark();
    const userId = await someActivity();
    await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 5 });

    for (const batchSize of [1, 2, 1_000]) {
      // Back to the same checkpoint for each batch size.
      await verify(db(), { saveCheckpoint: true });
      await sql`update ledger_verify_checkpoint set mark = ${since}`.execute(db());
      const report = await verifyIncremental(db(), { batchSize });
      expect(report, `batch size ${batchSize}`).toMatchObject({
        mode: 'INCREMENTAL',
        since,
        transactions: 7,
        differences: [],
        differenceCount: 0,
      });
      // The new member's wallet, the platform's and world accounts, two escrows, one creator's earnings.
      expect(report.accounts).toBeGreaterThanOrEqual(6);
      expect(report.lots).toBe(2);
      expect(await keptStateOffStored()).toEqual([]);
    }
    const again = await verifyIncremental(db());
    expect(again).toMatchObject({ mode: 'INCREMENTAL', transactions: 0, accounts: 0, lots: 0, differenceCount: 0 });
  });

  it('finds a tampered balance and a tampered lot among those the new transactions touch', async () => {
    await someActivity();
    await verifyIncremental(db());
    const userId = await someActivity();
    const wallet = walletAccount(userId);
    await sql`update ledger_accounts set balance = balance + 7 where account = ${wallet}`.execute(db());
    const { rows } = await sql<{ id: unknown }>`
      update ledger_lots set remaining = remaining - 1
      where id = (select min(id) from ledger_lots where account = ${wallet}) returning id`.execute(db());
    const lotId = Number(rows[0]!.id);
    try {
      const full = await verify(db());
      const report = await verifyIncremental(db());
      expect(report.differences).toEqual([
        { kind: 'BALANCE_MISMATCH', account: wallet, stored: 87, replayed: 80 },
        { kind: 'LOT_MISMATCH', lotId, field: 'remaining', stored: 69, replayed: 70 },
      ]);
      expect(report.differences).toEqual(full.differences);
    } finally {
      await sql`update ledger_accounts set balance = balance - 7 where account = ${wallet}`.execute(db());
      await sql`update ledger_lots set remaining = remaining + 1 where id = ${lotId}`.execute(db());
    }
  });

  it('finds an unbalanced transaction appended since the checkpoint and the balance it leaves', async () => {
    await someActivity();
    await verifyIncremental(db());
    const userId = await someActivity();
    await someActivity();
    const { rows } = await sql<{ id: unknown }>`select max(id) as id from ledger_transactions`.execute(db());
    const late = Number(rows[0]!.id);
    const wallet = walletAccount(userId);
    await behindTheLedgersBack(sql`insert into ledger_postings values (${late}, ${wallet}, 3)`);
    try {
      expect((await verifyIncremental(db())).differences).toEqual([
        { kind: 'UNBALANCED_TRANSACTION', transactionId: late, sum: 3 },
        { kind: 'LOTS_DO_NOT_MATCH_POSTING', transactionId: late, account: wallet, posting: 3, lotMovements: 0 },
        { kind: 'BALANCE_MISMATCH', account: wallet, stored: 80, replayed: 83 },
      ]);
    } finally {
      await behindTheLedgersBack(
        sql`delete from ledger_postings where transaction_id = ${late} and account = ${wallet}`,
      );
      // The kept state replayed the tampered log: a full replay of the log as it is again keeps the true one.
      await verify(db(), { saveCheckpoint: true });
    }
  });

  it('a run that stopped halfway leaves the checkpoint where it was, and the next run counts nothing twice', async () => {
    await someActivity();
    await verifyIncremental(db());
    const since = await checkpointMark();
    await someActivity();
    await someActivity();
    let calls = 0;
    await expect(
      verifyIncremental(db(), {
        batchSize: 1,
        onProgress: () => {
          // After the log's check and some of the replay's pages: the kept rows are ahead of the mark.
          if (++calls === 16) throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    expect(await checkpointMark()).toBe(since);
    const { rows } = await sql<{ ahead: unknown }>`
      select count(*) as ahead from ledger_verified_balances where through > ${since}`.execute(db());
    expect(Number(rows[0]!.ahead)).toBeGreaterThan(0);
    const report = await verifyIncremental(db(), { batchSize: 1 });
    expect(report).toMatchObject({ mode: 'INCREMENTAL', since, transactions: 12, differenceCount: 0 });
    expect(await keptStateOffStored()).toEqual([]);
  });

  it('stays consistent while the ledger moves during the run: no false difference, and the next run takes the rest', async () => {
    await someActivity();
    await verifyIncremental(db());
    const userIds = [await someActivity(), await someActivity()];
    let writes = 0;
    const report = await verifyIncremental(db(), {
      batchSize: 2,
      onProgress: async () => {
        const userId = userIds[writes++ % userIds.length]!;
        await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 5, paymentId: `pay-${nextId()}` });
        await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 3 });
      },
    });
    expect(writes).toBeGreaterThan(5);
    expect(report.differences).toEqual([]);
    expect((await verifyIncremental(db())).differences).toEqual([]);
    expect(await keptStateOffStored()).toEqual([]);
    expect((await verify(db())).differences).toEqual([]);
  });
});
