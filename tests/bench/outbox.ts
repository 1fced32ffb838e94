// Outbox events per second from commit to consumer effect, and the end-to-end delay, through the Postgres transport
// (embedded mode) and through the relay + Kafka consumer groups (distributed mode):
//   node --import tsx tests/bench/outbox.ts
// A scratch embedded PostgreSQL and a harness Kafka broker. Per transport: a burst of BENCH_EVENTS (default 10,000)
// events written by BENCH_WRITERS (default 4) concurrent writers, BENCH_EVENTS_PER_TX (default 5) events per
// transaction, as fast as they can (throughput: events ÷ time from the first commit to the last effect); then a paced
// phase of BENCH_RATE (default 200) events/s for BENCH_SECONDS (default 5) s (delay at a steady load). The delay of
// an event runs from its transaction's commit to its consumer handler running (the effect commits with the batch,
// a few ms later). Printed, not asserted: the machine is shared.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type Db, ensureDatabase, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import {
  createKafka,
  defineConsumer,
  domainEvent,
  type EventConsumer,
  type KafkaEventsOptions,
  recordEvents,
  type RunningConsumers,
  type RunningRelay,
  startKafkaConsumers,
  startPostgresConsumers,
  startRelay,
} from '@fanmission/services/outbox';
import { freePort } from '@fanmission/services/runtime';
import { startKafka } from '../harness/kafka';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const EVENTS_PER_TX = Number(process.env.BENCH_EVENTS_PER_TX ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** Commit instants by event id (written by the writers) and handler instants (written by the consumer). */
const committedAt = new Map<string, number>();
const appliedAt = new Map<string, number>();

const benchConsumer: EventConsumer = defineConsumer('bench', {
  'mission.liked': async (trx, event) => {
    await sql`insert into bench_effects (event_id) values (${event.id})`.execute(trx);
    appliedAt.set(event.id, performance.now());
  },
});

let sequence = 0;
async function writeTransaction(db: Db, count: number): Promise<string[]> {
  const events = await db.transaction().execute((trx) =>
    recordEvents(
      trx,
      Array.from({ length: count }, () => {
        sequence += 1;
        return domainEvent(
          'mission.liked',
          { missionId: (sequence % 500) + 1, creatorId: 1, userId: sequence },
          new Date(),
        );
      }),
    ),
  );
  const now = performance.now();
  for (const event of events) committedAt.set(event.id, now);
  return events.map((event) => event.id);
}

async function waitApplied(ids: string[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (ids.some((id) => !appliedAt.has(id))) {
    if (Date.now() > deadline) {
      const missing = ids.filter((id) => !appliedAt.has(id));
      throw new Error(`${missing.length} of ${ids.length} events were not applied in time, e.g. ${missing[0]}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function delays(ids: string[]): { p50: number; p99: number; max: number } {
  const values = ids.map((id) => appliedAt.get(id)! - committedAt.get(id)!).sort((a, b) => a - b);
  return { p50: percentile(values, 50), p99: percentile(values, 99), max: values.at(-1)! };
}

async function burst(db: Db) {
  const ids: string[] = [];
  const perWriter = Math.ceil(EVENTS / WRITERS / EVENTS_PER_TX);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = 0; i < perWriter; i += 1) ids.push(...(await writeTransaction(db, EVENTS_PER_TX)));
    }),
  );
  const written = performance.now();
  await waitApplied(ids);
  const lastApplied = Math.max(...ids.map((id) => appliedAt.get(id)!));
  const firstCommit = Math.min(...ids.map((id) => committedAt.get(id)!));
  return {
    events: ids.length,
    writtenPerSecond: ids.length / ((written - started) / 1000),
    appliedPerSecond: ids.length / ((lastApplied - firstCommit) / 1000),
    delay: delays(ids),
  };
}

async function paced(db: Db) {
  const ids: string[] = [];
  const interval = 1000 / (RATE / EVENTS_PER_TX);
  const started = performance.now();
  const writes: Promise<void>[] = [];
  for (let tick = 0; performance.now() - started < SECONDS * 1000; tick += 1) {
    const due = started + tick * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    writes.push(writeTransaction(db, EVENTS_PER_TX).then((written) => void ids.push(...written)));
  }
  await Promise.all(writes);
  await waitApplied(ids);
  return { events: ids.length, delay: delays(ids) };
}

const fmt = (n: number) => n.toFixed(1);

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-outbox-bench-'));
await fs.chmod(scratch, 0o755);
const postgres = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort() });
const kafka = await startKafka();
const dbs: Db[] = [];
const stops: Array<RunningConsumers | RunningRelay> = [];
const results: string[] = [];
try {
  for (const transport of ['postgres', 'kafka'] as const) {
    const name = `outbox_bench_${transport}`;
    await ensureDatabase(postgres.url, name);
    const db = createDb(postgres.urlFor(name), { max: WRITERS + 10 });
    dbs.push(db);
    await migrateToLatest(db);
    await sql`create table bench_effects (event_id uuid primary key)`.execute(db);
    if (transport === 'postgres') {
      stops.push(startPostgresConsumers(db, [benchConsumer], { onError: (_, error) => console.error(error) }));
    } else {
      const options: KafkaEventsOptions = { brokers: kafka.brokers, namePrefix: `bench${randomUUID().slice(0, 6)}.` };
      stops.push(await startRelay(db, createKafka(options, 'relay'), options));
      stops.push(await startKafkaConsumers(db, createKafka(options, 'consumers'), [benchConsumer], options));
    }
    // Warm-up: connections, plans, the consumer group's first assignment.
    await waitApplied(await writeTransaction(db, EVENTS_PER_TX), 120_000);
    const b = await burst(db);
    console.log(
      `${transport}: burst of ${b.events} events, written ${fmt(b.writtenPerSecond)}/s, applied ${fmt(b.appliedPerSecond)}/s, ` +
        `delay p50 ${fmt(b.delay.p50)} ms, p99 ${fmt(b.delay.p99)} ms, max ${fmt(b.delay.max)} ms`,
    );
    const p = await paced(db);
    console.log(
      `${transport}: paced ${RATE} events/s (${p.events} events), delay p50 ${fmt(p.delay.p50)} ms, ` +
        `p99 ${fmt(p.delay.p99)} ms, max ${fmt(p.delay.max)} ms`,
    );
    results.push(
      `${transport.padEnd(9)} ${fmt(b.appliedPerSecond).padStart(8)} events/s   burst p99 ${fmt(b.delay.p99).padStart(8)} ms` +
        `   paced (${RATE}/s) p50 ${fmt(p.delay.p50).padStart(6)} ms, p99 ${fmt(p.delay.p99).padStart(7)} ms`,
    );
    await Promise.all(stops.splice(0).map((stop) => stop.stop()));
  }
  console.log(`\n${os.cpus().length} CPUs, ${WRITERS} writers, ${EVENTS_PER_TX} events per transaction`);
  console.log('transport  commit→effect         end-to-end delay');
  for (const line of results) console.log(line);
} finally {
  await Promise.all(stops.map((stop) => stop.stop()));
  await Promise.all(dbs.map((db) => db.destroy()));
  await kafka.stop();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}
