// The hot creator: lucky-roulette plays on one creator's one product at rising offered rates, with likes and follows
// on the same creator beside them, and what the database's sessions wait for meanwhile:
//   node --import tsx tests/bench/hot-creator.ts
// The product's processes as tests/bench/missions.ts runs them (tests/bench/stack.ts): a scratch embedded PostgreSQL
// (over its Unix socket, `npm start`'s write settings), the Temporal test server (time skipping locked) and the
// production worker with the outbox consumers in a child process at BACKGROUND_NICE, and one API app (with its
// Temporal client) in a child process of its own; this process is only the client.
// One creator sells one LUCKY product (10 coins a roll, 10 % win probability, the highest a product may have: the
// most wins, so the most mission workflows). BENCH_FANS fans (default 2,000), each funded through the ledger's
// `purchase`, have each opened the roulette (`POST /missions/lucky`) before the clock starts. One play is
// `POST /missions/{id}/rolls` on the fan's open roulette (a ledger spend, the provably fair draw, the roll and its
// event; a win also holds the coins in the mission's escrow, accepts the mission, counts it and starts its workflow);
// after a win the fan's next play first opens the roulette again (`POST /missions/lucky`, in the play's latency). The
// fans take turns; a fan plays one play at a time, as a person does. Plays are paced at each rate of BENCH_RATES
// (default 100, 250 and 500 a second) for BENCH_SECONDS (default 20) each: Poisson arrivals over BENCH_CONNECTIONS
// (default 100) kept-alive connections, each latency from the play's scheduled time (`measurePaced`). Beside them, at
// BENCH_SIDE_RATE (default 100/s) over their own connections, the same fans toggle their follow of the creator
// (`POST`/`DELETE /creators/{id}/follower`) and their like of one of his won missions (`POST`/`DELETE
// /missions/{id}/likes`), alternately: each request changes a counter.
// While each rate runs (tests/bench/house-locks.ts): every BENCH_SAMPLE_MS (default 50 ms) a connection of this process
// reads `pg_stat_activity`: the share of samples in which a session of the bench's database waits for a lock, and for
// a ledger lock (a session inside a ledger function), by wait event, by the table of the row it waits on, by the first
// words of its statement and of the statement of the session it waits for (`pg_blocking_pids`); every
// BENCH_ROW_SAMPLE_MS (default 10 ms) another reads which shard rows of platform:revenue are locked (their versions' xmax an open transaction):
// the hottest shard's hold a losing roll, and the ceiling it implies (shards ÷ hold); and the whole machine's CPU in
// use (/proc/stat) as a share of its cores.
// Then, with BENCH_LOSING_RATE above 0 (default 100/s), losing rolls alone for BENCH_SECONDS: the same fans on a
// second roulette of the creator with the lowest win chance a product may have (0.1 %), without the side load, after
// one roll of every fan (a fan's first roll makes his seed); CPU per losing roll by process, and the statements it
// runs from pg_stat_statements (those the processes send, and with those inside the ledger's functions and the
// triggers), the most frequent listed with their execution time. This line is what tests/bench/roll-cost.ts compares
// with a baseline commit's: `losing roll: <x> ms CPU (postgres <y>), <n> statements (<m> with those inside functions
// and triggers), at <rate>/s offered`.
// CPU per play counts each process of the product (app, worker with its consumers, PostgreSQL, Temporal) from the
// start of a run until what it set off is done (the workflows' first tasks run, every consumer caught up); the side
// load's requests are in it. Afterwards ledger `verify` must be clean and every counter the triggers keep must equal
// its recount (tests/support/counters.ts). An error (any answer but 2xx; a refused play for lack of coins is a bug of
// the bench) fails the run. The last line: `hot creator: <n> plays/s at <rate>/s offered, p99 <x> ms, machine CPU <c>%
// of 2 cores, lock waits <y>% of samples (<top statement>), on a ledger lock <z>% (at 250/s: <w>%); platform:revenue
// <h> ms held a roll, ceiling <n> losing rolls/s`, at the highest rate; plays/s are the answers from a run's start to its last answer
// (below the offered rate once the server falls behind).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PLATFORM_REVENUE, verify } from '@fanmission/ledger';
import { createDb, type Db, startEmbeddedPostgres } from '@fanmission/services/db';
import { loadConfig } from '@fanmission/services/config';
import { EMBEDDED_POSTGRES_SETTINGS, freePort } from '@fanmission/services/runtime';
import { countersOffTheirRecount } from '../support/counters';
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
import {
  consumersCaughtUp,
  forkBenchChild,
  fundedFans,
  MISSIONS_BENCH,
  PROCESS_NAMES,
  startBenchTemporal,
  workerOf,
} from './stack';
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
const SIDE_RATE = Number(process.env.BENCH_SIDE_RATE ?? 100);
const FANS = Number(process.env.BENCH_FANS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SIDE_CONNECTIONS = 30;
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 50);
const ROW_SAMPLE_MS = Number(process.env.BENCH_ROW_SAMPLE_MS ?? 10);
const BACKGROUND_NICE = loadConfig({ BACKGROUND_NICE: process.env.BACKGROUND_NICE }).BACKGROUND_NICE;
const POOL = Number(process.env.BENCH_POOL ?? 10);
const ROLL_COINS = 10;
const WIN_PROBABILITY = 10;
/** The losing rolls' phase: its offered rate (0 leaves it out) and its product's win chance (the lowest a product may have). */
const LOSING_RATE = Number(process.env.BENCH_LOSING_RATE ?? 100);
const LOSING_WIN_PROBABILITY = 0.1;
/** The statements of a losing roll listed (the most frequent first). */
const STATEMENTS_LISTED = Number(process.env.BENCH_STATEMENTS_LISTED ?? 25);
/** Enough for every play of the default runs several times over: a refused play would be the bench's bug. */
const COINS_PER_FAN = 5_000;
const WARM_UP_SECONDS = 5;
const WARM_UP_RATE = 50;

