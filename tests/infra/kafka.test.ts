// The harness broker carries keyed events the way the outbox relay will: an idempotent producer with one request in
// flight, key = aggregate id, so every consumer group sees each aggregate's events in order and none is lost.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const KEYS = Array.from({ length: 12 }, (_, i) => `mission-${i}`);
const PER_KEY = 40;
const PARTITIONS = 6;

interface Received {
  key: string;
  seq: number;
  id: string;
  partition: number;
  offset: string;
}

const kafka = new Kafka({ clientId: 'kafka-infra-test', brokers: inject('kafkaBrokers'), logLevel: logLevel.NOTHING });
let admin: Admin;
let producer: Producer;
const consumers: Consumer[] = [];

beforeAll(async () => {
  admin = kafka.admin();
  await admin.connect();
  producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
});

afterAll(async () => {
  await Promise.allSettled(consumers.map((consumer) => consumer.disconnect()));
  await producer?.disconnect();
  await admin?.disconnect();
});

async function createTopic(): Promise<string> {
  const topic = `infra-${randomUUID()}`;
  const created = await admin.createTopics({
    topics: [{ topic, numPartitions: PARTITIONS, replicationFactor: 1 }],
  });
  expect(created).toBe(true);
  // Until every partition has a leader. kafkajs's own `waitForLeaders` gives up when the broker, still publishing
  // the new topic's metadata, answers "does not host this topic-partition" (seen on a busy machine): that is retried.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const metadata = await admin.fetchTopicMetadata({ topics: [topic] }).catch(() => undefined);
    const partitions = metadata?.topics[0]?.partitions ?? [];
    if (partitions.length === PARTITIONS && partitions.every((partition) => partition.leader >= 0)) return topic;
    if (Date.now() > deadline) throw new Error(`topic ${topic} has no leader for every partition after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Interleaves the keys: round r sends event r of every key, each round as one request. */
async function produceAll(topic: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let seq = 0; seq < PER_KEY; seq++) {
    const messages = KEYS.map((key) => {
      const id = randomUUID();
      ids.add(id);
      return { key, value: JSON.stringify({ key, seq, id }), headers: { 'event-id': id } };
    });
    const results = await producer.send({ topic, messages, acks: -1 });
    expect(results.every((result) => result.errorCode === 0)).toBe(true);
  }
  return ids;
}

function record(
  into: Received[],
  partition: number,
  message: { key: Buffer | null; value: Buffer | null; offset: string },
) {
  const body = JSON.parse(message.value?.toString() ?? 'null') as { key: string; seq: number; id: string };
  expect(message.key?.toString()).toBe(body.key);
  into.push({ ...body, partition, offset: message.offset });
}

async function waitFor(condition: () => boolean, what: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const MARKER = 'marker';

/**
 * Produces one marker on every partition, after everything else, and waits until each was received: a partition is
 * read in order, so a duplicate of an earlier message would have been delivered before its marker. Answers what was
 * received without the markers.
 */
async function throughMarkers(topic: string, received: () => Received[]): Promise<Received[]> {
  const messages = Array.from({ length: PARTITIONS }, (_, partition) => ({
    partition,
    key: MARKER,
    value: JSON.stringify({ key: MARKER, seq: partition, id: `${MARKER}-${partition}` }),
  }));
  await producer.send({ topic, messages, acks: -1 });
  const markers = () =>
    new Set(
      received()
        .filter((r) => r.key === MARKER)
        .map((r) => r.partition),
    );
  await waitFor(
    () => markers().size === PARTITIONS,
    () => `a marker on each of the ${PARTITIONS} partitions (got ${[...markers()].join(',')})`,
  );
  return received().filter((r) => r.key !== MARKER);
}

/** Every event arrived exactly once, and each key's events arrived in the order they were produced. */
function expectCompleteAndOrdered(received: Received[], produced: Set<string>) {
  const ids = received.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(ids)).toEqual(produced);
  const byKey = new Map<string, Received[]>();
  for (const r of received) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  expect([...byKey.keys()].sort()).toEqual([...KEYS].sort());
  for (const [key, events] of byKey) {
    expect(
      events.map((e) => e.seq),
      `order of ${key}`,
    ).toEqual(Array.from({ length: PER_KEY }, (_, i) => i));
    expect(new Set(events.map((e) => e.partition)).size, `${key} stays on one partition`).toBe(1);
  }
  // The keys really were spread: otherwise the test would prove nothing about per-partition ordering.
  expect(new Set(received.map((r) => r.partition)).size).toBeGreaterThan(1);
}

describe('Kafka broker (KRaft, from the test harness)', () => {
  it('delivers every keyed message once, in per-key order, to a consumer group, and commits its offsets', async () => {
    const topic = await createTopic();
    const groupId = `group-${randomUUID()}`;
    const produced = await produceAll(topic);

    const received: Received[] = [];
    const consumer = kafka.consumer({ groupId, heartbeatInterval: 500, maxWaitTimeInMs: 250 });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        record(received, partition, message);
      },
    });
    await waitFor(
      () => received.length >= produced.size,
      () => `${produced.size} messages (got ${received.length})`,
    );
    // Duplicates delivered after the last expected message would come before each partition's marker.
    const messages = await throughMarkers(topic, () => received);
    await consumer.disconnect();

    expectCompleteAndOrdered(messages, produced);

    // The group committed exactly up to the end of every partition.
    const ends = await admin.fetchTopicOffsets(topic);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const commitByPartition = new Map(committed?.partitions.map((p) => [p.partition, p.offset]));
    expect(ends).toHaveLength(PARTITIONS);
    for (const end of ends) {
      expect(commitByPartition.get(end.partition) ?? '-1', `partition ${end.partition}`).toBe(
        Number(end.high) === 0 ? '-1' : end.high,
      );
    }
    expect(ends.reduce((sum, end) => sum + Number(end.high), 0)).toBe(produced.size + PARTITIONS);
  });

  it('splits the partitions between two members of one group without losing or reordering anything', async () => {
    const topic = await createTopic();
    const groupId = `group-${randomUUID()}`;
    const members = [0, 1].map((member) => ({
      consumer: kafka.consumer({ groupId, heartbeatInterval: 300, sessionTimeout: 10_000, maxWaitTimeInMs: 250 }),
      received: [] as Received[],
      assigned: [] as number[],
      member,
    }));

    for (const m of members) {
      consumers.push(m.consumer);
      m.consumer.on(m.consumer.events.GROUP_JOIN, (event) => {
        m.assigned = [...(event.payload.memberAssignment[topic] ?? [])].sort((a, b) => a - b);
      });
      await m.consumer.connect();
      await m.consumer.subscribe({ topic, fromBeginning: true });
      await m.consumer.run({
        eachMessage: async ({ partition, message }) => {
          record(m.received, partition, message);
        },
      });
    }
    // Produce only once the group is stable, so a rebalance cannot redeliver uncommitted messages.
    await waitFor(
      () => {
        const [a, b] = members.map((m) => m.assigned);
        return (
          a!.length > 0 && b!.length > 0 && a!.length + b!.length === PARTITIONS && a!.every((p) => !b!.includes(p))
        );
      },
      () => `a stable assignment (${members.map((m) => `[${m.assigned.join(',')}]`).join(' ')})`,
    );

    const produced = await produceAll(topic);
    const all = () => members.flatMap((m) => m.received);
    await waitFor(
      () => all().length >= produced.size,
      () => `${produced.size} messages (got ${all().length})`,
    );
    expectCompleteAndOrdered(await throughMarkers(topic, all), produced);
    for (const m of members) {
      expect(m.received.length, `member ${m.member} got a share`).toBeGreaterThan(0);
      expect(m.received.every((r) => m.assigned.includes(r.partition))).toBe(true);
    }
  });
});
