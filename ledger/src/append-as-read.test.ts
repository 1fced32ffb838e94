import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@fanmission/services/db';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createMember, newKey, nextId, triggerPayload } from '@fanmission/tests/support/ledger';
import { escrowAccount, walletAccount } from './accounts';
import { holdForMission, purchase, releaseToCreator } from './operations';
import { balance } from './queries';
import { verify } from './verify';

// ledger_append_as_read (migration 0151) writes the accounts in one statement before it takes the transaction id,
// and writes its outbox row itself (the trigger of ledger_transactions skips that transaction only).
const database = useTestDatabase();
const NOW = new Date('2026-04-01T09:00:00Z');

let db: Kysely<Database>;
let statements: string[] = [];
beforeAll(() => {
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.current.url, max: 2 }) }),
    log: (event) => void statements.push(event.query.sql),
  });
});
afterAll(async () => {
  await db.destroy();
});

const functionsCalled = () => statements.map((text) => /select\s+(\w+)\(/.exec(text)?.[1] ?? text);

async function outboxRows(transactionId: number) {
  const { rows } = await sql<{ type: string; aggregate_type: string; payload: unknown; occurred_at: Date }>`
    select type, aggregate_type, payload, occurred_at, schema_version from outbox
    where aggregate_type = 'ledger' and aggregate_id = ${String(transactionId)}`.execute(db);
  return rows;
}

describe('ledger_append_as_read', () => {
  it('writes the same outbox event as the trigger, once, for an operation decided from remembered state', async () => {
    const userId = await createMember(database.current.db);
    const purchased = await purchase(db, {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      coins: 50,
      paymentId: `pay-${nextId()}`,
    });
    // The first hold reads the wallet (the purchase only credited it); from then on it is remembered.
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 5 });
    const missionId = nextId();
    statements = [];
    const hold = await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 20 });
    const release = await releaseToCreator(db, { idempotencyKey: newKey(), now: NOW, missionId, creatorId: nextId() });
    expect(functionsCalled()).toEqual(['ledger_append_as_read', 'ledger_append_as_read']);

    // The purchase went through ledger_append (its event from the trigger); the hold and release did not.
    for (const entry of [purchased, hold, release]) {
      const rows = await outboxRows(entry.transactionId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'ledger.transaction.appended', schema_version: 1, occurred_at: NOW });
      expect(rows[0]!.payload).toEqual(await triggerPayload(db, entry.transactionId));
    }
  });

  it('answers a moved account without writing anything, then the operation reads and appends', async () => {
    const userId = await createMember(database.current.db);
    await purchase(db, { idempotencyKey: newKey(), now: NOW, userId, coins: 30, paymentId: `pay-${nextId()}` });
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 5 });
    // Another process spends from the wallet: the remembered version is behind.
    const other = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.current.url, max: 1 }) }),
    });
    try {
      await holdForMission(other, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 5 });
    } finally {
      await other.destroy();
    }
    const missionId = nextId();
    statements = [];
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 5 });
    expect(functionsCalled()).toEqual(['ledger_append_as_read', 'ledger_read', 'ledger_append']);
    expect((await balance(db, walletAccount(userId))).balance).toBe(15);
    expect((await balance(db, escrowAccount(missionId))).balance).toBe(5);
    const report = await verify(db);
    expect(report.differences).toEqual([]);
  });

  it('refuses to create a non-world account for a debit, writing nothing', async () => {
    const key = newKey();
    const wallet = walletAccount(nextId());
    const append = sql`
      select ledger_append_as_read(null, null, ${key}, '{}'::jsonb, 'BONUS_GRANT', ${NOW}, '{}'::jsonb,
        array[${wallet}, 'platform:revenue'], array['WALLET', 'REVENUE']::ledger_account_kind[],
        array[]::text[], array[]::bigint[], array[${wallet}, 'platform:revenue'], array[-5, 5]::bigint[],
        null, null, null, null, array[]::bigint[], array[]::text[], array[]::bigint[], array[]::text[],
        array[]::bigint[])`.execute(db);
    await expect(append).rejects.toMatchObject({
      code: '23514',
      constraint: 'ledger_accounts_balance_not_negative',
    });
    const { rows } = await sql`select 1 from ledger_accounts where account = ${wallet}`.execute(db);
    expect(rows).toEqual([]);
  });

  it('answers an account read at a version it was never created at as moved, writing nothing', async () => {
    const key = newKey();
    const escrow = escrowAccount(nextId());
    const append = sql`
      select ledger_append_as_read(null, null, ${key}, '{}'::jsonb, 'BONUS_GRANT', ${NOW}, '{}'::jsonb,
        array[${escrow}, 'world:bonus'], array['ESCROW', 'WORLD']::ledger_account_kind[],
        array[${escrow}]::text[], array[3]::bigint[], array[${escrow}, 'world:bonus'], array[5, -5]::bigint[],
        null, null, null, null, array[]::bigint[], array[]::text[], array[]::bigint[], array[]::text[],
        array[]::bigint[])`.execute(db);
    await expect(append).rejects.toMatchObject({ code: 'LDG01' });
    const { rows } = await sql`select 1 from ledger_accounts where account = ${escrow}`.execute(db);
    expect(rows).toEqual([]);
  });

  it('answers a key taken meanwhile without writing anything', async () => {
    const userId = await createMember(database.current.db);
    const taken = newKey();
    await purchase(db, { idempotencyKey: taken, now: NOW, userId, coins: 10, paymentId: `pay-${nextId()}` });
    const counts = () =>
      sql<{ transactions: string; events: string }>`
        select (select count(*) from ledger_transactions) as transactions, (select count(*) from outbox) as events`
        .execute(db)
        .then(({ rows }) => rows[0]);
    const before = await counts();
    const escrow = escrowAccount(nextId());
    const append = sql`
      select ledger_append_as_read(null, null, ${taken}, '{}'::jsonb, 'BONUS_GRANT', ${NOW}, '{}'::jsonb,
        array[${escrow}, 'world:bonus'], array['ESCROW', 'WORLD']::ledger_account_kind[],
        array[]::text[], array[]::bigint[], array[${escrow}, 'world:bonus'], array[5, -5]::bigint[],
        null, null, null, null, array[]::bigint[], array[]::text[], array[]::bigint[], array[]::text[],
        array[]::bigint[])`.execute(db);
    await expect(append).rejects.toMatchObject({ code: 'LDG02' });
    expect(await counts()).toEqual(before);
    const { rows } = await sql`select 1 from ledger_accounts where account = ${escrow}`.execute(db);
    expect(rows).toEqual([]);
  });

  it('refuses to move a lot out of a wallet it is not in, writing nothing', async () => {
    const [owner, other] = [await createMember(database.current.db), await createMember(database.current.db)];
    for (const userId of [owner, other]) {
      await purchase(db, { idempotencyKey: newKey(), now: NOW, userId, coins: 10, paymentId: `pay-${nextId()}` });
    }
    const lotOf = async (userId: number) => {
      const { rows } = await sql<{ id: string; remaining: string }>`
        select id, remaining from ledger_lots where account = ${walletAccount(userId)}`.execute(db);
      return rows[0]!;
    };
    const ownersLot = await lotOf(owner);
    const key = newKey();
    const escrow = escrowAccount(nextId());
    // The other member's wallet pays with the owner's lot.
    const append = sql`
      select ledger_append_as_read(null, null, ${key}, '{}'::jsonb, 'MISSION_HOLD', ${NOW}, '{}'::jsonb,
        array[${escrow}, ${walletAccount(other)}], array['ESCROW', 'WALLET']::ledger_account_kind[],
        array[]::text[], array[]::bigint[], array[${walletAccount(other)}, ${escrow}], array[-5, 5]::bigint[],
        null, null, null, null, array[${ownersLot.id}]::bigint[], array[${walletAccount(other)}]::text[],
        array[-5]::bigint[], array[${escrow}]::text[], array[5]::bigint[])`.execute(db);
    await expect(append).rejects.toThrow(/moves a lot that is not in its wallet/);
    expect(await lotOf(owner)).toEqual(ownersLot);
    expect((await balance(db, walletAccount(other))).balance).toBe(10);
    const { rows } = await sql`
      select 1 from ledger_accounts where account = ${escrow}
      union all select 1 from ledger_idempotency_keys where idempotency_key = ${key}`.execute(db);
    expect(rows).toEqual([]);
  });

  // Last: its bare transaction (no postings) is one verify would report.
  it('still has the trigger write the event of every other insert in the same transaction', async () => {
    const id = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        select ledger_append_as_read(null, null, ${newKey()}, '{}'::jsonb, 'BONUS_GRANT', ${NOW}, '{}'::jsonb,
          array['platform:revenue', 'world:bonus'], array['REVENUE', 'WORLD']::ledger_account_kind[],
          array[]::text[], array[]::bigint[], array['platform:revenue', 'world:bonus'], array[5, -5]::bigint[],
          null, null, null, null, array[]::bigint[], array[]::text[], array[]::bigint[], array[]::text[],
          array[]::bigint[]) as id`.execute(trx);
      const key = newKey();
      const { rows: direct } = await sql<{ id: string }>`
        insert into ledger_transactions (type, idempotency_key, occurred_at) values ('BONUS_GRANT', ${key}, ${NOW})
        returning id`.execute(trx);
      return [Number(rows[0]!.id), Number(direct[0]!.id)];
    });
    expect(await outboxRows(id[0]!)).toHaveLength(1);
    expect(await outboxRows(id[1]!)).toHaveLength(1);
  });
});