/** CPU ms an operation over the product's processes. */
const cpuTotalOf = (cpu: Map<string, number>) =>
  ['worker', 'postgres', 'apps', 'temporal'].reduce((sum, role) => sum + (cpu.get(role) ?? 0), 0);

const cpuRolesOf = (cpu: Map<string, number>, digits = 1) =>
  ['postgres', 'apps', 'worker', 'temporal']
    .map((role) => `${role} ${(cpu.get(role) ?? 0).toFixed(digits)}`)
    .join(', ');

interface Fan {
  id: number;
  token: string;
  /** The fan's open roulette (a CREATED mission), none after a win until he opens it again. */
  roulette: number | undefined;
  /** His open roulette of the product that almost never wins (the losing rolls' phase). */
  losingRoulette: number | undefined;
  /** His play or side request under way: the next one waits for it. */
  busy: Promise<unknown>;
  following: boolean;
  liked: boolean;
}

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-hot-creator-bench-'));
await fs.chmod(scratch, 0o755);
const [postgres, temporal] = await Promise.all([
  freePort().then((port) =>
    startEmbeddedPostgres({
      dataDir: path.join(scratch, 'pg'),
      port,
      settings: {
        ...EMBEDDED_POSTGRES_SETTINGS,
        max_connections: '80',
        // What a losing roll runs, nested statements (the ledger's functions, the triggers) included.
        shared_preload_libraries: 'pg_stat_statements',
        'pg_stat_statements.track': 'all',
        'pg_stat_statements.track_planning': 'off',
      },
    }),
  ),
  startBenchTemporal({ server: 'test', scratch, nice: BACKGROUND_NICE }),
]);
const stops: Array<() => Promise<unknown>> = [];
let db: Db | undefined;
try {
  const database = await migratedDatabase(
    { url: postgres.url, urlFor: (name) => postgres.localUrlFor(name) },
    'hot_creator_bench',
    seed,
    POOL,
  );
  db = database.db;
  const { fanIds, creatorId, productId, losingProductId } = database.seeded;
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  const databaseUrl = postgres.localUrlFor('hot_creator_bench');
  // The worker's and the app's processes of tests/bench/missions.ts (`--worker`, `--app end-to-end`).
  const workerChild = await forkBenchChild(MISSIONS_BENCH, [
    '--worker',
    databaseUrl,
    temporal.address,
    temporal.namespace,
    scratch,
  ]);
  stops.push(() => workerChild.stop());
  const worker = workerOf(workerChild, temporal.client);
  const app = await forkBenchChild(
    MISSIONS_BENCH,
    ['--app', 'end-to-end', databaseUrl, temporal.address, temporal.namespace, scratch],
    {
      env: { ...process.env, BENCH_JWT_SECRET: randomBytes(32).toString('hex') },
      // BENCH_APP_PROF=<dir>: the app's process writes a CPU profile of its main thread there when it stops.
      ...(process.env.BENCH_APP_PROF && {
        execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_APP_PROF}`],
      }),
    },
  );
  stops.push(() => app.stop());
  const base = `http://127.0.0.1:${app.ready.port!}`;
  const tokens = (await app.request({ type: 'tokens', fanIds })).tokens!;
  const fans: Fan[] = fanIds.map((id, index) => ({
    id,
    token: tokens[index]!,
    roulette: undefined,
    losingRoulette: undefined,
    busy: Promise.resolve(),
    following: false,
    liked: false,
  }));
  const failures = new Map<string, number>();
  const failed = (what: string, answer: PacedAnswer) => {
    const key = `${what} ${answer.status} ${answer.body.slice(0, 120)}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };
  const roulettePath = '/api/v1/missions/lucky';
  /** Which of his two roulettes a fan plays: the hot product's, or the one that almost never wins. */
  type Roulette = 'roulette' | 'losingRoulette';
  const productOf: Record<Roulette, number> = { roulette: productId, losingRoulette: losingProductId };
  const open = async (
    fan: Fan,
    exchange: (request: PacedRequest) => Promise<PacedAnswer>,
    which: Roulette = 'roulette',
  ) => {
    const answer = await exchange({
      method: 'POST',
      path: roulettePath,
      headers: { authorization: fan.token, 'content-type': 'application/json' },
      body: JSON.stringify({ missionProductId: productOf[which] }),
    });
    if (answer.status !== 201) failed('open', answer);
    else fan[which] = (JSON.parse(answer.body) as { id: number }).id;
    return answer.status;
  };
  let wins = 0;
  /** One play: the fan's roll (his roulette opened again first after a win), after his previous play. */
  const play = (fan: Fan, exchange: (request: PacedRequest) => Promise<PacedAnswer>, which: Roulette = 'roulette') => {
    const played = fan.busy.then(async () => {
      if (fan[which] === undefined) {
        const opened = await open(fan, exchange, which);
        if (opened !== 201) return opened;
      }
      const answer = await exchange({
        method: 'POST',
        path: `/api/v1/missions/${fan[which]}/rolls`,
        headers: { authorization: fan.token },
      });
      if (answer.status !== 200) {
        failed('roll', answer);
        return answer.status;
      }
      if ((JSON.parse(answer.body) as { success: boolean }).success) {
        fan[which] = undefined;
        wins += 1;
      }
      return answer.status;
    });
    fan.busy = played;
    return played;
  };
  let missionsToLike: number[] = [];
  /** One side request: the fan's follow of the creator or his like of one won mission, toggled. */
  const side = (index: number, exchange: (request: PacedRequest) => Promise<PacedAnswer>) => {
    const fan = fans[Math.floor(index / 2) % fans.length]!;
    const done = fan.busy.then(async () => {
      let answer: PacedAnswer;
      if (index % 2 === 0) {
        answer = await exchange(
          fan.following
            ? {
                method: 'DELETE',
                path: `/api/v1/creators/${creatorId}/follower?userId=${fan.id}`,
                headers: { authorization: fan.token },
              }
            : {
                method: 'POST',
                path: `/api/v1/creators/${creatorId}/follower`,
                headers: { authorization: fan.token, 'content-type': 'application/json' },
                body: JSON.stringify({ userId: fan.id }),
              },
        );
        if (answer.status === 200) fan.following = !fan.following;
      } else {
        const mission = missionsToLike[fan.id % missionsToLike.length]!;
        answer = await exchange({
          method: fan.liked ? 'DELETE' : 'POST',
          path: `/api/v1/missions/${mission}/likes`,
          headers: { authorization: fan.token },
        });
        if (answer.status === 200) fan.liked = !fan.liked;
      }
      if (answer.status !== 200) failed(index % 2 === 0 ? 'follow' : 'like', answer);
      return answer.status;
    });
    fan.busy = done;
    return done;
  };

  // Every fan opens his roulettes, 20 at a time, before any clock.
  const fetched = (request: PacedRequest) =>
    fetch(`${base}${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
  for (let at = 0; at < fans.length; at += 20) {
    await Promise.all(
      fans
        .slice(at, at + 20)
        .flatMap((fan) => [open(fan, fetched), ...(LOSING_RATE > 0 ? [open(fan, fetched, 'losingRoulette')] : [])]),
    );
  }
  if (failures.size > 0) throw new Error(`opening the roulettes failed: ${[...failures.keys()].join('; ')}`);
  // Warm-up (JIT, plans, pool connections, the worker's bundle): plays, whose wins are the missions the side load likes.
  let playIndex = 0;
  const paced = (rate: number, seconds: number, which: Roulette = 'roulette') =>
    measurePaced({
      url: base,
      connections: CONNECTIONS,
      seconds,
      rate,
      warmPath: '/api/v1/health',
      operation: (_, exchange) => play(fans[playIndex++ % fans.length]!, exchange, which),
    });
  let sideIndex = 0;
  const sidePaced = (seconds: number) =>
    measurePaced({
      url: base,
      connections: SIDE_CONNECTIONS,
      seconds,
      rate: SIDE_RATE,
      warmPath: '/api/v1/health',
      operation: (_, exchange) => side(sideIndex++, exchange),
    });
  await paced(WARM_UP_RATE, WARM_UP_SECONDS);
  missionsToLike = (
    await db
      .selectFrom('missions')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where('status', '=', 'ACCEPTED')
      .execute()
  ).map((row) => Number(row.id));
  if (missionsToLike.length === 0) throw new Error('the warm-up won no roulette: no mission to like');
  await sidePaced(WARM_UP_SECONDS);
  await app.request({ type: 'settled' });
  await worker.drained(db);
  await consumersCaughtUp(db, scratch);
  if (failures.size > 0) throw new Error(`the warm-up failed: ${[...failures.keys()].join('; ')}`);

  const sampler = createDb(databaseUrl, { max: 1, preparedStatements: PREPARED_STATEMENTS });
  stops.push(() => sampler.destroy());
  const rowSampler = createDb(databaseUrl, { max: 1, preparedStatements: PREPARED_STATEMENTS });
  stops.push(() => rowSampler.destroy());
  const results: RateResult[] = [];
  for (const rate of RATES) {
    const winsBefore = wins;
    const cpuBefore = await processTreeCpu();
    const sampling = sampleLockWaits(sampler, SAMPLE_MS);
    const holding = await sampleRowHolds(rowSampler, PLATFORM_REVENUE, ROW_SAMPLE_MS);
    const machineBefore = await machineCpuTicks();
    const [plays, sideResult] = await Promise.all([paced(rate, SECONDS), sidePaced(SECONDS)]);
    const machineBusy = machineBusyPercent(machineBefore, await machineCpuTicks());
    const waits = await sampling.stop();
    const holds = await holding.stop();
    await app.request({ type: 'settled' });
    await worker.drained(db);
    await consumersCaughtUp(db, scratch);
    const playCount = Math.round(plays.rps * SECONDS);
    const cpu = cpuMsPerOperation(cpuBefore, await processTreeCpu(), playCount, PROCESS_NAMES);
    const result = { rate, plays, side: sideResult, wins: wins - winsBefore, waits, holds, machineBusy, cpu };
    results.push(result);
    console.log(report(result));
  }

  // Losing rolls alone, on the product that almost never wins, without the side load: what one costs every process
  // (CPU) and the database (statements, nested ones included).
  let losing: LosingRolls | undefined;
  if (LOSING_RATE > 0) {
    // Every fan rolls once first: a fan's first roll makes his provably fair seed, which the phase does not measure.
    await paced(LOSING_RATE, Math.ceil(FANS / LOSING_RATE), 'losingRoulette');
    await app.request({ type: 'settled' });
    await worker.drained(db);
    await consumersCaughtUp(db, scratch);
    await sql`select pg_stat_statements_reset()`.execute(db);
    const winsBefore = wins;
    const cpuBefore = await processTreeCpu();
    const plays = await paced(LOSING_RATE, SECONDS, 'losingRoulette');
    await app.request({ type: 'settled' });
    await worker.drained(db);
    await consumersCaughtUp(db, scratch);
    const playCount = Math.round(plays.rps * SECONDS);
    const cpu = cpuMsPerOperation(cpuBefore, await processTreeCpu(), playCount, PROCESS_NAMES);
    losing = { plays, playCount, wins: wins - winsBefore, cpu, statements: await statementsPerPlay(db, playCount) };
    console.log(reportLosing(losing));
  }

  const drift = await countersOffTheirRecount(db);
  const ledger = await verify(db);
  const errors = results.reduce((sum, r) => sum + r.plays.errors + r.side.errors, 0) + (losing?.plays.errors ?? 0);
  console.log(
    `\n${FANS} fans, ${CONNECTIONS} connections for the plays and ${SIDE_CONNECTIONS} for the side load, ` +
      `${SECONDS} s a rate, ${os.cpus().length} CPUs, database pool ${POOL}; embedded PostgreSQL, the Temporal test ` +
      `server and the worker's process on the same machine, the latter two at nice ${BACKGROUND_NICE}; load ` +
      `${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `counters off their recount: ${JSON.stringify(drift)}; verify: ${ledger.transactions} transactions, ` +
      `${ledger.differences.length} differences; errors: ${errors}`,
  );
  for (const [failure, count] of failures) console.log(`  ${count}× ${failure}`);
  if (errors > 0 || ledger.differences.length > 0 || Object.values(drift).some((off) => off !== 0)) {
    process.exitCode = 1;
  }
  if (losing) {
    const total = cpuTotalOf(losing.cpu);
    // One line a comparison reads (tests/bench/roll-cost.ts).
    console.log(
      `losing roll: ${total.toFixed(2)} ms CPU (postgres ${(losing.cpu.get('postgres') ?? 0).toFixed(2)}), ` +
        `${losing.statements.topLevel.toFixed(1)} statements (${losing.statements.all.toFixed(1)} with those inside ` +
        `functions and triggers), at ${LOSING_RATE}/s offered`,
    );
  }
  const last = results.at(-1);
  if (last) {
    const top = topOf(last.waits.byStatement);
    const at250 = results.find((result) => result.rate === 250);
    const hold = last.holds.hottest;
    console.log(
      `hot creator: ${achieved(last.plays).toFixed(0)} plays/s at ${last.rate}/s offered, p99 ${last.plays.p99} ms, ` +
        `machine CPU ${last.machineBusy.toFixed(0)}% of ${CORES} cores, ` +
        `lock waits ${percent(last.waits.waiting, last.waits.samples)}% of samples (${top ?? 'none'}), ` +
        `on a ledger lock ${percent(last.waits.ledgerWaiting, last.waits.samples)}%` +
        (at250 && at250 !== last ? ` (at 250/s: ${percent(at250.waits.ledgerWaiting, at250.waits.samples)}%)` : '') +
        (hold
          ? `; platform:revenue ${hold.holdMs.toFixed(2)} ms held a roll, ceiling ` +
            `${Math.round(last.holds.ceilingPerSecond ?? 0).toLocaleString('en')} losing rolls/s`
          : ''),
    );
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  await db?.destroy();
  await temporal.teardown();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}

/** Answers per second from the run's start until its last answer (the offered rate while the server keeps up). */
function achieved(result: PacedResult): number {
  return result.lastAnswerAt === 0 ? 0 : result.rps * (SECONDS / Math.max(SECONDS, result.lastAnswerAt));
}

function topOf(tally: Map<string, number>): string | undefined {
  return [...tally].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** One offered rate's run: the plays, the side load beside them, the wins, the lock waits sampled, CPU by process. */
interface RateResult {
  rate: number;
  plays: PacedResult;
  side: PacedResult;
  wins: number;
  waits: LockWaits;
  holds: RowHolds;
  /** The whole machine's CPU in use during the plays, as a share of all its cores (%). */
  machineBusy: number;
  cpu: Map<string, number>;
}

function report(result: RateResult): string {
  const cpuTotal = cpuTotalOf(result.cpu);
  const cpuRoles = cpuRolesOf(result.cpu);
  return (
    `${result.rate}/s offered: ${achieved(result.plays).toFixed(1)} plays/s, p50 ${result.plays.p50} ms, p99 ` +
    `${result.plays.p99} ms, max ${result.plays.max} ms, errors ${result.plays.errors}, ${result.wins} wins; side load ` +
    `(follows and likes) ${achieved(result.side).toFixed(1)}/s p99 ${result.side.p99} ms, errors ${result.side.errors}\n` +
    `${describeWaits(result.waits)}\n${describeHolds(result.holds)}\n` +
    `  machine CPU in use during the plays: ${result.machineBusy.toFixed(0)}% of ${CORES} cores\n` +
    `  CPU ms per play (side load included): ${cpuTotal.toFixed(1)} (${cpuRoles})`
  );
}

/** The losing rolls' phase: its plays, CPU by process and statements, each per play. */
interface LosingRolls {
  plays: PacedResult;
  playCount: number;
  wins: number;
  cpu: Map<string, number>;
  statements: StatementsPerPlay;
}

interface StatementsPerPlay {
  /** Statements a client sent (the API's, the worker's, the consumers'). */
  topLevel: number;
  /** With the statements run inside functions and triggers. */
  all: number;
  /** The most frequent, per play: calls, execution µs, whether a client sent it, its text. */
  listed: Array<{ calls: number; micros: number; topLevel: boolean; query: string }>;
}

/** pg_stat_statements since its reset, per play (this database's statements but its own reads). */
async function statementsPerPlay(db: Db, plays: number): Promise<StatementsPerPlay> {
  const { rows } = await sql<{ toplevel: boolean; calls: number; ms: number; query: string }>`
    select toplevel, calls::int, total_exec_time::float8 as ms, query
    from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database())
      and query not like '%pg_stat_statements%'
    order by calls desc, total_exec_time desc`.execute(db);
  const per = (value: number) => value / Math.max(plays, 1);
  return {
    topLevel: per(rows.filter((row) => row.toplevel).reduce((sum, row) => sum + row.calls, 0)),
    all: per(rows.reduce((sum, row) => sum + row.calls, 0)),
    listed: rows.slice(0, STATEMENTS_LISTED).map((row) => ({
      calls: per(row.calls),
      micros: per(row.ms * 1000),
      topLevel: row.toplevel,
      query: row.query.replace(/\s+/g, ' ').slice(0, 160),
    })),
  };
}

function reportLosing(result: LosingRolls): string {
  const { statements } = result;
  return (
    `losing rolls at ${LOSING_RATE}/s offered: ${achieved(result.plays).toFixed(1)} plays/s, p50 ${result.plays.p50} ` +
    `ms, p99 ${result.plays.p99} ms, errors ${result.plays.errors}, ${result.wins} wins\n` +
    `  CPU ms per losing roll: ${cpuTotalOf(result.cpu).toFixed(2)} (${cpuRolesOf(result.cpu, 2)})\n` +
    `  statements per losing roll: ${statements.topLevel.toFixed(1)} sent, ${statements.all.toFixed(1)} with those ` +
    `inside functions and triggers; the most frequent (calls, µs of execution, a roll; * inside a function):\n` +
    statements.listed
      .map(
        (row) =>
          `    ${row.calls.toFixed(2).padStart(6)} ${row.micros.toFixed(0).padStart(5)} µs ${row.topLevel ? ' ' : '*'} ` +
          row.query,
      )
      .join('\n')
  );
}

/** Fans with funded wallets, and one verified creator selling one lucky roulette. */
async function seed(
  db: Db,
): Promise<{ fanIds: number[]; creatorId: number; productId: number; losingProductId: number }> {
  const fanIds = await fundedFans(db, FANS, COINS_PER_FAN);
  const creator = await sql<{ id: number }>`
    with member as (
      insert into users (username, provider, password_hash, roles, email, email_verified_at)
      values ('creator', 'local', 'x', array['ROLE_USER', 'ROLE_CREATOR'], 'creator@bench.local', now())
      returning id)
    insert into creators (user_id, name, url, verified) select id, '인기 크리에이터', 'hot', true from member
    returning id`.execute(db);
  const creatorId = Number(creator.rows[0]!.id);
  const product = await sql<{ id: number }>`
    insert into mission_products (creator_id, type, name, coin_price, win_probability, description, sort_order)
    values (${creatorId}, 'LUCKY', '행운의 룰렛', ${ROLL_COINS}, ${WIN_PROBABILITY}, '당첨되면 영상을 보내 드려요', 1)
    returning id`.execute(db);
  const losingProduct = await sql<{ id: number }>`
    insert into mission_products (creator_id, type, name, coin_price, win_probability, description, sort_order)
    values (${creatorId}, 'LUCKY', '거의 꽝인 룰렛', ${ROLL_COINS}, ${LOSING_WIN_PROBABILITY}, '천 번에 한 번', 2)
    returning id`.execute(db);
  return {
    fanIds,
    creatorId,
    productId: Number(product.rows[0]!.id),
    losingProductId: Number(losingProduct.rows[0]!.id),
  };
}
