// Ledger spends per second through the ledger's public API, against pgbench TPC-B on the same server in the same run:
//   node --import tsx tests/bench/ledger.ts
// BENCH_CLIENTS (default 8) concurrent clients for both, BENCH_SECONDS (default 5) per measurement, BENCH_ROUNDS
// (default 3) rounds of the three measurements, interleaved so that other load on the machine hits them alike, each
// after a VACUUM and a CHECKPOINT; the medians are compared. The server keeps its default (durable) settings.
// Uncontended: each client spends from its own wallets (holdForMission into a fresh escrow).
// Hot: every client holds from its own wallet and releases the escrow to one creator's earnings account.
// The ledger connects as `npm start` does: over the embedded server's Unix socket (`localUrlFor`). pgbench runs over
// the same socket (the like-for-like baseline) and over TCP on 127.0.0.1 (the baseline of the earlier figures).
// BENCH_LEDGER_TRANSPORT=tcp runs the ledger over TCP instead (what the socket buys).
// Each line also shows the CPU time per operation of this Node process and of the Postgres server (Linux /proc), to
// tell client cost from server cost, the WAL bytes per operation, and the ledger transactions per server commit (above
// 1 when group commit shared a commit between appends: ledger/src/append-groups.ts).
// BENCH_PROFILE=1 instead profiles the server's side of uncontended spends (pg_stat_statements with track = all,
// track_functions = all: the statements inside the ledger's PL/pgSQL functions and triggers) and prints each
// statement's and function's time and calls per spend; its overhead makes its spends/s no figure to compare.
// BENCH_WAITS=1 also samples what the measured backends are doing every 5 ms during each measurement (a loop inside
// the server, pg_stat_activity: running on a CPU, waiting for the client, for a lock, for the WAL...) and prints the
// shares, to tell a run bound by CPU from one bound by waiting.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { balance, holdForMission, purchase, releaseToCreator, verify } from '@fanmission/ledger';
import { createDb, type Db, ensureDatabase, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { freePort } from '@fanmission/services/runtime';
import { processTreeCpu } from './support';

const run = promisify(execFile);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LEDGER_OVER_TCP = process.env.BENCH_LEDGER_TRANSPORT === 'tcp';
const PROFILE = process.env.BENCH_PROFILE === '1';
const WAITS = process.env.BENCH_WAITS === '1';
const WALLETS_PER_CLIENT = 50;
const NOW = new Date('2026-01-01T00:00:00Z');
const HOT_CREATOR = 1;
let missions = 0;
let keys = 0;

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-ledger-bench-'));
await fs.chmod(scratch, 0o755);
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(scratch, 'pg'),
  port: await freePort(),
  settings: {
    max_connections: String(CLIENTS * 2 + 20),
    ...(PROFILE
      ? {
          shared_preload_libraries: 'pg_stat_statements',
          'pg_stat_statements.track': 'all',
          'pg_stat_statements.track_planning': 'off',
          track_functions: 'all',
        }
      : {}),
  },
});

let db: Db | undefined;
try {
  await ensureDatabase(postgres.url, 'ledger_bench');
  await ensureDatabase(postgres.url, 'pgbench');
  const ledgerUrl = LEDGER_OVER_TCP ? postgres.urlFor('ledger_bench') : postgres.localUrlFor('ledger_bench');
  db = createDb(ledgerUrl, { max: CLIENTS });
  await migrateToLatest(db);
  const wallets = await fundWallets(db);

  // Warm up both code paths (JIT, cached plans, pool connections) before anything is timed.
  await measure(db, wallets, 3, 'warm-up', spendOnce);
  await measure(db, wallets, 2, 'warm-up', holdAndRelease);
  await (PROFILE ? profile(db, wallets) : compare(db, wallets));
} finally {
  await db?.destroy();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}

