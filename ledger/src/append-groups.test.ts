import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@fanmission/services/db';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createMember, newKey, nextId, refusal, triggerPayload } from '@fanmission/tests/support/ledger';
import { earningsAccount, escrowAccount, walletAccount } from './accounts';
import { holdForMission, purchase, releaseToCreator } from './operations';
import { balance } from './queries';
import { APPENDS_IN_FLIGHT, appendGroup, type RememberedAppend } from './append-groups';
import type { LedgerDb } from './repository';
import { verify } from './verify';

// Group commit (append-groups.ts, migration 0152): remembered appends under way together go as one call and one
// commit; the group is all or nothing, and a failed group's members are appended one by one.
const database = useTestDatabase();
const NOW = new Date('2026-04-01T09:00:00Z');
const MEMBER = { isCreator: false, coinsFrozenAt: null };

let db: Kysely<Database>;
let statements: string[] = [];
beforeAll(() => {
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.current.url, max: 8 }) }),
    log: (event) => void statements.push(event.query.sql),
  });
});
afterAll(async () => {
  await db.destroy();
});

const ledgerDb = () => db as unknown as LedgerDb;
const otherProcess = () =>
  new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.current.url, max: 1 }) }),
  });

/** A member with `coins` in one lot; returns the member, the lot and the wallet's version. */
async function fundedMember(coins: number) {
  const userId = await createMember(database.current.db);
  await purchase(db, { idempotencyKey: newKey(), now: NOW, userId, coins, paymentId: `pay-${nextId()}` });
  const { rows } = await sql<{ id: string }>`
    select id from ledger_lots where account = ${walletAccount(userId)}`.execute(db);
  return { userId, lotId: Number(rows[0]!.id), version: (await account(walletAccount(userId))).version };
}

/** A hold of `coins` from a funded member's wallet into a new escrow, as decided from remembered state. */
function hold(funded: { userId: number; lotId: number; version: number }, coins: number, key = newKey()) {
  const wallet = walletAccount(funded.userId);
  const escrow = escrowAccount(nextId());
  const append: RememberedAppend = {
    idempotencyKey: key,
    request: JSON.stringify({ command: 'HOLD', key, escrow }),
    now: NOW,
    transaction: {
      type: 'MISSION_HOLD',
      postings: [
        { account: wallet, amount: -coins },
        { account: escrow, amount: coins },
      ],
      metadata: { userId: funded.userId },
      lotMovements: [
        {
          lotId: funded.lotId,
          wallet: { account: wallet, amount: -coins },
          escrow: { account: escrow, amount: coins },
        },
      ],
    },
    expectedVersions: new Map([
      [escrow, 0],
      [wallet, funded.version],
    ]),
    asRead: { userId: funded.userId, memberState: MEMBER },
  };
  return { append, wallet, escrow };
}

/** A credit to a creator's earnings from the platform's revenue (a world-like account no one reads). */
function credit(creatorId: number, coins: number): RememberedAppend {
  return {
    idempotencyKey: newKey(),
    request: JSON.stringify({ command: 'CREDIT', creatorId, coins }),
    now: NOW,
    transaction: {
      type: 'BONUS_GRANT',
      postings: [
        { account: earningsAccount(creatorId), amount: coins },
        { account: 'world:bonus', amount: -coins },
      ],
      metadata: { creatorId },
      lotMovements: [],
    },
    expectedVersions: new Map(),
    asRead: { userId: null, memberState: null },
  };
}

async function outboxOf(transactionIds: number[]) {
  const { rows } = await sql<{ aggregate_id: string; payload: unknown; transaction_id: string }>`
    select aggregate_id, payload, transaction_id from outbox
    where aggregate_type = 'ledger' and aggregate_id = any (${transactionIds.map(String)}::text[])
    order by position`.execute(db);
  return rows;
}

