import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { domainEvent, recordEvents, consumeOutboxBatch, defineConsumer } from '../outbox';
import { pruneRetainedRows } from './retention';

// Tables that grew for ever (outbox and processed ids), expired tokens never pruned and the rate-limit
// counters (services/src/auth/rate-limits.ts never deleted a row): one retention pass removes exactly what nobody can
// need any more, and keeps everything else.

const database = useTestDatabase();
const DAY = 86_400_000;
const NOW = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

const count = async (table: string, where = sql`true`) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
      database.current.db,
    )
  ).rows[0]!.n;

describe('pruneRetainedRows', () => {
  it('deletes old consumed outbox rows, old processed ids, expired tokens and ended rate-limit windows only', async () => {
    const db = database.current.db;
    const consumer = defineConsumer('retention-test', { 'mission.liked': async () => {} });
    const event = (n: number) => domainEvent('mission.liked', { missionId: n, creatorId: 1, userId: 1 }, NOW);

    // Outbox: 3 old rows the consumer has read, then 2 old rows it has not, and 1 recent row it has read.
    await recordEvents(db, [event(1), event(2), event(3)]);
    await consumeOutboxBatch(db, consumer);
    await recordEvents(db, [event(4), event(5)]);
    await sql`update outbox set recorded_at = ${daysAgo(8)}`.execute(db);
    await recordEvents(db, [event(6)]);
    // Published rows (Kafka mode) go whatever the checkpoints say, once old.
    await recordEvents(db, [event(7)]);
    await sql`update outbox set recorded_at = ${daysAgo(8)}, sent_at = ${daysAgo(8)}
      where payload->>'missionId' = '7'`.execute(db);

    await sql`insert into event_consumer_processed (consumer, event_id, processed_at)
      values ('c', gen_random_uuid(), ${daysAgo(15)}), ('c', gen_random_uuid(), ${daysAgo(13)})`.execute(db);

    const user = await db
      .insertInto('users')
      .values({ email: 'retention@example.com', username: 'r', provider: 'google', roles: ['ROLE_USER'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into email_verifications (user_id, token_hash, redirect_url, expires_at)
      values (${user.id}, 'old', 'http://x', ${daysAgo(2)}), (${user.id}, 'live', 'http://x', ${daysAgo(-1)})`.execute(
      db,
    );
    await sql`insert into password_resets (user_id, code_hash, expires_at)
      values (${user.id}, 'old', ${daysAgo(2)}), (${user.id}, 'live', ${daysAgo(-1)})`.execute(db);
    await sql`insert into login_codes (code_hash, user_id, client_state_hash, expires_at)
      values ('old', ${user.id}, 's', ${daysAgo(2)}), ('live', ${user.id}, 's', ${daysAgo(-1)})`.execute(db);
    await sql`insert into rate_limit_counters (key, count, window_ends_at)
      values ('ended', 3, ${daysAgo(0.01)}), ('running', 2, ${daysAgo(-0.01)})`.execute(db);
    await sql`insert into login_failures (key, failures, last_failure_at)
      values ('account:old@example.com', 4, ${daysAgo(0.05)}), ('account:new@example.com', 2, ${daysAgo(0.01)})`.execute(
      db,
    );

    await sql`insert into notice_mails (recipient_id, sender_id, kind, sent_at)
      values (${user.id}, null, 'COMMENT_REPLIED', ${daysAgo(2)}), (${user.id}, null, 'COMMENT_REPLIED', ${daysAgo(0.01)})`.execute(
      db,
    );

    const result = await pruneRetainedRows(db, { consumers: ['retention-test'], now: NOW, policy: { batchSize: 2 } });

    expect(result).toEqual({
      outbox: 4,
      processedEvents: 1,
      deadLetters: 0,
      emailVerifications: 1,
      passwordResets: 1,
      rateLimitCounters: 1,
      loginCodes: 1,
      loginFailures: 1,
      noticeMails: 1,
    });
    expect(await count('notice_mails')).toBe(1);
    expect(await count('login_codes')).toBe(1);
    const { rows: kept } = await sql<{ n: string }>`
      select payload->>'missionId' as n from outbox order by position`.execute(db);
    expect(kept.map((row) => row.n)).toEqual(['4', '5', '6']);
    expect(await count('event_consumer_processed', sql`consumer = 'c'`)).toBe(1);
    expect(await count('email_verifications')).toBe(1);
    expect(await count('password_resets')).toBe(1);
    const { rows: counters } = await sql<{ key: string }>`select key from rate_limit_counters`.execute(db);
    expect(counters.map((row) => row.key)).toEqual(['running']);

    // A consumer with no checkpoint yet holds every unpublished row.
    await sql`update outbox set recorded_at = ${daysAgo(30)}`.execute(db);
    const held = await pruneRetainedRows(db, { consumers: ['retention-test', 'new-consumer'], now: NOW });
    expect(held.outbox).toBe(0);
  });
});