/** Rounds of the ledger's two measurements and pgbench's, then the medians and a verify of the whole ledger. */
async function compare(db: Db, wallets: number[][]): Promise<void> {
  await initialisePgbench();
  const rounds: { uncontended: number; hot: number; tps: number; tcpTps: number }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    await settle(db);
    const uncontended = await measure(db, wallets, SECONDS, `round ${round} uncontended spends`, spendOnce);
    await settle(db);
    const hot = await measure(db, wallets, SECONDS, `round ${round} hot hold+release pairs`, holdAndRelease);
    await settle(db);
    const tps = await pgbench(`round ${round}`, 'socket');
    await settle(db);
    const tcpTps = await pgbench(`round ${round}`, 'tcp');
    rounds.push({ uncontended, hot, tps, tcpTps });
  }
  const tps = median(rounds.map((r) => r.tps));
  const tcpTps = median(rounds.map((r) => r.tcpTps));
  const uncontended = median(rounds.map((r) => r.uncontended));
  const hot = median(rounds.map((r) => r.hot));

  const report = await verify(db);
  const earnings = await balance(db, `earnings:${HOT_CREATOR}`);
  console.log(
    `\nmedians of ${ROUNDS} rounds; embedded PostgreSQL, ledger over ${LEDGER_OVER_TCP ? 'TCP' : 'the Unix socket'}, ${CLIENTS} clients, ${SECONDS} s per run, ${os.cpus().length} CPUs`,
  );
  console.log(`pgbench -b tpcb-like (socket)   ${tps.toFixed(0).padStart(7)} tps`);
  console.log(`pgbench -b tpcb-like (TCP)      ${tcpTps.toFixed(0).padStart(7)} tps`);
  console.log(
    `ledger uncontended spends      ${uncontended.toFixed(0).padStart(7)} /s` +
      `  → ${(uncontended / tps).toFixed(2)}× pgbench over the socket, ${(uncontended / tcpTps).toFixed(2)}× over TCP` +
      ` (target ≥ 0.8×)`,
  );
  console.log(
    `ledger hot hold+release pairs  ${hot.toFixed(0).padStart(7)} /s` +
      `  (${(hot * 2).toFixed(0)} ledger transactions/s)` +
      `  → ${(hot / tps).toFixed(2)}× pgbench per pair, ${((hot * 2) / tps).toFixed(2)}× per transaction over the socket` +
      ` (${((hot * 2) / tcpTps).toFixed(2)}× over TCP; target ≥ 0.5×)`,
  );
  console.log(
    `verify: ${report.transactions} transactions replayed, ${report.differences.length} differences; ` +
      `hot earnings ${earnings.balance} coins`,
  );
  if (report.differences.length > 0) process.exitCode = 1;
}

/**
 * The server's work per uncontended spend, by statement (the statements inside functions and triggers included: a
 * function's own line counts them too) and by function: execution time (wall clock, so inflated on a loaded machine),
 * calls, buffers touched and WAL written (the load-independent figures).
 */
async function profile(db: Db, wallets: number[][]): Promise<void> {
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await settle(db);
  await sql`select pg_stat_statements_reset(), pg_stat_reset(), pg_stat_reset_shared('wal')`.execute(db);
  const spends = await measure(db, wallets, SECONDS, 'profiled uncontended spends', spendOnce, 'count');
  // Function statistics reach the shared counters at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows: statements } = await sql<{
    query: string;
    calls: string;
    ms: number;
    blks: string;
    wal_records: string;
    wal_bytes: string;
  }>`
    select regexp_replace(query, ${'\\s+'}, ' ', 'g') as query, calls, total_exec_time as ms, wal_records, wal_bytes,
      shared_blks_hit + shared_blks_read as blks
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      and calls >= ${Math.floor(spends / 2)}
    order by total_exec_time desc limit 25`.execute(db);
  const { rows: functions } = await sql<{ funcname: string; calls: string; total: number; self: number }>`
    select funcname, calls, total_time as total, self_time as self from pg_stat_user_functions
    where calls >= ${Math.floor(spends / 2)} order by total_time desc`.execute(db);
  const { rows: wal } = await sql<{ wal_records: string; wal_bytes: string; wal_fpi: string }>`
    select wal_records, wal_bytes, wal_fpi from pg_stat_wal`.execute(db);
  const per = (value: unknown, digits = 3) => (Number(value) / spends).toFixed(digits).padStart(8);
  console.log(`\nper spend (${spends} spends): exec ms, calls, buffers, WAL records, WAL bytes — statement`);
  for (const s of statements) {
    console.log(
      `${per(s.ms)} ${per(s.calls, 2)} ${per(s.blks, 1)} ${per(s.wal_records, 1)} ${per(s.wal_bytes, 0)}  ${s.query.slice(0, 110)}`,
    );
  }
  console.log('functions: total / self ms per spend, calls per spend');
  for (const f of functions) console.log(`${per(f.total)} / ${per(f.self)} ${per(f.calls, 2)}  ${f.funcname}`);
  const w = wal[0]!;
  console.log(
    `WAL of the whole server per spend: ${per(w.wal_records, 1)} records, ${per(w.wal_bytes, 0)} bytes, ${per(w.wal_fpi, 2)} full pages`,
  );
}

