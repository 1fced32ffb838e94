import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { grantBonus, holdForMission, purchase, verify, walletAccount, withdrawPurchase } from '@fanmission/ledger';
import { dropTestDatabase, useTestDatabase } from '@fanmission/tests/harness/database';
import { withDatabase } from '@fanmission/tests/harness/postgres-global-setup';
import { createMember, newKey, nextId, refusal } from '@fanmission/tests/support/ledger';
import { createDb, type Db } from './database';
import {
  LEDGER_PARTITIONED_TABLES,
  LedgerPartitionsPostponed,
  ledgerMonthBase,
  maintainLedgerPartitions,
} from './ledger-partitions';
import { migrateToLatest } from './migrate';

const NOW = new Date('2026-11-20T03:00:00Z');
const NOVEMBER = ledgerMonthBase({ year: 2026, month: 11 });

async function partitionsOf(db: Db, table: string) {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass order by c.relname`.execute(db);
  return rows;
}

async function transactionsIn(db: Db, partition: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) from ${sql.table(partition)}`.execute(db);
  return Number(rows[0]!.count);
}

describe('a new database', () => {
  const database = useTestDatabase();
  const db = () => database.current.db;

  it('has the log partitioned by month, this and next month made, and appends landing in the current one', async () => {
    for (const { table } of LEDGER_PARTITIONED_TABLES) {
      const { rows } = await sql<{
        relkind: string;
      }>`select relkind from pg_class where oid = ${table}::regclass`.execute(db());
      expect(rows[0]!.relkind).toBe('p');
    }
    const result = await maintainLedgerPartitions(db(), { now: NOW });
    expect(result.converted).toBe(false);
    const names = (await partitionsOf(db(), 'ledger_postings')).map((partition) => partition.name);
    expect(names).toEqual(expect.arrayContaining(['ledger_postings_2026_11', 'ledger_postings_2026_12']));

    const userId = await createMember(db());
    const bought = await purchase(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      coins: 100,
      paymentId: `pay-${nextId()}`,
    });
    expect(bought.transactionId).toBeGreaterThanOrEqual(NOVEMBER);
    const { rows } = await sql<{ partition: string }>`
      select tableoid::regclass::text as partition from ledger_postings where transaction_id = ${bought.transactionId}`.execute(
      db(),
    );
    expect(new Set(rows.map((row) => row.partition)).size).toBe(1);
    expect(rows[0]!.partition).toMatch(/^ledger_postings_(2026_11|2026_12|2027_\d\d)$/);
    // Exactly one outbox event per transaction: the row trigger lives once, on the partitioned table.
    const { rows: events } = await sql<{ count: string }>`
      select count(*) from outbox where type = 'ledger.transaction.appended'
        and aggregate_id = ${String(bought.transactionId)}`.execute(db());
    expect(Number(events[0]!.count)).toBe(1);
  });

  it('refuses a rewrite aimed at a partition directly, as at the log', async () => {
    const partition = (await partitionsOf(db(), 'ledger_postings')).at(-1)!.name;
    await expect(sql`delete from ${sql.table(partition)}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`truncate ${sql.table(partition)}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_transactions set metadata = '{}'`.execute(db())).rejects.toThrow(/append-only/);
  });

  it('credits a payment once, whatever the key, and finds the purchase by its payment', async () => {
    const userId = await createMember(db());
    const paymentId = `pay-${nextId()}`;
    const first = await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 50, paymentId });
    const refused = await refusal(
      purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 50, paymentId }),
      'PAYMENT_ALREADY_CREDITED',
    );
    expect(refused.transactionId).toBe(first.transactionId);
    // Found by its payment: the withdrawal takes back the purchase's lot.
    const withdrawn = await withdrawPurchase(db(), { idempotencyKey: newKey(), now: NOW, userId, paymentId });
    expect(withdrawn.transactionId).toBeGreaterThan(first.transactionId);
    expect((await verify(db())).differenceCount).toBe(0);
  });

  it('moves the id sequence to a month as it starts, and makes the month after', async () => {
    const january = new Date('2027-01-01T00:30:00+09:00');
    const result = await maintainLedgerPartitions(db(), { now: january });
    expect(result.sequenceMovedTo).toBe(ledgerMonthBase({ year: 2027, month: 1 }));
    expect(result.created).toEqual(
      expect.arrayContaining([
        'ledger_transactions_2027_01',
        'ledger_postings_2027_02',
        'ledger_lot_movements_2027_02',
      ]),
    );
    const userId = await createMember(db());
    const granted = await grantBonus(db(), {
      idempotencyKey: newKey(),
      now: january,
      userId,
      coins: 5,
      reason: 'EVENT',
    });
    expect(granted.transactionId).toBeGreaterThanOrEqual(ledgerMonthBase({ year: 2027, month: 1 }));
    expect(await transactionsIn(db(), 'ledger_transactions_2027_01')).toBe(1);
    // Run again: nothing to do.
    expect(await maintainLedgerPartitions(db(), { now: january })).toEqual({
      converted: false,
      created: [],
      sequenceMovedTo: null,
    });
  });
});

describe('a populated ledger converted online', () => {
  let name: string;
  let db: Db;
  const adminUrl = () => inject('postgresAdminUrl');

  beforeAll(async () => {
    name = `partitions_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    db = createDb(withDatabase(adminUrl(), name), { max: 12, connectionTimeoutMs: 30_000 });
    // The schema as it was before partitioning.
    await migrateToLatest(db, { partitionLedger: false });
  });

  afterAll(async () => {
    await db.destroy();
    await dropTestDatabase(adminUrl(), name);
  });

  it('gives up cleanly when it never gets its locks: nothing changed, and migrating goes on', async () => {
    const blocker = new pg.Client({ connectionString: withDatabase(adminUrl(), name) });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table ledger_lot_movements in access share mode');
    try {
      await expect(maintainLedgerPartitions(db, { now: NOW, lockTimeoutMs: 50, attempts: 2 })).rejects.toBeInstanceOf(
        LedgerPartitionsPostponed,
      );
      const lines: string[] = [];
      await expect(
        migrateToLatest(db, { now: NOW, partitionAttempts: 2, log: (line) => lines.push(line) }),
      ).resolves.toEqual([]);
      expect(lines.at(-1)).toMatch(/postponed$/);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const { rows } = await sql<{
      relkind: string;
    }>`select relkind from pg_class where oid = 'ledger_transactions'::regclass`.execute(db);
    expect(rows[0]!.relkind).toBe('r');
  });

  it(
    'keeps every append going while a reader holds the log, and loses or changes nothing',
    { timeout: 120_000 },
    async () => {
      const members = await Promise.all(Array.from({ length: 8 }, () => createMember(db)));
      const payments: Array<{ userId: number; paymentId: string }> = [];
      for (const userId of members) {
        for (let n = 0; n < 5; n += 1) {
          const paymentId = `pay-${nextId()}`;
          await purchase(db, { idempotencyKey: newKey(), now: NOW, userId, coins: 100, paymentId });
          await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 10 });
          payments.push({ userId, paymentId });
        }
      }
      const { rows: before } = await sql<{ count: string }>`select count(*) from ledger_postings`.execute(db);

      // A long transaction holding a lock on the log (a report reading it, say): the swap cannot take its exclusive
      // locks while it runs. It must give up after its lock timeout and try again, never making appends queue behind it.
      const blocker = new pg.Client({ connectionString: withDatabase(adminUrl(), name) });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table ledger_postings in access share mode');

      const lines: string[] = [];
      let appending = true;
      let appended = 0;
      const appenders = members.map(async (userId) => {
        // A bonus coin in, a coin held for a mission out: the wallet never runs dry however long this goes on.
        while (appending) {
          await grantBonus(db, { idempotencyKey: newKey(), now: NOW, userId, coins: 1, reason: 'EVENT' });
          await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
          appended += 2;
        }
      });
      const converting = maintainLedgerPartitions(db, {
        now: NOW,
        attempts: 100,
        log: (line) => lines.push(line),
      });
      // Let the swap try and give up a few times while appends go on, then let the reader finish.
      await expect
        .poll(() => lines.filter((line) => line.includes('trying again')).length, { timeout: 60_000 })
        .toBeGreaterThanOrEqual(3);
      const atRelease = appended;
      await blocker.query('commit');
      await blocker.end();
      const result = await converting;
      const appendedWhileBlocked = atRelease;
      // Appends after the swap land in the new month's partition.
      const afterSwap = appended;
      await expect.poll(() => appended, { timeout: 60_000 }).toBeGreaterThan(afterSwap + 20);
      appending = false;
      await Promise.all(appenders);

      expect(result.converted).toBe(true);
      expect(appendedWhileBlocked).toBeGreaterThan(10);
      expect(lines.some((line) => line.startsWith('ledger partitions: swapped'))).toBe(true);

      const { rows: partitions } = await sql<{ name: string; rows: string }>`
      select c.relname as name, (select count(*) from ledger_transactions t where t.tableoid = c.oid) as rows
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'ledger_transactions'::regclass order by c.relname`.execute(db);
      const byName = Object.fromEntries(partitions.map((partition) => [partition.name, Number(partition.rows)]));
      expect(byName['ledger_transactions_before_2026_11']).toBeGreaterThanOrEqual(80 + appendedWhileBlocked);
      expect(byName['ledger_transactions_2026_11']).toBeGreaterThan(0);

      // Nothing lost or changed: every posting and movement is there, the books still balance, the foreign keys into
      // the log are checked again, and a payment is still credited once.
      const { rows: after } = await sql<{ count: string }>`select count(*) from ledger_postings`.execute(db);
      expect(Number(after[0]!.count)).toBe(Number(before[0]!.count) + appended * 2);
      const report = await verify(db);
      expect(report.differences).toEqual([]);
      expect(report.transactions).toBe(80 + appended);
      const { rows: keys } = await sql<{ name: string; validated: boolean }>`
      select conname as name, convalidated as validated from pg_constraint
      where confrelid = 'ledger_transactions'::regclass and contype = 'f'`.execute(db);
      expect(keys.length).toBeGreaterThanOrEqual(6);
      expect(keys.every((key) => key.validated)).toBe(true);
      const again = payments[0]!;
      await refusal(
        purchase(db, {
          idempotencyKey: newKey(),
          now: NOW,
          userId: again.userId,
          coins: 100,
          paymentId: again.paymentId,
        }),
        'PAYMENT_ALREADY_CREDITED',
      );
      const { rows: wallet } = await sql<{ balance: string }>`
      select balance from ledger_accounts where account = ${walletAccount(members[0]!)}`.execute(db);
      expect(Number(wallet[0]!.balance)).toBeGreaterThan(0);
    },
  );
});
