// Memory and time of `verify` (review M10) for N and 10×N postings, each run in a fresh Node process:
//   node --import tsx tests/bench/ledger-verify.ts
// BENCH_POSTINGS (default 40000) is N; BENCH_BATCH (default 1000) verify's batch size. The ledger is written straight
// in SQL (a purchase per transaction: a wallet posting, a cash-in posting, a lot and its movement; one wallet per 10
// purchases), so accounts and lots grow with N too. Each size is verified by a child process that prints its peak
// RSS (getrusage) and the peak live V8 heap (after a GC, every 10th batch); the bound shows as a memory ratio near 1 between
// 10×N and N (the baseline is the same run's smaller ledger), while time grows linearly.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { verify } from '@fanmission/ledger';
import { createDb, ensureDatabase, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { freePort } from '@fanmission/services/runtime';

const N = Number(process.env.BENCH_POSTINGS ?? 40_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);

interface Measure {
  postings: number;
  transactions: number;
  accounts: number;
  lots: number;
  differenceCount: number;
  seconds: number;
  peakRssMb: number;
  peakHeapMb: number;
}

if (process.argv[2] === '--child') {
  // The measured process: verify only.
  const db = createDb(process.argv[3]!, { max: 2 });
  // The live heap: collected (--expose-gc) before every 10th sample, so garbage waiting for a GC is not counted.
  const collect = (globalThis as { gc?: () => void }).gc;
  let peakHeap = process.memoryUsage().heapUsed;
  let batches = 0;
  const started = performance.now();
  const report = await verify(db, {
    batchSize: BATCH,
    onProgress: () => {
      if (++batches % 10 === 0) {
        collect?.();
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  await db.destroy();
  const measure: Measure = {
    postings: report.postings,
    transactions: report.transactions,
    accounts: report.accounts,
    lots: report.lots,
    differenceCount: report.differenceCount,
    seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 1024 / 1024,
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
  const db = createDb(url, { max: 2 });
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

async function measure(url: string): Promise<Measure> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', url], {
    env: process.env,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Measure;
}

try {
  const small = await seed('verify_small', N);
  const large = await seed('verify_large', 10 * N);
  const results = [
    { label: 'N', ...(await measure(small)) },
    { label: '10×N', ...(await measure(large)) },
  ];
  console.log(`\nledger verify, batch size ${BATCH}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}`);
  for (const result of results) {
    console.log(
      `${result.label.padEnd(5)} ${String(result.postings).padStart(8)} postings ${String(result.accounts).padStart(7)} accounts ` +
        `${String(result.lots).padStart(7)} lots  ${result.seconds.toFixed(1).padStart(6)} s  ` +
        `peak RSS ${result.peakRssMb.toFixed(0).padStart(4)} MB  peak heap ${result.peakHeapMb.toFixed(1).padStart(6)} MB  ` +
        `differences ${result.differenceCount}`,
    );
  }
  const base = results[0]!;
  const big = results[1]!;
  console.log(
    `10×N / N: time ${(big.seconds / base.seconds).toFixed(2)}×, peak RSS ${(big.peakRssMb / base.peakRssMb).toFixed(2)}×, ` +
      `peak heap ${(big.peakHeapMb / base.peakHeapMb).toFixed(2)}×`,
  );
  if (base.differenceCount !== 0 || big.differenceCount !== 0)
    throw new Error('the seeded ledgers should verify clean');
} finally {
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}
