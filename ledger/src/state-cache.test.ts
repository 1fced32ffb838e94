import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@fanmission/services/db';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { earningsAccount, escrowAccount, walletAccount } from './accounts';
import { holdForMission, purchase, refundMission, releaseToCreator } from './operations';
import { balance } from './queries';
import { verify } from './verify';
import { after, createMember, days, newKey, nextId, refusal } from '@fanmission/tests/support/ledger';

// The state this process remembers lets an uncontended operation decide without reading and append in one round
// trip; nothing remembered is trusted: versions and the member's standing are checked by the append.
const database = useTestDatabase();
const NOW = new Date('2026-03-01T10:00:00Z');

/** A pool of its own (so a cache of its own), logging every statement it sends: the process under test. */
let statements: string[] = [];
let db: Kysely<Database>;
/** Another process on the same database: its pool has its own cache. */
let other: Kysely<Database>;
const pool = (log: boolean) =>
  new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.current.url, max: 4 }) }),
    log: log ? (event) => void (event.level === 'query' && statements.push(event.query.sql)) : undefined,
  });
beforeAll(() => {
  db = pool(true);
  other = pool(false);
});
afterAll(async () => {
  await db.destroy();
  await other.destroy();
});

const functionsCalled = () => statements.map((text) => /select\s+(\w+)\(/.exec(text)?.[1] ?? text);

async function funded(coins: number, now = NOW) {
  const userId = await createMember(database.current.db);
  await purchase(db, { idempotencyKey: newKey(), now, userId, coins, paymentId: `pay-${nextId()}` });
  return userId;
}

describe('an operation decided from remembered state', () => {
  it('takes one round trip once the accounts are known: hold, then release to a creator', async () => {
    const userId = await funded(100);
    const creatorId = nextId();
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 10 });

    statements = [];
    const missionId = nextId();
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 7 });
    expect(functionsCalled()).toEqual(['ledger_append_as_read']);

    statements = [];
    await releaseToCreator(db, { idempotencyKey: newKey(), now: NOW, missionId, creatorId });
    expect(functionsCalled()).toEqual(['ledger_append_as_read']);

    expect((await balance(db, walletAccount(userId))).balance).toBe(83);
    expect((await balance(db, escrowAccount(missionId))).balance).toBe(0);
    expect((await balance(db, earningsAccount(creatorId))).balance).toBe(7);
    expect((await verify(db)).differences).toEqual([]);
  });

  it('refuses a spend once the member’s coins were frozen behind its back', async () => {
    const userId = await funded(50);
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
    await sql`update users set roles = array['ROLE_USER', 'ROLE_CREATOR'], coins_frozen_at = ${NOW}
              where id = ${userId}`.execute(other);

    const hold = holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 5 });
    await refusal(hold, 'COINS_FROZEN');
    expect((await balance(db, walletAccount(userId))).balance).toBe(49);
  });

  it('never spends coins another process spent meanwhile', async () => {
    const userId = await funded(30);
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 10 });
    await holdForMission(other, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 15 });

    const details = await refusal(
      holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 6 }),
      'NOT_ENOUGH_COINS',
    );
    expect(details.available).toBe(5);
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 5 });
    expect((await balance(db, walletAccount(userId))).balance).toBe(0);
    expect((await verify(db)).differences).toEqual([]);
  });

  it('spends a lot another process credited meanwhile, and an escrow another process topped up', async () => {
    const userId = await funded(10);
    const missionId = nextId();
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 4 });
    await purchase(other, { idempotencyKey: newKey(), now: NOW, userId, coins: 20, paymentId: `pay-${nextId()}` });
    await holdForMission(other, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 3 });

    // Remembered: 6 coins left in the first lot, enough for 5; really 3 are left there and 20 in a second lot.
    const spend = await holdForMission(db, {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      missionId: nextId(),
      coins: 5,
    });
    const { rows } = await sql<{ amount: string }>`
      select wallet_amount as amount from ledger_lot_movements where transaction_id = ${spend.transactionId}
      order by lot_id`.execute(db);
    expect(rows.map((row) => Number(row.amount))).toEqual([-3, -2]);
    const creatorId = nextId();
    await releaseToCreator(db, { idempotencyKey: newKey(), now: NOW, missionId, creatorId });
    expect((await balance(db, walletAccount(userId))).balance).toBe(18);
    expect((await balance(db, earningsAccount(creatorId))).balance).toBe(7);
    expect((await verify(db)).differences).toEqual([]);
  });

  it('takes lots that had expired at a later clock it remembers, at an earlier one', async () => {
    const userId = await funded(5, NOW);
    await purchase(db, {
      idempotencyKey: newKey(),
      now: after(NOW, days(10)),
      userId,
      coins: 5,
      paymentId: `p-${nextId()}`,
    });
    // Five years and a day later the first lot has expired: the spend reads (and remembers) only the second.
    const late = after(NOW, days(5 * 366 + 1));
    await holdForMission(db, { idempotencyKey: newKey(), now: late, userId, missionId: nextId(), coins: 1 });
    // Back at an earlier clock the first lot is spendable again and comes first.
    const missionId = nextId();
    await holdForMission(db, { idempotencyKey: newKey(), now: after(NOW, days(20)), userId, missionId, coins: 3 });
    const { rows } = await sql<{ first_lot: boolean; amount: string }>`
      select l.expires_at < ${late} as first_lot, m.wallet_amount as amount from ledger_lot_movements m
      join ledger_lots l on l.id = m.lot_id where m.escrow = ${escrowAccount(missionId)}`.execute(db);
    expect(rows.map((row) => [row.first_lot, Number(row.amount)])).toEqual([[true, -3]]);
  });

  it('answers a replayed key with the first answer, and a reused key with a conflict', async () => {
    const userId = await funded(20);
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
    const input = { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 2 };
    const first = await holdForMission(db, input);
    expect(await holdForMission(db, input)).toEqual(first);
    await refusal(holdForMission(db, { ...input, coins: 3 }), 'IDEMPOTENCY_CONFLICT');
    expect((await balance(db, walletAccount(userId))).balance).toBe(17);
  });

  it('refunds into the lots the escrow remembered', async () => {
    const userId = await funded(12);
    const missionId = nextId();
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 2 });
    await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 3 });
    await refundMission(db, { idempotencyKey: newKey(), now: NOW, missionId });
    expect((await balance(db, walletAccount(userId))).balance).toBe(12);
    expect((await verify(db)).differences).toEqual([]);
  });
});

