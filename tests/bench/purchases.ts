// Coin purchases at rising offered rates, every one crediting a shard of world:cash-in, and what the database's sessions
// wait for meanwhile:
//   node --import tsx tests/bench/purchases.ts
// A scratch embedded PostgreSQL (over its Unix socket, `npm start`'s write settings) and one API app in a child process
// (tests/bench/missions.ts `--app hold-only`: no Temporal client, a purchase needs none) configured with a local PortOne
// server speaking its documented API (tests/support/payment-providers.ts, in this process, as a provider's test mode).
// One purchase is what a fan's checkout sets off: `POST /payment` (the order, 10 coins by card), the provider takes the
// money (the local server's payment set PAID), then its signed `Transaction.Paid` webhook to `POST
// /payment/webhooks/portone`, which verifies the payment at the provider and credits it (the order's row lock, the
// ledger purchase on the fan's shard of world:cash-in, the coin deposit). BENCH_FANS fans (default 12,000) buy in
// turns, one purchase at a time each; purchases are paced at each rate of BENCH_RATES (default 100, 250 and 500 a
// second) for BENCH_SECONDS (default 20) each: Poisson arrivals over BENCH_CONNECTIONS (default 100) kept-alive
// connections, each latency from the purchase's scheduled time until its webhook is answered.
// While each rate runs (tests/bench/house-locks.ts): the share of samples in which a session waits for a lock and for a
// ledger lock, by wait event, table and statements; the hottest shard of world:cash-in's hold a purchase (their versions' xmax an open transaction)
// and the ceiling it implies (shards ÷ hold); the whole machine's CPU in use; CPU per purchase of each process.
// Afterwards ledger `verify` must be clean and every order paid must have been credited exactly once. The last line:
// `purchases: <n>/s at <rate>/s offered, p99 <x> ms, machine CPU <c>%, lock waits <y>%, on a ledger lock <z>% (at
// 250/s: <w>%); world:cash-in <h> ms held a purchase, ceiling <n> purchases/s`, at the highest rate.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { verify, WORLD_CASH_IN } from '@fanmission/ledger';
import { createDb, type Db, startEmbeddedPostgres } from '@fanmission/services/db';
import { EMBEDDED_POSTGRES_SETTINGS, freePort } from '@fanmission/services/runtime';
import { tenCoinItemId } from '../support/coins';
import {
  LOCAL_PORTONE,
  localProviderConfig,
  PORTONE_WEBHOOK_SECRET,
  signPortOneWebhook,
  startPortOneServer,
} from '../support/payment-providers';
import {
  cpuMsPerOperation,
  measurePaced,
  migratedDatabase,
  PREPARED_STATEMENTS,
  processTreeCpu,
  type PacedAnswer,
  type PacedRequest,
  type PacedResult,
} from './support';
import { forkBenchChild, MISSIONS_BENCH, PROCESS_NAMES } from './stack';
import {
  CORES,
  describeHolds,
  describeWaits,
  machineBusyPercent,
  machineCpuTicks,
  percent,
  sampleLockWaits,
  sampleRowHolds,
  type LockWaits,
  type RowHolds,
} from './house-locks';

const RATES = (process.env.BENCH_RATES ?? '100,250,500').split(',').filter(Boolean).map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FANS = Number(process.env.BENCH_FANS ?? 12_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 50);
const ROW_SAMPLE_MS = Number(process.env.BENCH_ROW_SAMPLE_MS ?? 10);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const WARM_UP_SECONDS = 5;
const WARM_UP_RATE = 50;
/** What a 10-coin item costs (1 coin = 100 won), as the provider must report it paid. */
const TEN_COINS_WON = 1_000;

interface Fan {
  id: number;
  token: string;
  /** His purchase under way: the next one waits for it. */
  busy: Promise<unknown>;
}

