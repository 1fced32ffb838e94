import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { sql } from 'kysely';
import { createDb } from '@fanmission/services/db';
import { LOCAL_PORTONE, localProviderConfig, startPortOneServer } from '../payment-providers';
import { startScaleOut } from '../scale-out';
import { writeCast } from './cast';
import { createBalancer } from './client';
import { FAULT_KINDS, faultOrder, injectFault, type FaultRecord } from './faults';
import {
  answersAndRecoveries,
  countersRecount,
  eventsAppliedOnce,
  ledgerVerifies,
  mailsOnce,
  missionsExplained,
  moneyConserved,
  openMissionsWaiting,
  ordersCreditedOnce,
  takeBaseline,
  type Invariant,
  type InvariantInput,
} from './invariants';
import { seededRandom } from './random';
import { startWorkload } from './workload';

/*
 * The soak: the scale-out cluster (two APIs, two workers, the relay on Kafka, S3, SMTP, one PostgreSQL of its own and
 * one Temporal dev server) under the marketplace's mix for `minutes`, with a fault from the seeded schedule every
 * `faultEvery` seconds; then the load stops, the cluster drains, and the invariants are checked. The bench
 * (tests/bench/soak.ts) and the scale-out lane's short variant (tests/scale-out/soak.test.ts) both run this.
 */

export interface SoakOptions {
  minutes: number;
  /** Seconds between faults' starts, drawn in [min, max]. */
  faultEvery: { min: number; max: number };
  seed: number;
  /** Members written before the run (fans, a creator in twenty, two finance staff). */
  members: number;
  /** Actions a second (each one to a few requests). */
  rate: number;
  log: (line: string) => void;
  /** How long the drain may take before the eventual invariants are judged as they stand. */
  drainSeconds?: number;
}