describe('the statements of one operation', () => {
  it('are parsed and planned once per connection (named statements)', async () => {
    const single = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.current.url, max: 1 }) }),
    });
    try {
      const userId = await createMember(database.current.db);
      await purchase(single, { idempotencyKey: newKey(), now: NOW, userId, coins: 9, paymentId: `pay-${nextId()}` });
      await holdForMission(single, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
      await holdForMission(single, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
      const { rows } = await sql<{ name: string }>`
        select name from pg_prepared_statements order by name`.execute(single);
      expect(rows.map((row) => row.name)).toEqual([
        'fanmission_ledger_append',
        'fanmission_ledger_append_as_read',
        'fanmission_ledger_read',
      ]);
      expect((await balance(single, walletAccount(userId))).balance).toBe(7);
    } finally {
      await single.destroy();
    }
  });

  it('refuses an unbalanced transaction decided from remembered state, writing nothing', async () => {
    const key = newKey();
    const append = sql`
      select ledger_append_as_read(null, null, ${key}, '{}'::jsonb, 'BONUS_GRANT', ${NOW}, '{}'::jsonb,
        array['wallet:1', 'world:bonus'], array['WALLET', 'WORLD']::ledger_account_kind[], array[]::text[],
        array[]::bigint[], array['wallet:1', 'world:bonus'], array[5, -4]::bigint[], null, null, null, null,
        array[]::bigint[], array[]::text[], array[]::bigint[], array[]::text[], array[]::bigint[])`.execute(db);
    await expect(append).rejects.toMatchObject({ code: '23514' });
    const { rows } = await sql`select 1 from ledger_idempotency_keys where idempotency_key = ${key}`.execute(db);
    expect(rows).toEqual([]);
  });
});
