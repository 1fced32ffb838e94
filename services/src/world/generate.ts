import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { DAY_MS } from '@fanmission/contracts';
import { BulkLedger, insertRecords, type InsertOptions } from '@fanmission/ledger';
import { hashPassword } from '../auth';
import type { Db } from '../db';
import { DEFAULT_RETENTION } from '../retention';
import { withoutSecondaryIndexes } from './indexes';
import { fillEarningsCounters, fillMissionCounters, fillSettlementCounters, withoutRowTriggers } from './triggers';
import { generateMissions } from './missions';
import { generatePeople } from './people';
import { playCoinHistory } from './coins';
import { commentEventOf } from './comment-event';
import { luckyRollRows, notificationsOf, missionRow, socialOf } from './rows';
import { TAGS, WORLD_PASSWORD, worldContext, type Row, type WorldOptions, type WorldReport } from './shape';
import { fillReviews } from './reviews';

/**
 * The database pool the generator writes through: two connections (its two writers); set-based statements over a
 * whole table run longer than a request's statement timeout; a connection may take long to open on a machine the
 * writing keeps busy (L died after 40 minutes when one took over the default 5 s); and a writer's transaction waits,
 * idle, for the other writer's half of the batch and for the process's garbage collection of a heap of gigabytes
 * (L died 28 minutes in when the server ended such a transaction after the default 30 s).
 */
export const WORLD_DB_OPTIONS = {
  max: 2,
  statementTimeoutMs: 0,
  idleInTransactionTimeoutMs: 0,
  connectionTimeoutMs: 120_000,
} as const;

/**
 * Generates a marketplace into an empty, migrated database, deterministically from the seed: members and creators
 * (a few creators hold most followers and missions, most fans buy once or twice), products of each type, follows,
 * likes, missions in every state with their coins where that state leaves them, comments, charges of every payment
 * method, withdrawals and partial refunds, provably fair lucky rolls (seeds, commitments, nonces), lottery events with applicants, a running comment coin event,
 * notifications, and the settlement of the past months (the product's own `settleMonth`). Every coin movement is a ledger transaction
 * through `BulkLedger` (the ledger's own deciders), so `verify` is clean afterwards; the ledger's events of the
 * outbox's retention window (its last `outboxRetentionDays`) are the outbox history, marked delivered, and every
 * consumer's checkpoint stands after them; older transactions have no event, as after a maintenance pass.
 */
export async function generateWorld(db: Db, options: WorldOptions): Promise<WorldReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  // The process's peak resident memory: the kernel's high-water mark where it tells it (Linux), else sampled every
  // second (a sample misses what a synchronous phase allocates and frees between two).
  let sampledPeak = process.memoryUsage.rss();
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss())), 1_000);
  sampler.unref();
  const peakRss = () => highWaterRss() ?? (sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss()));
  try {
    return await generate(db, options, log, started, peakRss);
  } finally {
    clearInterval(sampler);
  }
}

/** The process's peak resident set size so far (`VmHWM` of /proc/self/status), or null where there is none. */
function highWaterRss(): number | null {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kilobytes === undefined ? null : Number(kilobytes) * 1024;
  } catch {
    return null;
  }
}