interface RateResult {
  rate: number;
  purchases: PacedResult;
  waits: LockWaits;
  holds: RowHolds;
  /** The whole machine's CPU in use during the purchases, as a share of all its cores (%). */
  machineBusy: number;
  cpu: Map<string, number>;
}

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-purchases-bench-'));
await fs.chmod(scratch, 0o755);
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(scratch, 'pg'),
  port: await freePort(),
  settings: { ...EMBEDDED_POSTGRES_SETTINGS, max_connections: '80' },
});
const portOne = await startPortOneServer(LOCAL_PORTONE);
const stops: Array<() => Promise<unknown>> = [];
let db: Db | undefined;
try {
  const database = await migratedDatabase(
    { url: postgres.url, urlFor: (name) => postgres.localUrlFor(name) },
    'purchases_bench',
    seed,
    POOL,
  );
  db = database.db;
  const { fanIds, coinItemId } = database.seeded;
  const databaseUrl = postgres.localUrlFor('purchases_bench');
  // No Temporal: the app's `hold-only` mode has no client; its address arguments are not used.
  const app = await forkBenchChild(MISSIONS_BENCH, ['--app', 'hold-only', databaseUrl, '-', '-', scratch], {
    env: {
      ...process.env,
      BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
      BENCH_APP_CONFIG: JSON.stringify(localProviderConfig({ portOne }, { webhooks: true })),
    },
  });
  stops.push(() => app.stop());
  const base = `http://127.0.0.1:${app.ready.port!}`;
  const tokens = (await app.request({ type: 'tokens', fanIds })).tokens!;
  const fans: Fan[] = fanIds.map((id, index) => ({ id, token: tokens[index]!, busy: Promise.resolve() }));
  const failures = new Map<string, number>();
  const failed = (what: string, answer: PacedAnswer) => {
    const key = `${what} ${answer.status} ${answer.body.slice(0, 120)}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };
  let paid = 0;
  /** One purchase: the order, the provider takes the money, its webhook credits the coins. */
  const buy = (fan: Fan, exchange: (request: PacedRequest) => Promise<PacedAnswer>) => {
    const bought = fan.busy.then(async () => {
      const ordered = await exchange({
        method: 'POST',
        path: '/api/v1/payment',
        headers: { authorization: fan.token, 'content-type': 'application/json' },
        body: JSON.stringify({ coinItemId, userId: fan.id, payMethod: 'card', pg: 'card' }),
      });
      if (ordered.status !== 200) {
        failed('order', ordered);
        return ordered.status;
      }
      const paymentId = (JSON.parse(ordered.body) as { merchantUid: string }).merchantUid;
      portOne.setPayment(paymentId, { status: 'PAID', total: TEN_COINS_WON });
      paid += 1;
      const body = JSON.stringify({
        type: 'Transaction.Paid',
        timestamp: new Date().toISOString(),
        data: { paymentId },
      });
      const hooked = await exchange({
        method: 'POST',
        path: '/api/v1/payment/webhooks/portone',
        headers: signPortOneWebhook(PORTONE_WEBHOOK_SECRET, body),
        body,
      });
      if (hooked.status !== 200) failed('webhook', hooked);
      return hooked.status;
    });
    fan.busy = bought;
    return bought;
  };
  let purchaseIndex = 0;
  const paced = (rate: number, seconds: number) =>
    measurePaced({
      url: base,
      connections: CONNECTIONS,
      seconds,
      rate,
      warmPath: '/api/v1/health',
      operation: (_, exchange) => buy(fans[purchaseIndex++ % fans.length]!, exchange),
    });
  await paced(WARM_UP_RATE, WARM_UP_SECONDS);
  if (failures.size > 0) throw new Error(`the warm-up failed: ${[...failures.keys()].join('; ')}`);

  const sampler = createDb(databaseUrl, { max: 1, preparedStatements: PREPARED_STATEMENTS });
  stops.push(() => sampler.destroy());
  const rowSampler = createDb(databaseUrl, { max: 1, preparedStatements: PREPARED_STATEMENTS });
  stops.push(() => rowSampler.destroy());
  const results: RateResult[] = [];
  for (const rate of RATES) {
    const cpuBefore = await processTreeCpu();
    const sampling = sampleLockWaits(sampler, SAMPLE_MS);
    const holding = await sampleRowHolds(rowSampler, WORLD_CASH_IN, ROW_SAMPLE_MS);
    const machineBefore = await machineCpuTicks();
    const purchases = await paced(rate, SECONDS);
    const machineBusy = machineBusyPercent(machineBefore, await machineCpuTicks());
    const waits = await sampling.stop();
    const holds = await holding.stop();
    const count = Math.round(purchases.rps * SECONDS);
    const cpu = cpuMsPerOperation(cpuBefore, await processTreeCpu(), count, PROCESS_NAMES);
    const result = { rate, purchases, waits, holds, machineBusy, cpu };
    results.push(result);
    console.log(report(result));
  }

  // Every order the provider took money for was credited once: one coin deposit and one ledger purchase each.
  const { rows } = await sql<{ paid: string; deposits: string; purchases: string }>`
    select (select count(*) from payments where status = 'paid') as paid,
      (select count(*) from coin_deposits where payment_id is not null) as deposits,
      (select count(*) from ledger_transactions where type = 'PURCHASE' and metadata ->> 'paymentId' like 'pay\_%')
        as purchases`.execute(db);
  const credited = rows[0]!;
  if (Number(credited.purchases) !== paid) process.exitCode = 1;
  const ledger = await verify(db);
  const errors = results.reduce((sum, r) => sum + r.purchases.errors, 0);
  console.log(
    `\n${FANS} fans, ${CONNECTIONS} connections, ${SECONDS} s a rate, ${CORES} CPUs, database pool ${POOL}; embedded ` +
      `PostgreSQL, the app and the local PortOne server (in this process) on the same machine; load ` +
      `${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `orders paid at the provider ${paid}, payments paid ${credited.paid}, coin deposits ${credited.deposits}, ` +
      `ledger purchases ${credited.purchases}; ` +
      `verify: ${ledger.transactions} transactions, ${ledger.differences.length} differences; errors: ${errors}`,
  );
  for (const [failure, count] of failures) console.log(`  ${count}× ${failure}`);
  if (
    errors > 0 ||
    ledger.differences.length > 0 ||
    Number(credited.paid) !== paid ||
    Number(credited.deposits) !== paid
  ) {
    process.exitCode = 1;
  }
  const last = results.at(-1);
  if (last) {
    const at250 = results.find((result) => result.rate === 250);
    const hold = last.holds.hottest;
    console.log(
      `purchases: ${achieved(last.purchases).toFixed(0)}/s at ${last.rate}/s offered, p99 ${last.purchases.p99} ms, ` +
        `machine CPU ${last.machineBusy.toFixed(0)}% of ${CORES} cores, ` +
        `lock waits ${percent(last.waits.waiting, last.waits.samples)}% of samples, on a ledger lock ` +
        `${percent(last.waits.ledgerWaiting, last.waits.samples)}%` +
        (at250 && at250 !== last ? ` (at 250/s: ${percent(at250.waits.ledgerWaiting, at250.waits.samples)}%)` : '') +
        (hold
          ? `; world:cash-in ${hold.holdMs.toFixed(2)} ms held a purchase, ceiling ` +
            `${Math.round(last.holds.ceilingPerSecond ?? 0).toLocaleString('en')} purchases/s`
          : ''),
    );
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  await db?.destroy();
  await portOne.close();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}

/** Answers per second from the run's start until its last answer (the offered rate while the server keeps up). */
function achieved(result: PacedResult): number {
  return result.lastAnswerAt === 0 ? 0 : result.rps * (SECONDS / Math.max(SECONDS, result.lastAnswerAt));
}

function report(result: RateResult): string {
  const cpuTotal = [...result.cpu.values()].reduce((sum, ms) => sum + ms, 0);
  const cpuRoles = [...result.cpu]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 0.05)
    .map(([role, ms]) => `${role} ${ms.toFixed(1)}`)
    .join(', ');
  return (
    `${result.rate}/s offered: ${achieved(result.purchases).toFixed(1)} purchases/s, p50 ${result.purchases.p50} ms, ` +
    `p99 ${result.purchases.p99} ms, max ${result.purchases.max} ms, errors ${result.purchases.errors}\n` +
    `${describeWaits(result.waits)}\n${describeHolds(result.holds)}\n` +
    `  machine CPU in use during the purchases: ${result.machineBusy.toFixed(0)}% of ${CORES} cores\n` +
    `  CPU ms per purchase: ${cpuTotal.toFixed(1)} (${cpuRoles})`
  );
}

/** Verified fans who have never bought anything, and the 10-coin item they buy. */
async function seed(db: Db): Promise<{ fanIds: number[]; coinItemId: number }> {
  const fans = await sql<{ id: number }>`
    insert into users (username, provider, password_hash, roles, email, email_verified_at)
    select 'fan' || n, 'local', 'x', array['ROLE_USER'], 'fan' || n || '@bench.local', now()
    from generate_series(1, ${FANS}::int) as n
    returning id`.execute(db);
  return { fanIds: fans.rows.map((row) => Number(row.id)), coinItemId: await tenCoinItemId(db) };
}
