/**
 * The ledger's log partitioned online on a populated database (services/src/db/ledger-partitions.ts), measured:
 * how long each step took and held its locks, what appends running all along waited, and what the ledger's hot reads
 * cost before and after (buffers and rows per call from pg_stat_statements, which load does not move).
 *
 *   BENCH_DATA_DIR=<a data directory whose embedded database holds a world generated before the partitioning>
 *   node --import tsx tests/bench/ledger-partitions.ts
 *
 * e.g. `DATA_DIR=/tmp/m npm run world -- --size M` on a commit before the partitioning, then this with
 * BENCH_DATA_DIR=/tmp/m. It converts that database: keep a copy if you want to run it again. Last line:
 * `ledger partitions: swap <s> ms, longest append <a> ms during the conversion; hot reads <r>× the buffers of before`.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { coinHistory, grantBonus, holdForMission, lots, walletAccount } from '@fanmission/ledger';
import {
  createDb,
  type Db,
  maintainLedgerPartitions,
  migrateToLatest,
  startEmbeddedPostgres,
} from '@fanmission/services/db';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR: the data directory of a generated world (see the header)');
const port = Number(process.env.BENCH_PORT ?? 55510);

const postgres = await startEmbeddedPostgres({
  dataDir: join(dataDir, 'postgres'),
  port,
  settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' },
});
const db: Db = createDb(postgres.urlFor('fanmission'), { max: 12, statementTimeoutMs: 0 });

async function tableSizes(): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; bytes: string }>`
    select t as name, coalesce((select sum(pg_total_relation_size(c.oid)) from pg_class c
      where c.oid = to_regclass(t) or c.oid in (select inhrelid from pg_inherits where inhparent = to_regclass(t))), 0) as bytes
    from unnest(array['ledger_transactions', 'ledger_postings', 'ledger_lot_movements']) as t`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)]));
}

/** The busiest wallets and escrows: where the hot reads are dearest. */
async function sampleAccounts() {
  const { rows: wallets } = await sql<{ user_id: string }>`
    select substr(account, 8)::bigint as user_id from ledger_postings where account like 'wallet:%'
    group by account order by count(*) desc limit 20`.execute(db);
  const { rows: escrows } = await sql<{ escrow: string }>`
    select escrow from ledger_lot_movements where escrow is not null group by escrow order by count(*) desc limit 20`.execute(
    db,
  );
  return { userIds: wallets.map((row) => Number(row.user_id)), escrows: escrows.map((row) => row.escrow) };
}

/** Runs the hot reads for every sampled account and returns buffers and rows per call, by statement kind. */
async function hotReads(sample: { userIds: number[]; escrows: string[] }) {
  await sql`select pg_stat_statements_reset()`.execute(db);
  for (let round = 0; round < 3; round += 1) {
    for (const userId of sample.userIds) {
      await coinHistory(db, { userId, page: 0, size: 20 });
      await lots(db, userId, { now: new Date(), includeEmpty: true, emptyLimit: 20 });
      await sql`
        select p.transaction_id, p.amount from ledger_postings p where p.account = ${walletAccount(userId)}
        order by p.transaction_id desc limit 20`.execute(db);
    }
    for (const escrow of sample.escrows) {
      await sql`
        select lot_id, sum(escrow_amount) from ledger_lot_movements where escrow = ${escrow}
        group by lot_id having sum(escrow_amount) <> 0`.execute(db);
    }
  }
  const { rows } = await sql<{ query: string; calls: string; buffers: string; rows: string }>`
    select query, calls, shared_blks_hit + shared_blks_read as buffers, rows from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database())
      and (query ilike '%ledger_postings%' or query ilike '%ledger_lot_movements%' or query ilike '%ledger_lots%')
      and query not ilike '%pg_stat_statements%'`.execute(db);
  let calls = 0;
  let buffers = 0;
  for (const row of rows) {
    calls += Number(row.calls);
    buffers += Number(row.buffers);
  }
  return { statements: rows.length, calls, buffersPerCall: buffers / Math.max(1, calls) };
}

// The migrations written since the world was generated, as a deployment would apply them, the partitioning aside.
await migrateToLatest(db, { partitionLedger: false });
await sql`create extension if not exists pg_stat_statements`.execute(db);
const sample = await sampleAccounts();
const sizesBefore = await tableSizes();
const before = await hotReads(sample);
console.log(`before: ${before.calls} hot reads, ${before.buffersPerCall.toFixed(1)} buffers a read`);

// Appends all along, from the sampled members, timed one by one: BENCH_APPENDERS members appending with a pause of
// BENCH_APPEND_PAUSE_MS between two appends (back to back with 0: the swap then rarely finds the tables free).
const appenderCount = Number(process.env.BENCH_APPENDERS ?? 4);
const pauseMs = Number(process.env.BENCH_APPEND_PAUSE_MS ?? 20);
let appending = true;
let appended = 0;
let longestAppendMs = 0;
const appenders = sample.userIds.slice(0, appenderCount).map(async (userId) => {
  while (appending) {
    const started = performance.now();
    await grantBonus(db, {
      idempotencyKey: `bench-${crypto.randomUUID()}`,
      now: new Date(),
      userId,
      coins: 1,
      reason: 'EVENT',
    });
    await holdForMission(db, {
      idempotencyKey: `bench-${crypto.randomUUID()}`,
      now: new Date(),
      userId,
      missionId: 1_000_000_000 + appended,
      coins: 1,
    });
    longestAppendMs = Math.max(longestAppendMs, (performance.now() - started) / 2);
    appended += 2;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
});
const lines: string[] = [];
const started = performance.now();
const result = await maintainLedgerPartitions(db, {
  log: (line) => {
    lines.push(line);
    console.log(`  ${line}`);
  },
});
const conversionMs = performance.now() - started;
appending = false;
await Promise.all(appenders);
const swapMs = Number(/swapped the log's tables in (\d+) ms/.exec(lines.join('\n'))?.[1] ?? NaN);
console.log(
  `conversion: ${(conversionMs / 1000).toFixed(1)} s in all (${result.converted ? 'converted' : 'already partitioned'}), ` +
    `${appended} appends meanwhile (${(appended / (conversionMs / 1000)).toFixed(0)}/s from ${appenderCount} members), ` +
    `the longest ${longestAppendMs.toFixed(0)} ms`,
);

const after = await hotReads(sample);
const sizesAfter = await tableSizes();
console.log(`after: ${after.calls} hot reads, ${after.buffersPerCall.toFixed(1)} buffers a read`);
for (const table of Object.keys(sizesBefore)) {
  console.log(`  ${table}: ${(sizesBefore[table]! / 1e6).toFixed(0)} MB → ${(sizesAfter[table]! / 1e6).toFixed(0)} MB`);
}
console.log(
  `ledger partitions: swap ${swapMs} ms, longest append ${longestAppendMs.toFixed(0)} ms during the conversion; ` +
    `hot reads ${(after.buffersPerCall / before.buffersPerCall).toFixed(2)}× the buffers of before`,
);
await db.destroy();
await postgres.stop();
