// Memory and time of `verify` for N and 10×N postings, each run in a fresh Node process:
//   node --import tsx tests/bench/ledger-verify.ts
// BENCH_POSTINGS (default 40000) is N; BENCH_BATCH (default 1000) verify's batch size; BENCH_RUNS (default 3) how many
// times both sizes are measured. The ledger is written straight in SQL (a purchase per transaction: a wallet posting,
// a cash-in posting, a lot and its movement; one wallet per 10 purchases), so accounts and lots grow with N too. Each
// size is verified by a child process run with --expose-gc that prints its RSS before verify, its peak RSS
// (getrusage) and the peak live V8 heap (after a full GC at the end of every batch); the bound shows as a ratio near
// 1 between 10×N and N (the baseline is the same run's smaller ledger). Then the 10×N ledger is verified once more
// without forced GCs in an old space capped at 1.5× N's peak live heap (a heap that grew with the ledger would die
// of OOM). BENCH_HEAP_SNAPSHOTS=1 adds two heap snapshots of a 10×N run and prints what grew between them.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { verify } from '@fanmission/ledger';
import { createDb, ensureDatabase, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { freePort } from '@fanmission/services/runtime';

const N = Number(process.env.BENCH_POSTINGS ?? 40_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Measure {
  postings: number;
  transactions: number;
  accounts: number;
  lots: number;
  differenceCount: number;
  /** verify's wall time, less the time of the forced GCs and snapshots of the sampling. */
  seconds: number;
  /** RSS of the child once loaded and connected, before verify starts (Node, tsx, the modules). */
  rssBeforeMb: number;
  peakRssMb: number;
  /** The largest live heap (after a full GC) at the end of a batch. */
  peakHeapMb: number;
  /** Heap snapshot files written (BENCH_HEAP_SNAPSHOTS). */
  snapshots: string[];
}

/** With BENCH_HEAP_SNAPSHOTS=1: the fractions of a 10×N run's work after which a heap snapshot is written. */
const SNAPSHOT_AT = [0.25, 0.9];

if (process.argv[2] === '--child') {
  // The measured process: verify only. The live heap is read after a full GC (--expose-gc) at the end of every
  // batch, so garbage waiting for a collection is not counted: what is left is what outlives a batch. With
  // BENCH_GC=off (the capped run) nothing is forced and the figure is V8's own heapUsed, garbage included.
  const forceGc = process.env.BENCH_GC !== 'off';
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('ledger-verify: the child needs --expose-gc (else the heap figure counts garbage)');
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
  const db = createDb(process.argv[3]!, { max: 2 });
  collect();
  const rssBefore = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  let samplingMs = 0;
  const snapshots: string[] = [];
  const started = performance.now();
  const report = await verify(db, {
    batchSize: BATCH,
    onProgress: (done, total) => {
      const sampling = performance.now();
      if (forceGc) collect();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      const at = SNAPSHOT_AT[snapshots.length];
      if (snapshotDir && at !== undefined && done >= at * total) {
        snapshots.push(v8.writeHeapSnapshot(path.join(snapshotDir, `verify-${snapshots.length}.heapsnapshot`)));
      }
      samplingMs += performance.now() - sampling;
    },
  });
  const seconds = (performance.now() - started - samplingMs) / 1000;
  await db.destroy();
  const measure: Measure = {
    postings: report.postings,
    transactions: report.transactions,
    accounts: report.accounts,
    lots: report.lots,
    differenceCount: report.differenceCount,
    seconds,
    rssBeforeMb: rssBefore / 1024 / 1024,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 1024 / 1024,
    snapshots,
  };
  console.log(JSON.stringify(measure));
  process.exit(0);
}

const run = promisify(execFile);
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-verify-bench-'));
await fs.chmod(scratch, 0o755);
const postgres = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort() });