/** Users with funded wallets, in disjoint sets per client (so the uncontended run never shares a wallet). */
async function fundWallets(db: Db): Promise<number[][]> {
  const { rows } = await sql<{ id: number }>`
    insert into users (username, provider, password_hash, roles)
    select 'bench' || n, 'local', 'x', array['ROLE_USER']
    from generate_series(1, ${CLIENTS * WALLETS_PER_CLIENT}::int) as n
    returning id`.execute(db);
  const ids = rows.map((row) => Number(row.id));
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (const userId of ids.slice(client * WALLETS_PER_CLIENT, (client + 1) * WALLETS_PER_CLIENT)) {
        await purchase(db, {
          idempotencyKey: `fund-${userId}`,
          now: NOW,
          userId,
          coins: 10_000_000,
          paymentId: `bench-${userId}`,
        });
      }
    }),
  );
  return Array.from({ length: CLIENTS }, (_, client) =>
    ids.slice(client * WALLETS_PER_CLIENT, (client + 1) * WALLETS_PER_CLIENT),
  );
}

async function spendOnce(db: Db, userId: number): Promise<void> {
  missions += 1;
  keys += 1;
  await holdForMission(db, { idempotencyKey: `spend-${keys}`, now: NOW, userId, missionId: missions, coins: 1 });
}

async function holdAndRelease(db: Db, userId: number): Promise<void> {
  missions += 1;
  keys += 1;
  const [missionId, key] = [missions, keys];
  await holdForMission(db, { idempotencyKey: `hold-${key}`, now: NOW, userId, missionId, coins: 1 });
  await releaseToCreator(db, { idempotencyKey: `release-${key}`, now: NOW, missionId, creatorId: HOT_CREATOR });
}

