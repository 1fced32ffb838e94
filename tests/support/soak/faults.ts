import type { Db } from '@fanmission/services/db';
import { sql } from 'kysely';
import type { AppProcess, ScaleOutCluster, ScaleOutRole } from '../scale-out';
import type { Balancer, Observed } from './client';
import type { Random } from './random';

/*
 * The soak's faults, one at a time from a seeded schedule: every kind once in each round, in an order the seed draws
 * (so a run of 24 faults has each of the 8 kinds three times), at an interval drawn between `everyMs.min` and `.max`.
 * A fault is injected, ends (the supervisor restarts a killed process at once; a paused process or a stopped broker
 * comes back after its 20 or 30 s; a restarted server is up again) and then recovers: the first success after it of
 * what the faulted part carries —
 *   an API:               an answer 2xx from that API process (sent after it came back);
 *   a worker, Temporal:   a mission action (accept, refuse, perform) answered 2xx, sent after the fault's start;
 *   the relay, Kafka:     an outbox event committed after the fault's start and published to Kafka;
 *   PostgreSQL:           any write answered 2xx, sent after the fault's start.
 * The recovery time runs from the fault's start for kills and restarts (its whole outage), and from its end for a
 * pause or a stopped broker (whose length the schedule chose).
 */

export const FAULT_KINDS = [
  'api-kill',
  'worker-kill',
  'relay-kill',
  'temporal-restart',
  'postgres-fast',
  'postgres-immediate',
  'kafka-stop',
  'pause',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRecord {
  kind: FaultKind;
  /** The process or server hit (`api-2`, `worker-1`, `postgres`…). */
  target: string;
  /** Seconds into the run. */
  at: number;
  /** Seconds from the fault's start (kills, restarts) or end (pause, broker stop) to the first success after it. */
  recoverySeconds?: number;
}

const PAUSE_MS = 20_000;
const KAFKA_STOP_MS = 30_000;
const RECOVERY_LIMIT_MS = 300_000;

/** The faults' kinds in schedule order: each round a seeded shuffle of every kind. */
export function faultOrder(random: Random, count: number): FaultKind[] {
  const order: FaultKind[] = [];
  while (order.length < count) {
    const round = [...FAULT_KINDS];
    for (let index = round.length - 1; index > 0; index -= 1) {
      const other = random.below(index + 1);
      [round[index], round[other]] = [round[other]!, round[index]!];
    }
    order.push(...round);
  }
  return order.slice(0, count);
}

export interface FaultContext {
  cluster: ScaleOutCluster;
  client: Balancer;
  db: Db;
  random: Random;
  runStartedAt: number;
  log: (line: string) => void;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);
const MISSION_ACTIONS = new Set(['mission.accept', 'mission.refuse', 'mission.perform']);

/** Injects one fault, waits for its end, then for its recovery; resolves with what happened. */
export async function injectFault(context: FaultContext, kind: FaultKind): Promise<FaultRecord> {
  const { cluster, random } = context;
  const startedAt = performance.now();
  const record: FaultRecord = { kind, target: '', at: (startedAt - context.runStartedAt) / 1000 };
  const succeeded = (matches: (observed: Observed) => boolean, after: () => number) =>
    firstSuccess(context.client, (observed) => observed.sentAt >= after() && matches(observed));
  const published = (after: Date) => firstPublishedAfter(context.db, after);
  let recovered: Promise<number | undefined>;
  let endedAt = startedAt;
  const ended = () => endedAt;

  const killAndRestart = async (child: AppProcess) => {
    record.target = child.name;
    child.kill('SIGKILL');
    await cluster.restart(child);
    endedAt = performance.now();
  };
  switch (kind) {
    case 'api-kill': {
      const api = random.pick(cluster.apis);
      recovered = succeeded((observed) => observed.api === api.name, ended);
      await killAndRestart(api);
      break;
    }
    case 'worker-kill': {
      recovered = succeeded(
        (observed) => MISSION_ACTIONS.has(observed.kind),
        () => startedAt,
      );
      await killAndRestart(random.pick(cluster.workers));
      break;
    }
    case 'relay-kill': {
      const relay = random.pick(cluster.relays);
      record.target = relay.name;
      relay.kill('SIGKILL');
      recovered = published(new Date());
      await cluster.restart(relay);
      endedAt = performance.now();
      break;
    }
    case 'temporal-restart': {
      record.target = 'temporal';
      recovered = succeeded(
        (observed) => MISSION_ACTIONS.has(observed.kind),
        () => startedAt,
      );
      await cluster.restartTemporal();
      endedAt = performance.now();
      break;
    }
    case 'postgres-fast':
    case 'postgres-immediate': {
      record.target = 'postgres';
      recovered = succeeded(
        (observed) => WRITE_METHODS.has(observed.method),
        () => startedAt,
      );
      await cluster.restartPostgres(kind === 'postgres-fast' ? 'fast' : 'immediate');
      endedAt = performance.now();
      break;
    }
    case 'kafka-stop': {
      record.target = 'kafka';
      await cluster.stopKafka();
      await new Promise((resolve) => setTimeout(resolve, KAFKA_STOP_MS));
      const restartedAt = new Date();
      await cluster.startKafka();
      endedAt = performance.now();
      recovered = published(restartedAt);
      break;
    }
    case 'pause': {
      const role = random.pick<ScaleOutRole>(['api', 'worker', 'relay']);
      const child = random.pick(role === 'api' ? cluster.apis : role === 'worker' ? cluster.workers : cluster.relays);
      record.target = child.name;
      child.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const resumedAt = new Date();
      child.kill('SIGCONT');
      endedAt = performance.now();
      recovered =
        role === 'api'
          ? succeeded((observed) => observed.api === child.name, ended)
          : role === 'worker'
            ? succeeded((observed) => MISSION_ACTIONS.has(observed.kind), ended)
            : published(resumedAt);
      break;
    }
  }
  const recoveredAt = await recovered;
  const from = kind === 'kafka-stop' || kind === 'pause' ? endedAt : startedAt;
  if (recoveredAt !== undefined) record.recoverySeconds = Math.max(0, recoveredAt - from) / 1000;
  context.log(
    `[soak] fault ${kind} on ${record.target} at ${record.at.toFixed(0)} s: ` +
      (record.recoverySeconds === undefined ? 'NOT recovered' : `recovered in ${record.recoverySeconds.toFixed(1)} s`),
  );
  return record;
}

/** When (performance.now()) the first answer matching arrives; undefined after RECOVERY_LIMIT_MS. */
function firstSuccess(client: Balancer, matches: (observed: Observed) => boolean): Promise<number | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(undefined);
    }, RECOVERY_LIMIT_MS);
    const stop = client.observe((observed) => {
      if (observed.status >= 200 && observed.status < 300 && matches(observed)) {
        clearTimeout(timer);
        stop();
        resolve(observed.answeredAt);
      }
    });
  });
}

/**
 * When (performance.now()) an outbox event committed after `after` was first seen published (polled every 250 ms);
 * undefined after RECOVERY_LIMIT_MS.
 */
async function firstPublishedAfter(db: Db, after: Date): Promise<number | undefined> {
  const deadline = performance.now() + RECOVERY_LIMIT_MS;
  while (performance.now() < deadline) {
    const published = await sql<{ n: number }>`
      select count(*)::int as n from outbox where recorded_at > ${after} and sent_at is not null`
      .execute(db)
      .then(
        (result) => result.rows[0]!.n > 0,
        () => false,
      );
    if (published) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}