async function generate(
  db: Db,
  options: WorldOptions,
  log: (line: string) => void,
  started: number,
  peakRss: () => number,
): Promise<WorldReport> {
  const gigabytes = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
  const tables: WorldReport['tables'] = [];
  /** Writes a table's rows, taken from `rows` a chunk at a time (a generator's are never all in memory). */
  const write = async (table: string, rows: Iterable<Row>, overriding = true) => {
    const start = performance.now();
    let count = 0;
    await withoutSecondaryIndexes(db, table, async () => {
      for (const chunk of chunksOf(rows, WRITE_CHUNK_ROWS)) {
        count += chunk.length;
        await writeRows(db, table, chunk, { overriding });
      }
    });
    const seconds = (performance.now() - start) / 1000;
    tables.push({ table, rows: count, seconds });
    log(
      `${table}: ${count} rows, ${Math.round(count / Math.max(seconds, 0.001))} rows/s ` +
        `(RSS ${gigabytes(process.memoryUsage.rss())}, peak ${gigabytes(peakRss())})`,
    );
  };
  /** Runs one step of the writing and logs its seconds. */
  const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s (peak RSS ${gigabytes(peakRss())})`);
    return result;
  };
  const { rows: used } = await sql<{ used: boolean }>`select exists (select 1 from users) as used`.execute(db);
  if (used[0]!.used) throw new Error('the world generator writes into an empty database only');
  // The counters the row triggers keep are filled set-based after the rows they count (./triggers.ts).
  await withoutRowTriggers(db, async () => {
    const outboxDays = options.outboxRetentionDays ?? DEFAULT_RETENTION.outboxDays;
    const world = worldContext(
      options,
      await BulkLedger.open(db, {
        eventsDelivered: true,
        eventsFrom: new Date(options.now.getTime() - outboxDays * DAY_MS),
      }),
    );
    const { random, since, shape, at, fanUser, creatorUser, uuid } = world;
    const passwordHash = await hashPassword(WORLD_PASSWORD);
    const { users, creators, creatorTags, snsLinks, products, productsOf, productRows, follows } = generatePeople(
      world,
      passwordHash,
      options.nameHmac,
    );
    // The people first: nothing they hold refers to what follows, and their rows need not wait in memory.
    const names = new Map<number, string>(users.map((user) => [user.id as number, user.username as string]));
    for (const creator of creators) names.set(creator.user_id as number, creator.name as string);
    await write('users', users.splice(0));
    await write(
      'tags',
      TAGS.map((name, index) => ({ id: index + 1, name, created_at: new Date(since - DAY_MS) })),
    );
    await write('creators', creators);
    // Every creator's payout account was looked up at its bank and held by him (docs/rules/settlement.md).
    await write(
      'payout_account_verifications',
      creators.map((creator) => ({
        creator_id: creator.id,
        bank_name: creator.bank_name,
        bank_account_number: creator.bank_account_number,
        status: 'VERIFIED',
        matched: 'REAL_NAME',
        bank_holder: creator.bank_account_holder,
        attempts: 1,
        queued_at: creator.created_at,
        checked_at: creator.created_at,
      })),
      false,
    );
    await write('creator_tags', creatorTags, false);
    await write('creator_sns_links', snsLinks, false);
    await write('mission_products', productRows);
    await write('follows', follows.splice(0), false);
    const { missions, lotteryEvents, applications, draws, rouletteSeeds } = generateMissions(
      world,
      products,
      productsOf,
    );
    const { comments, likes } = socialOf(random, missions, shape, fanUser, at);
    const commentEvent = commentEventOf(world, comments);
    log(
      `generated the people, missions and comments in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(peak RSS ${gigabytes(peakRss())})`,
    );
    // The missions and what refers to them but not to the coins, before the coin history: comments and likes need not
    // wait in memory through it. Each mission's counts of likes and comments as the API keeps them are in its row (its
    // page totals follow from them, with the other counters, in `fillMissionCounters`).
    const likesOf = countBy(likes, 'mission_id');
    const commentsOf = countBy(comments, 'mission_id');
    await write(
      'missions',
      mapRows(missions, (mission) => ({
        ...missionRow(mission),
        likes_count: likesOf.get(mission.id) ?? 0,
        comments_count: commentsOf.get(mission.id) ?? 0,
      })),
    );
    likesOf.clear();
    commentsOf.clear();
    await write('roulette_seeds', rouletteSeeds.splice(0));
    await write('lottery_events', lotteryEvents, false);
    await write('event_applications', applications.splice(0), false);
    await write('event_draws', draws, false);
    await write('comment_events', [commentEvent.event]);
    await write('mission_comments', comments.splice(0));
    await write('comment_event_days', commentEvent.days, false);
    await write('comment_event_wins', commentEvent.winRows, false);
    await write('mission_likes', likes.splice(0), false);
    // The ledger's tables are loaded without their secondary indexes too: the postings' by account, the lot
    // movements' by lot and escrow take each row at a random page of an index that outgrows the cache.
    const coinsStarted = performance.now();
    const { payments, bankTransfers, cashReceipts, deposits, refunds, settlement, coinSeconds, accounts, lots } =
      await withoutSecondaryIndexes(db, LEDGER_TABLES, () =>
        playCoinHistory(world, missions, creators, commentEvent.wins),
      );
    log(
      `the ledger's secondary indexes built in ${((performance.now() - coinsStarted) / 1000 - coinSeconds).toFixed(1)} s`,
    );
    for (const [table, rows] of [
      ['ledger_transactions', world.ledger.written.transactions],
      ['ledger_postings', world.ledger.written.postings],
      ['ledger_lot_movements', world.ledger.written.lotMovements],
      ['ledger_accounts', accounts],
      ['ledger_lots', lots],
    ] as const) {
      tables.push({ table, rows, seconds: coinSeconds });
      log(
        `${table}: ${rows} rows, ${Math.round(rows / coinSeconds)} rows/s (the ledger's bulk path, all its tables; ` +
          `peak RSS ${gigabytes(peakRss())})`,
      );
    }

    await timed('earnings counters', () => fillEarningsCounters(db));

    // The domain's rows, now that the ledger transactions they refer to exist.
    await write('payments', payments, false);
    await write('bank_transfers', bankTransfers);
    await write('cash_receipts', cashReceipts, false);
    await write('coin_deposits', deposits);
    await write('coin_refunds', refunds);
    await write('lucky_rolls', luckyRollRows(missions));
    const creatorUserOf = (creatorId: number) => creatorUser(creatorId);
    await write(
      'notifications',
      notificationsOf(missions, creatorUserOf, uuid, (userId) => names.get(userId) ?? ''),
    );

    await timed('mission counters', () => fillMissionCounters(db));
    await timed('reviews', () => fillReviews(db, options.now));
    await timed('creator popularity', () =>
      sql`
      insert into creator_popularity (creator_id, follower_count, like_count, completed_count, expired_count)
      select c.id,
        (select count(*) from follows f where f.creator_id = c.id),
        (select coalesce(sum(m.likes_count), 0) from missions m where m.creator_id = c.id),
        (select count(*) from missions m where m.creator_id = c.id and m.status = 'COMPLETED'),
        (select count(*) from missions m where m.creator_id = c.id and m.rejection_reason like '%EXPIRED')
      from creators c
      on conflict (creator_id) do update set follower_count = excluded.follower_count,
        like_count = excluded.like_count, completed_count = excluded.completed_count,
        expired_count = excluded.expired_count`.execute(db),
    );
    for (const table of ['users', 'tags', 'creators', 'mission_products', 'bank_transfers', 'coin_deposits']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
    for (const table of [
      'coin_refunds',
      'missions',
      'roulette_seeds',
      'lucky_rolls',
      'mission_comments',
      'comment_events',
    ]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest(1, (select max(id) from ${sql.table(table)})))`.execute(
        db,
      );
    }

    // The settlement feed as its consumer builds it from each MISSION_RELEASE, and the statements of the past months.
    await timed('settlement feed', async () => {
      await sql`
      insert into settlement_feed_entries (ledger_transaction_id, creator_id, month, mission_id, coins, occurred_at)
      select t.id, substr(p.account, 10)::bigint, to_char(t.occurred_at at time zone 'Asia/Seoul', 'YYYY-MM'),
        (t.metadata ->> 'missionId')::bigint, p.amount, t.occurred_at
      from ledger_transactions t join ledger_postings p on p.transaction_id = t.id and p.account like 'earnings:%'
      where t.type = 'MISSION_RELEASE'`.execute(db);
      await sql`
      insert into settlement_feed (creator_id, month, coins, missions)
      select creator_id, month, sum(coins), count(*) from settlement_feed_entries group by 1, 2`.execute(db);
    });
    await write('payout_account_changes', settlement.accountChanges);
    await sql`select setval(pg_get_serial_sequence('payout_account_changes', 'id'), greatest(1, (select max(id) from payout_account_changes)))`.execute(
      db,
    );
    await write('settlement_statements', settlement.statements, false);
    await write('settlement_statement_lines', settlement.lines, false);
    await write('settlement_carryovers', settlement.carryovers, false);
    await write('settlement_runs', settlement.runs);
    await sql`select setval(pg_get_serial_sequence('settlement_statements', 'id'), greatest(1, (select max(id) from settlement_statements)))`.execute(
      db,
    );
    await sql`select setval(pg_get_serial_sequence('settlement_runs', 'id'), greatest(1, (select max(id) from settlement_runs)))`.execute(
      db,
    );

    await timed('settlement counters', () => fillSettlementCounters(db));

    // History: every event so far delivered, and every consumer past it.
    await timed('events delivered', () =>
      sql`update outbox set sent_at = recorded_at where sent_at is null`.execute(db),
    );
    for (const consumer of options.consumers) {
      await sql`
        insert into event_consumer_checkpoints (consumer, transaction_id, position)
        select ${consumer}, coalesce(max(transaction_id), '0'), coalesce(max(position), 0) from outbox
        on conflict (consumer) do update set transaction_id = excluded.transaction_id, position = excluded.position`.execute(
        db,
      );
    }
  });
  await timed('analyze', () => sql`analyze`.execute(db));
  return { size: options.size, seconds: (performance.now() - started) / 1000, peakRssBytes: peakRss(), tables };
}

/**
 * Rows of a table: in two halves side by side (two connections, so both cores work) when none of the table's
 * insert triggers is on (two writers of one counter row would wait on, or deadlock with, each other; the load turns the
 * counters' triggers off) and no row refers to another of the table (one half's row could refer to the other's, not
 * committed yet); else in one go.
 */
async function writeRows(db: Db, table: string, rows: Row[], options: InsertOptions): Promise<void> {
  const { rows: found } = await sql<{ alone: boolean }>`
    select exists (select 1 from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal and tgenabled <> 'D'
      and tgtype & 4 <> 0 -- an insert trigger (pg_trigger.h: TRIGGER_TYPE_INSERT)
    )
      or exists (select 1 from pg_constraint where conrelid = ${table}::regclass and confrelid = conrelid) as alone`.execute(
    db,
  );
  if (found[0]!.alone || rows.length < 20_000) return insertRecords(db, table, rows, options);
  const half = Math.ceil(rows.length / 2);
  await Promise.all([
    insertRecords(db, table, rows.slice(0, half), options),
    insertRecords(db, table, rows.slice(half), options),
  ]);
}

/** How many rows name each value of a column. */
function countBy(rows: Row[], column: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const key = row[column] as number;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The tables `BulkLedger` writes. */
const LEDGER_TABLES = [
  'ledger_idempotency_keys',
  'ledger_transactions',
  'ledger_postings',
  'ledger_lot_movements',
  'ledger_accounts',
  'ledger_lots',
  'ledger_purchase_payments',
  'outbox',
];

/** Rows per chunk taken from a table's rows: what is in memory of them at once. */
const WRITE_CHUNK_ROWS = 100_000;

/** An iterable's items in arrays of `size` (the last one shorter). */
function* chunksOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Each item's row, made as it is written. */
function* mapRows<T>(items: Iterable<T>, row: (item: T) => Row): Generator<Row> {
  for (const item of items) yield row(item);
}