async function measure(
  db: Db,
  wallets: number[][],
  seconds: number,
  label: string,
  step: (db: Db, userId: number) => Promise<void>,
  answer: 'rate' | 'count' = 'rate',
): Promise<number> {
  const sampling = WAITS && label !== 'warm-up' ? sampleWaits('ledger_bench', seconds) : null;
  const walBefore = await walPosition();
  const outboxBefore = await lastOutboxPosition(db);
  const deadline = performance.now() + seconds * 1000;
  const cpuBefore = await cpuSeconds();
  const started = performance.now();
  const done = await Promise.all(
    wallets.map(async (own) => {
      let count = 0;
      while (performance.now() < deadline) {
        await step(db, own[count % own.length]!);
        count += 1;
      }
      return count;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const total = done.reduce((sum, count) => sum + count, 0);
  const cpuAfter = await cpuSeconds();
  const wal = walPerOperation(walBefore, await walPosition(), total);
  const grouped = await ledgerTransactionsPerCommit(db, outboxBefore);
  if (label !== 'warm-up')
    console.log(
      `${label}: ${(total / elapsed).toFixed(0)}/s${cpuPerOperation(cpuBefore, cpuAfter, total)}${wal}, ${grouped}`,
    );
  if (sampling) console.log(`  ${await sampling}`);
  return answer === 'count' ? total : total / elapsed;
}

/**
 * Each timed run starts from the same footing: the previous run's dead rows vacuumed and its WAL checkpointed, so
 * that background work it caused (autovacuum, a checkpoint) does not land on the next one.
 */
async function settle(db: Db): Promise<void> {
  await sql`vacuum analyze`.execute(db);
  const admin = new pg.Client({ connectionString: postgres.urlFor('pgbench') });
  await admin.connect();
  try {
    await admin.query('vacuum analyze');
    await admin.query('checkpoint');
  } finally {
    await admin.end();
  }
}

interface CpuSample {
  client: number;
  server: number;
}

/**
 * CPU seconds used so far by this process (with pgbench, its reaped child) and by the whole Postgres server
 * (`processTreeCpu`); null where /proc is not there.
 */
async function cpuSeconds(): Promise<CpuSample | null> {
  try {
    const totals = await processTreeCpu();
    return { client: totals.get('this process') ?? 0, server: totals.get('postgres') ?? 0 };
  } catch {
    return null;
  }
}

function cpuPerOperation(before: CpuSample | null, after: CpuSample | null, operations: number): string {
  if (!before || !after || operations === 0) return '';
  const ms = (seconds: number) => ((seconds * 1000) / operations).toFixed(3);
  return `  (CPU per operation: node ${ms(after.client - before.client)} ms, server ${ms(after.server - before.server)} ms)`;
}

/** The server's WAL insert position in bytes (the whole server: one measurement runs at a time). */
async function walPosition(): Promise<bigint> {
  const client = new pg.Client({ connectionString: postgres.urlFor('pgbench') });
  await client.connect();
  try {
    const { rows } = await client.query<{ lsn: string }>(`select pg_current_wal_insert_lsn() - '0/0' as lsn`);
    return BigInt(rows[0]!.lsn.split('.')[0]!);
  } finally {
    await client.end();
  }
}

async function lastOutboxPosition(db: Db): Promise<string> {
  const { rows } = await sql<{ position: string }>`select coalesce(max(position), 0) as position from outbox`.execute(
    db,
  );
  return rows[0]!.position;
}

/**
 * Ledger transactions per server transaction since `after` (an outbox position): above 1 when group commit put
 * several appends in one commit (every ledger transaction writes one outbox row, in the server transaction that
 * appends it).
 */
async function ledgerTransactionsPerCommit(db: Db, after: string): Promise<string> {
  const { rows } = await sql<{ ratio: number | null }>`
    select (count(*)::float8 / nullif(count(distinct transaction_id), 0)) as ratio
    from outbox where aggregate_type = 'ledger' and position > ${after}::bigint`.execute(db);
  return `${(rows[0]!.ratio ?? 0).toFixed(2)} ledger transactions per commit`;
}

function walPerOperation(before: bigint, after: bigint, operations: number): string {
  return operations === 0 ? '' : `, WAL ${(Number(after - before) / operations).toFixed(0)} bytes per operation`;
}

/** pgbench's TPC-B tables in their own database, scale = clients (one branch row per client, as pgbench advises). */
async function initialisePgbench(): Promise<void> {
  await run('pgbench', ['-i', '-q', '-s', String(CLIENTS), postgres.urlFor('pgbench')]);
}

/** pgbench TPC-B-like on the same server with the same client count; returns tps. */
async function pgbench(label: string, transport: 'socket' | 'tcp'): Promise<number> {
  const url = transport === 'socket' ? postgres.localUrlFor('pgbench') : postgres.urlFor('pgbench');
  const threads = Math.min(CLIENTS, os.cpus().length);
  const sampling = WAITS ? sampleWaits('pgbench', SECONDS) : null;
  const walBefore = await walPosition();
  const cpuBefore = await cpuSeconds();
  const { stdout } = await run('pgbench', [
    '-b',
    'tpcb-like',
    '-c',
    String(CLIENTS),
    '-j',
    String(threads),
    '-T',
    String(SECONDS),
    '-n',
    url,
  ]);
  const cpuAfter = await cpuSeconds();
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`no tps in pgbench output:\n${stdout}`);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0);
  const wal = walPerOperation(walBefore, await walPosition(), transactions);
  console.log(
    `${label} pgbench over ${transport}: ${Number(tps).toFixed(0)} tps${cpuPerOperation(cpuBefore, cpuAfter, transactions)}${wal}`,
  );
  if (sampling) console.log(`  ${await sampling}`);
  return Number(tps);
}

/**
 * What the client backends of `database` do, sampled every 5 ms for `seconds` by a loop inside the server (one more
 * backend, asleep between samples), as shares of all samples: `CPU` is a backend running a statement with no wait
 * event; `idle` a backend waiting for its client's next statement (ClientRead); the rest by wait event.
 */
async function sampleWaits(database: string, seconds: number): Promise<string> {
  const client = new pg.Client({ connectionString: postgres.urlFor(database) });
  await client.connect();
  try {
    await client.query(
      'create temporary table waits (state text, wait_event_type text, wait_event text); ' +
        `do $$ begin for i in 1 .. ${Math.round(seconds * 200)} loop
           perform pg_stat_clear_snapshot();
           insert into waits select state, wait_event_type, wait_event from pg_stat_activity
             where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid();
           perform pg_sleep(0.005);
         end loop; end $$`,
    );
    const { rows } = await client.query<{ what: string; share: number }>(
      `select what, round(100.0 * count(*) / sum(count(*)) over (), 1)::float8 as share from (
         select case when wait_event is null and state = 'active' then 'CPU'
                     when state like 'idle%' then 'idle (client)'
                     else wait_event_type || ':' || wait_event end as what from waits) as w
       group by what order by count(*) desc limit 8`,
    );
    return `backends: ${rows.map((row) => `${row.what} ${row.share}%`).join(', ')}`;
  } finally {
    await client.end();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