export interface SoakResult {
  summary: string;
  invariants: Invariant[];
  faults: FaultRecord[];
  requests: number;
  minutes: number;
  holds: boolean;
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { log } = options;
  const random = seededRandom(options.seed);
  const processLines: string[] = [];
  const portOne = await startPortOneServer({ apiSecret: LOCAL_PORTONE.apiSecret, storeId: LOCAL_PORTONE.storeId });
  const started = performance.now();
  const cluster = await startScaleOut({
    env: localProviderConfig({ portOne }, { webhooks: true }),
    log: (line) => {
      processLines.push(line);
      if (processLines.length > 600) processLines.shift();
      if (line.startsWith('[scale-out]')) log(line);
    },
  }).catch(async (error: unknown) => {
    await portOne.close();
    throw error;
  });
  const db = createDb(cluster.databaseUrl, { max: 6 });
  const connection = await Connection.connect({ address: cluster.temporalAddress });
  try {
    log(
      `[soak] cluster up in ${((performance.now() - started) / 1000).toFixed(0)} s; writing ${options.members} members…`,
    );
    const cast = await writeCast(db, {
      members: options.members,
      jwtSecret: cluster.environment.JWT_SECRET!,
      runId: randomUUID().slice(0, 8),
    });
    const item = await db
      .selectFrom('coin_items')
      .select(['id', 'price'])
      .where('point', '=', 10)
      .where('item_type', '=', 'CASH')
      .executeTakeFirstOrThrow();
    const baseline = await takeBaseline(db);
    const client = createBalancer(() => cluster.apis, log);
    const runStartedAt = performance.now();
    const endsAt = runStartedAt + options.minutes * 60_000;
    log(
      `[soak] ${cast.fans.length} fans, ${cast.creators.length} creators; ${options.rate} actions/s for ` +
        `${options.minutes} min, a fault every ${options.faultEvery.min}–${options.faultEvery.max} s, seed ${options.seed}`,
    );
    const workload = startWorkload({
      client,
      cast,
      portOne,
      random: seededRandom(options.seed + 1),
      rate: options.rate,
      coinItem: { id: item.id, won: Number(item.price) },
      startedAt: runStartedAt,
      endsAt,
      log,
    });

    const faults: FaultRecord[] = [];
    const order = faultOrder(random, Math.ceil((options.minutes * 60) / options.faultEvery.min) + 1);
    let lastStart = runStartedAt;
    let lastDone = runStartedAt;
    const progress = setInterval(() => {
      log(
        `[soak] ${((performance.now() - runStartedAt) / 60_000).toFixed(1)} min: ${client.counts.requests} requests, ` +
          `${client.counts.unavailable} 503, ${[...client.counts.other.values()].reduce((a, b) => a + b, 0)} other`,
      );
    }, 30_000);
    try {
      for (const kind of order) {
        const every = options.faultEvery.min + random.next() * (options.faultEvery.max - options.faultEvery.min);
        const at = Math.max(lastStart + every * 1000, lastDone + 5_000);
        if (at >= endsAt) break;
        await new Promise((resolve) => setTimeout(resolve, at - performance.now()));
        lastStart = performance.now();
        faults.push(await injectFault({ cluster, client, db, random, runStartedAt, log }, kind));
        lastDone = performance.now();
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - performance.now())));
    } finally {
      clearInterval(progress);
      await workload.stop();
    }
    const minutes = (performance.now() - runStartedAt) / 60_000;
    log(`[soak] load stopped after ${minutes.toFixed(1)} min; draining…`);

    const input: InvariantInput = {
      db,
      temporal: new Client({ connection }),
      smtp: cluster.smtp,
      baseline,
      record: workload.record,
      counts: client.counts,
      faults,
      depositAccountNumber: cluster.environment.BANK_DEPOSIT_ACCOUNT_NUMBER!,
    };
    await drain(input, (options.drainSeconds ?? 180) * 1000, log);
    const record = workload.record;
    const actions = [...record.actions.values()].reduce((sum, n) => sum + n, 0);
    log(
      `[soak] ${actions} actions (${(actions / (minutes * 60)).toFixed(1)}/s of ${options.rate}/s offered): ` +
        `${[...record.actions].map(([name, n]) => `${name} ${n}`).join(', ')}; skipped (client at its limit) ` +
        `${record.skipped}`,
    );
    if (record.failedActions.size > 0)
      log(`[soak] actions not done: ${[...record.failedActions].map(([what, n]) => `${n}× ${what}`).join(', ')}`);
    log(`[soak] refusals: ${[...client.counts.refusals].map(([code, n]) => `${code} ${n}`).join(', ') || 'none'}`);
    const invariants: Invariant[] = [];
    for (const check of [
      () => ledgerVerifies(db),
      () => moneyConserved(input),
      () => ordersCreditedOnce(input),
      () => missionsExplained(input),
      () => openMissionsWaiting(input),
      () => eventsAppliedOnce(input),
      () => mailsOnce(input),
      () => countersRecount(input),
      async () => answersAndRecoveries(input),
    ]) {
      const invariant = await check();
      invariants.push(invariant);
      log(`[soak] ${invariant.holds ? 'holds' : 'FAILS'}: ${invariant.name}: ${invariant.figure}`);
    }
    for (const kind of FAULT_KINDS) {
      const times = recoveries(faults.filter((fault) => fault.kind === kind));
      if (times.length > 0)
        log(
          `[soak] recovery ${kind}: p50 ${percentile(times, 50).toFixed(1)} s, p99 ${percentile(times, 99).toFixed(1)} s`,
        );
    }
    const held = invariants.filter((invariant) => invariant.holds).length;
    if (held < invariants.length) log(`[soak] last lines of the processes:\n${processLines.slice(-60).join('\n')}`);
    const byKind = FAULT_KINDS.map((kind) => [kind, faults.filter((fault) => fault.kind === kind).length] as const)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
    const all = recoveries(faults);
    const summary =
      `soak: ${minutes.toFixed(1)} min, ${faults.length} faults (${byKind}), ${held}/${invariants.length} invariants ` +
      `hold, recovery p99 ${all.length > 0 ? percentile(all, 99).toFixed(1) : '-'} s, ${client.counts.requests} requests`;
    return {
      summary,
      invariants,
      faults,
      requests: client.counts.requests,
      minutes,
      holds: held === invariants.length,
    };
  } finally {
    await connection.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await cluster.stop();
    await portOne.close();
  }
}

/**
 * Waits until the cluster has caught up: every outbox event published and applied by every consumer, no mission
 * between two states (accepting, performing), every workflow's last task done. Gives up after `timeoutMs` and lets
 * the invariants say what is left.
 */
async function drain(input: InvariantInput, timeoutMs: number, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    const events = await eventsAppliedOnce(input);
    const { rows } = await sql<{ moving: number }>`
      select count(*)::int as moving from missions
      where status not in ('CREATED', 'REQUESTED', 'ACCEPTED', 'COMPLETED', 'REJECTED')`.execute(input.db);
    if (events.holds && rows[0]!.moving === 0) {
      // The last Updates' workflow tasks and activities settle within a few seconds of their answers.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      log(`[soak] drained in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  log(`[soak] not drained after ${timeoutMs / 1000} s`);
}

function recoveries(faults: FaultRecord[]): number[] {
  return faults.flatMap((fault) => (fault.recoverySeconds === undefined ? [] : [fault.recoverySeconds]));
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