/** An account's stored balance and version. */
async function account(name: string) {
  const { rows } = await sql<{ balance: string; version: string }>`
    select balance, version from ledger_accounts where account = ${name}`.execute(db);
  return { balance: Number(rows[0]!.balance), version: Number(rows[0]!.version) };
}

const counts = async () => {
  const { rows } = await sql<{ transactions: string; keys: string; events: string; accounts: string }>`
    select (select count(*) from ledger_transactions) as transactions,
      (select count(*) from ledger_idempotency_keys) as keys,
      (select count(*) from outbox) as events,
      (select count(*) from ledger_accounts) as accounts`.execute(db);
  return rows[0];
};

describe('ledger_append_group', () => {
  it('appends every member as it would be appended alone, in one commit', async () => {
    const [first, second] = [await fundedMember(30), await fundedMember(30)];
    const creatorId = nextId();
    const holds = [hold(first, 10), hold(second, 4)];
    const ids = await appendGroup(ledgerDb(), [
      holds[0]!.append,
      credit(creatorId, 3),
      holds[1]!.append,
      credit(creatorId, 5),
    ]);

    expect(ids).toHaveLength(4);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(await account(holds[0]!.wallet)).toEqual({ balance: 20, version: first.version + 1 });
    expect(await account(holds[0]!.escrow)).toEqual({ balance: 10, version: 1 });
    expect(await account(holds[1]!.wallet)).toEqual({ balance: 26, version: second.version + 1 });
    // The shared earnings account: locked once, moved by both credits, one version per posting.
    expect(await account(earningsAccount(creatorId))).toEqual({ balance: 8, version: 2 });
    const { rows: lots } = await sql<{ remaining: string }>`
      select remaining from ledger_lots where id in (${first.lotId}, ${second.lotId}) order by id`.execute(db);
    expect(lots.map((lot) => Number(lot.remaining))).toEqual([20, 26]);

    const events = await outboxOf(ids);
    expect(events.map((event) => Number(event.aggregate_id))).toEqual(ids);
    for (const event of events) expect(event.payload).toEqual(await triggerPayload(db, Number(event.aggregate_id)));
    expect(new Set(events.map((event) => event.transaction_id)).size).toBe(1);
    expect((await verify(db)).differences).toEqual([]);
  });

  it('writes nothing when one member meets a key taken meanwhile', async () => {
    const [first, second] = [await fundedMember(10), await fundedMember(10)];
    const taken = newKey();
    await purchase(db, { idempotencyKey: taken, now: NOW, userId: first.userId, coins: 1, paymentId: `p${nextId()}` });
    const before = await counts();
    const fresh = (await account(walletAccount(first.userId))).version;
    const group = appendGroup(ledgerDb(), [
      hold({ ...first, version: fresh }, 2).append,
      hold(second, 3, taken).append,
    ]);
    await expect(group).rejects.toMatchObject({ code: 'LDG02' });
    expect(await counts()).toEqual(before);
    expect(await account(walletAccount(first.userId))).toEqual({ balance: 11, version: fresh });
  });

  it('writes nothing when an account one member read has moved', async () => {
    const [first, second] = [await fundedMember(10), await fundedMember(10)];
    const before = await counts();
    const group = appendGroup(ledgerDb(), [hold(first, 2).append, hold({ ...second, version: 7 }, 3).append]);
    await expect(group).rejects.toMatchObject({ code: 'LDG01' });
    expect(await counts()).toEqual(before);
    expect(await account(walletAccount(first.userId))).toEqual({ balance: 10, version: first.version });
  });

  it('writes nothing when a member has moved since it was read', async () => {
    const [first, second] = [await fundedMember(10), await fundedMember(10)];
    const before = await counts();
    const frozen = hold(second, 3).append;
    const group = appendGroup(ledgerDb(), [
      hold(first, 2).append,
      { ...frozen, asRead: { userId: second.userId, memberState: { ...MEMBER, coinsFrozenAt: NOW.toISOString() } } },
    ]);
    await expect(group).rejects.toMatchObject({ code: 'LDG01' });
    expect(await counts()).toEqual(before);
  });

  it('refuses members that share an account one of them read, writing nothing', async () => {
    const funded = await fundedMember(10);
    const before = await counts();
    const group = appendGroup(ledgerDb(), [hold(funded, 2).append, hold(funded, 3).append]);
    await expect(group).rejects.toMatchObject({ code: '23514' });
    expect(await counts()).toEqual(before);
    expect(await account(walletAccount(funded.userId))).toEqual({ balance: 10, version: funded.version });
  });

  it('refuses a member moving a lot out of a wallet it is not in, writing nothing', async () => {
    const [owner, other, third] = [await fundedMember(10), await fundedMember(10), await fundedMember(10)];
    const before = await counts();
    // The other member's wallet pays with the owner's lot.
    const group = appendGroup(ledgerDb(), [hold(third, 1).append, hold({ ...other, lotId: owner.lotId }, 5).append]);
    await expect(group).rejects.toThrow(/moves a lot that is not in its wallet/);
    expect(await counts()).toEqual(before);
    const { rows } = await sql<{ remaining: string }>`
      select remaining from ledger_lots where id = ${owner.lotId}`.execute(db);
    expect(Number(rows[0]!.remaining)).toBe(10);
  });

  it('gives up after 50 ms on a lock a caller holds, writing nothing', async () => {
    const [first, second] = [await fundedMember(10), await fundedMember(10)];
    const before = await counts();
    const locker = new pg.Client({ connectionString: database.current.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from ledger_accounts where account = $1 for update', [walletAccount(second.userId)]);
      const group = appendGroup(ledgerDb(), [hold(first, 2).append, hold(second, 3).append]);
      await expect(group).rejects.toMatchObject({ code: '55P03' });
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an unbalanced member, writing nothing', async () => {
    const [first, second] = [await fundedMember(10), await fundedMember(10)];
    const before = await counts();
    const unbalanced = hold(second, 3).append;
    unbalanced.transaction.postings[1]!.amount = 4;
    const group = appendGroup(ledgerDb(), [hold(first, 2).append, unbalanced]);
    await expect(group).rejects.toMatchObject({ code: '23514' });
    expect(await counts()).toEqual(before);
  });
});

describe('group commit through the engine', () => {
  it('groups concurrent remembered spends from different wallets, each as if alone', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => fundedMember(100)));
    // A first hold each reads the wallet; from then on it is remembered.
    for (const { userId } of members) {
      await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
    }
    statements = [];
    const entries = await Promise.all(
      members.flatMap(({ userId }) =>
        [1, 2].map(() =>
          holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 2 }),
        ),
      ),
    );
    expect(new Set(entries.map((entry) => entry.transactionId)).size).toBe(24);
    for (const { userId } of members) expect((await balance(db, walletAccount(userId))).balance).toBe(95);
    // Several spends shared a server transaction: they were appended as a group.
    expect(statements.filter((text) => String(text).includes('ledger_append_group')).length).toBeGreaterThan(0);
    const events = await outboxOf(entries.map((entry) => entry.transactionId));
    expect(events).toHaveLength(24);
    expect(new Set(events.map((event) => event.transaction_id)).size).toBeLessThan(24);
    expect((await verify(db)).differences).toEqual([]);
  });

  it('groups releases to one creator: the earnings account moved once per group, by every release', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => fundedMember(10)));
    const creatorId = nextId();
    const missions: number[] = [];
    for (const { userId } of members) {
      await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
      const missionId = nextId();
      missions.push(missionId);
      await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 4 });
    }
    statements = [];
    const releases = await Promise.all(
      missions.map((missionId) => releaseToCreator(db, { idempotencyKey: newKey(), now: NOW, missionId, creatorId })),
    );
    expect(statements.filter((text) => String(text).includes('ledger_append_group')).length).toBeGreaterThan(0);
    const earned = releases.flatMap((entry) => entry.postings).filter((p) => p.account === earningsAccount(creatorId));
    const earnings = await account(earningsAccount(creatorId));
    expect(earnings).toEqual({ balance: earned.reduce((sum, posting) => sum + posting.amount, 0), version: 8 });
    for (const missionId of missions) expect((await account(escrowAccount(missionId))).balance).toBe(0);
    expect((await verify(db)).differences).toEqual([]);
  });

  it('gives each member of a failed group its own answer: a key taken, an account moved, the others appended', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => fundedMember(50)));
    for (const { userId } of members) {
      await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
    }
    const [, keyTaken, , moved] = members;
    // Another process takes a key for another request, and spends from a wallet this process remembers.
    const taken = newKey();
    const other = otherProcess();
    try {
      await holdForMission(other, {
        idempotencyKey: taken,
        now: NOW,
        userId: moved!.userId,
        missionId: nextId(),
        coins: 5,
      });
    } finally {
      await other.destroy();
    }
    const before = await counts();
    const spends = members.map(({ userId }) => {
      const idempotencyKey = userId === keyTaken!.userId ? taken : newKey();
      return holdForMission(db, { idempotencyKey, now: NOW, userId, missionId: nextId(), coins: 3 });
    });
    const conflict = await refusal(spends[1]!, 'IDEMPOTENCY_CONFLICT');
    expect(conflict.idempotencyKey).toBe(taken);
    await Promise.all(spends.filter((_, index) => index !== 1));

    expect((await balance(db, walletAccount(keyTaken!.userId))).balance).toBe(49);
    expect((await balance(db, walletAccount(moved!.userId))).balance).toBe(41);
    for (const index of [0, 2, 4]) {
      expect((await balance(db, walletAccount(members[index]!.userId))).balance).toBe(46);
    }
    const after = await counts();
    expect(Number(after!.transactions) - Number(before!.transactions)).toBe(4);
    expect((await verify(db)).differences).toEqual([]);
  });

  it('does not make appends wait for groups held up by a lock', async () => {
    const funded = await Promise.all(Array.from({ length: APPENDS_IN_FLIGHT + 3 }, () => fundedMember(20)));
    for (const { userId } of funded) {
      await holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
    }
    const blocked = funded.slice(0, APPENDS_IN_FLIGHT);
    const free = funded.slice(APPENDS_IN_FLIGHT);
    const spend = (userId: number) =>
      holdForMission(db, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 2 });
    // A caller's transaction holds the row locks of as many wallets as the pool has appends under way at once.
    const locker = new pg.Client({ connectionString: database.current.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from ledger_accounts where account = any ($1) for update', [
        blocked.map(({ userId }) => walletAccount(userId)),
      ]);
      // One at a time, so that each goes as a group of its own and every place under way is taken by one.
      const waiting: Promise<unknown>[] = [];
      for (const { userId } of blocked) {
        waiting.push(spend(userId));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      // Appends to other wallets, which would wait behind the held-up groups, go through meanwhile.
      expect(await Promise.all(free.map(({ userId }) => spend(userId)))).toHaveLength(3);
      let settled = 0;
      for (const promise of waiting) void promise.finally(() => (settled += 1));
      // The held-up appends are still there: each of their sessions waits for the caller's row locks.
      const { pid } = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
      await expect
        .poll(
          async () =>
            (
              await locker.query<{ blocked: number }>(
                'select count(*)::int as blocked from pg_stat_activity where $1 = any (pg_blocking_pids(pid))',
                [pid],
              )
            ).rows[0]?.blocked,
          { timeout: 10_000 },
        )
        .toBe(APPENDS_IN_FLIGHT);
      expect(settled).toBe(0);
      await locker.query('commit');
      await Promise.all(waiting);
    } finally {
      await locker.end();
    }
    for (const { userId } of funded) expect((await balance(db, walletAccount(userId))).balance).toBe(17);
  });
});