/** A consistent ledger of `postings` postings (half as many purchases), written in bulk. */
async function seed(name: string, postings: number): Promise<string> {
  await ensureDatabase(postgres.url, name);
  const url = postgres.urlFor(name);
  // No statement timeout: the bulk inserts of the 10×N ledger can pass the default 15 s on a loaded machine.
  const db = createDb(url, { max: 2, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(db);
    const purchases = Math.floor(postings / 2);
    const wallets = Math.max(1, Math.floor(purchases / 10));
    const at = new Date('2026-01-01T00:00:00Z');
    await sql`
      insert into ledger_transactions (id, type, idempotency_key, occurred_at, metadata)
      select k, 'PURCHASE', 'bench-' || k, ${at}::timestamptz, jsonb_build_object('paymentId', 'bench-' || k)
      from generate_series(1, ${purchases}::int) as k`.execute(db);
    await sql`
      insert into ledger_accounts (account, kind, balance, created_at)
      select 'wallet:' || w, 'WALLET'::ledger_account_kind, 10 * count(*), ${at}::timestamptz
      from (select (k % ${wallets}::int) + 1 as w from generate_series(1, ${purchases}::int) as k) as p group by w
      union all select 'world:cash-in', 'WORLD'::ledger_account_kind, -10 * ${purchases}::bigint, ${at}::timestamptz`.execute(
      db,
    );
    await sql`
      insert into ledger_postings (transaction_id, account, amount)
      select k, 'wallet:' || ((k % ${wallets}::int) + 1), 10 from generate_series(1, ${purchases}::int) as k
      union all select k, 'world:cash-in', -10 from generate_series(1, ${purchases}::int) as k`.execute(db);
    await sql`
      insert into ledger_lots (id, account, source, amount, remaining, expires_at, transaction_id, created_at)
      overriding system value
      select k, 'wallet:' || ((k % ${wallets}::int) + 1), 'CASH', 10, 10, ${new Date('2031-01-01T00:00:00Z')}::timestamptz, k, ${at}::timestamptz
      from generate_series(1, ${purchases}::int) as k`.execute(db);
    await sql`
      insert into ledger_lot_movements (transaction_id, lot_id, wallet_amount, escrow, escrow_amount)
      select k, k, 10, null, null from generate_series(1, ${purchases}::int) as k`.execute(db);
    await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
  return url;
}

async function measure(url: string, env: NodeJS.ProcessEnv = {}, nodeOptions: string[] = []): Promise<Measure> {
  const { stdout } = await run(
    process.execPath,
    [...nodeOptions, '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', url],
    { env: { ...process.env, ...env }, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Measure;
}

/** Self size and count of the objects of a heap snapshot by constructor (other nodes by their type). */
async function heapByConstructor(file: string): Promise<Map<string, { count: number; bytes: number }>> {
  const snapshot = JSON.parse(await fs.readFile(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [
    number,
    number,
    number,
  ];
  const groups = new Map<string, { count: number; bytes: number }>();
  for (let node = 0; node < snapshot.nodes.length; node += fields.length) {
    const type = types[snapshot.nodes[node + typeAt]!]!;
    const key = type === 'object' ? snapshot.strings[snapshot.nodes[node + nameAt]!]! : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += snapshot.nodes[node + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}

/** What the heap holds more (or less) at the second snapshot than at the first, largest changes first. */
async function printHeapGrowth([first, second]: string[]): Promise<void> {
  const [before, after] = await Promise.all([heapByConstructor(first!), heapByConstructor(second!)]);
  const total = (groups: Map<string, { bytes: number }>) => [...groups.values()].reduce((sum, g) => sum + g.bytes, 0);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  console.log(
    `\nheap snapshots of the 10×N run after ${SNAPSHOT_AT.map((at) => `${at * 100}%`).join(' and ')} of the work: ` +
      `${mb(total(before))} MB → ${mb(total(after))} MB live`,
  );
  const changes = [...new Set([...before.keys(), ...after.keys()])]
    .map((key) => {
      const a = before.get(key) ?? { count: 0, bytes: 0 };
      const b = after.get(key) ?? { count: 0, bytes: 0 };
      return { key, count: b.count - a.count, bytes: b.bytes - a.bytes };
    })
    .sort((x, y) => Math.abs(y.bytes) - Math.abs(x.bytes))
    .slice(0, 12);
  for (const change of changes) {
    console.log(
      `  ${change.key.slice(0, 40).padEnd(40)} ${(change.bytes >= 0 ? '+' : '') + (change.bytes / 1024).toFixed(1)} KB`.padEnd(
        60,
      ) + `${(change.count >= 0 ? '+' : '') + change.count} objects`,
    );
  }
}

const ratio = (big: number, base: number) => `${(big / base).toFixed(2)}×`;

try {
  const small = await seed('verify_small', N);
  const large = await seed('verify_large', 10 * N);
  console.log(`\nledger verify, batch size ${BATCH}, ${os.cpus().length} CPUs`);
  let peakLiveHeapOfN = 0;
  for (let round = 1; round <= RUNS; round++) {
    const results = [
      { label: 'N', ...(await measure(small)) },
      { label: '10×N', ...(await measure(large)) },
    ];
    console.log(`run ${round}/${RUNS}, load ${os.loadavg()[0]!.toFixed(2)}`);
    for (const result of results) {
      console.log(
        `  ${result.label.padEnd(5)} ${String(result.postings).padStart(8)} postings ${String(result.accounts).padStart(7)} accounts ` +
          `${String(result.lots).padStart(7)} lots  ${result.seconds.toFixed(1).padStart(6)} s  ` +
          `RSS ${result.rssBeforeMb.toFixed(0).padStart(4)} MB before, peak ${result.peakRssMb.toFixed(0).padStart(4)} MB  ` +
          `peak live heap ${result.peakHeapMb.toFixed(1).padStart(6)} MB  differences ${result.differenceCount}`,
      );
      if (result.differenceCount !== 0) throw new Error('the seeded ledgers should verify clean');
    }
    const base = results[0]!;
    const big = results[1]!;
    console.log(
      `  10×N / N: time ${ratio(big.seconds, base.seconds)}, peak live heap ${ratio(big.peakHeapMb, base.peakHeapMb)}, ` +
        `peak RSS ${ratio(big.peakRssMb, base.peakRssMb)}`,
    );
    peakLiveHeapOfN = Math.max(peakLiveHeapOfN, base.peakHeapMb);
  }
  // The same bound without forced GCs, as verify runs in production: the 10×N ledger in an old space capped at 1.5×
  // the N ledger's peak live heap. Memory that grew with the ledger would end this child with a heap OOM.
  const cap = Math.ceil(1.5 * peakLiveHeapOfN);
  const capped = await measure(large, { BENCH_GC: 'off' }, [`--max-old-space-size=${cap}`]);
  console.log(
    `10×N without forced GCs, old space capped at ${cap} MB: ${capped.postings} postings verified in ` +
      `${capped.seconds.toFixed(1)} s, peak heapUsed ${capped.peakHeapMb.toFixed(1)} MB, peak RSS ${capped.peakRssMb.toFixed(0)} MB`,
  );
  if (process.env.BENCH_HEAP_SNAPSHOTS === '1') {
    const { snapshots } = await measure(large, { BENCH_HEAP_SNAPSHOT_DIR: scratch });
    await printHeapGrowth(snapshots);
  }
} finally {
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}
