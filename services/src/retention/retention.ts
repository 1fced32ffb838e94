import { DAY_MS } from '@fanmission/contracts';
import { sql } from 'kysely';
import { LOGIN_FAILURE_MEMORY_MS } from '../auth';
import type { Db } from '../db';
import { releaseStaleOutboxBound, rowPrunedOutbox } from './outbox-partitions';

/*
 * Retention of the tables that only ever grew (and the rate-limit counters): each pass deletes
 * in bounded batches (every statement stays far under the statement timeout) what nobody can need any more.
 */

export interface RetentionPolicy {
  /** Outbox rows older than this, once published (Kafka) or behind every consumer's checkpoint (embedded mode). */
  outboxDays: number;
  /** Processed-event ids older than this (longer than the outbox's, so a re-read row still finds its id). */
  processedEventDays: number;
  /** Parked (dead-letter) events older than this. */
  deadLetterDays: number;
  /** Expired or used e-mail verification and password reset tokens, this long after they expired. */
  expiredTokenDays: number;
  /** Rows per delete statement. */
  batchSize: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  outboxDays: 7,
  processedEventDays: 14,
  deadLetterDays: 30,
  expiredTokenDays: 1,
  batchSize: 5_000,
};

export interface RetentionResult {
  outbox: number;
  processedEvents: number;
  deadLetters: number;
  emailVerifications: number;
  passwordResets: number;
  loginCodes: number;
  rateLimitCounters: number;
  loginFailures: number;
  noticeMails: number;
}

/** Deletes batch after batch until a batch comes back short; returns the rows deleted. */
async function inBatches(batchSize: number, deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

const deletedRows = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * One retention pass. `consumers` are the embedded-mode consumers whose checkpoints an unpublished outbox row must
 * be behind (all of them) before it goes.
 */
export async function pruneRetainedRows(
  db: Db,
  options: { consumers: readonly string[]; now?: Date; policy?: Partial<RetentionPolicy> },
): Promise<RetentionResult> {
  const policy = { ...DEFAULT_RETENTION, ...options.policy };
  const now = options.now ?? new Date();
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const limit = policy.batchSize;
  const consumers = [...options.consumers];

  // A conversion to day partitions left halfway must not let its bound check refuse new events.
  await releaseStaleOutboxBound(db, { now }).catch(() => false);
  // A partitioned outbox loses its days whole (maintainOutboxPartitions); rows go one by one only from the table
  // before its conversion, or from its default partition after.
  let outbox = 0;
  for (const table of await rowPrunedOutbox(db)) {
    outbox += await inBatches(limit, async () =>
      deletedRows(
        await sql`
        delete from ${table} where position in (
          select o.position from ${table} o
          where o.recorded_at < ${before(policy.outboxDays)}
            and (o.sent_at is not null
              or (cardinality(${consumers}::text[]) > 0
                and (select count(*) from event_consumer_checkpoints c
                     where c.consumer = any(${consumers}::text[])
                       and (c.transaction_id, c.position) >= (o.transaction_id, o.position))
                    = cardinality(${consumers}::text[])))
          limit ${limit})`.execute(db),
      ),
    );
  }
  /**
   * Deletes, batch after batch, the rows of `table` whose `column` is before `cutoff` (or at it, with `atCutoff`),
   * each batch picked by the table's `key` columns.
   */
  const pruneRows = async (
    table: string,
    key: readonly string[],
    column: string,
    cutoff: Date,
    options: { atCutoff?: boolean } = {},
  ) => {
    const keyColumns = sql.join(key.map((name) => sql.ref(name)));
    const older = options.atCutoff ? sql`${sql.ref(column)} <= ${cutoff}` : sql`${sql.ref(column)} < ${cutoff}`;
    return await inBatches(limit, async () =>
      deletedRows(
        await sql`
          delete from ${sql.table(table)} where (${keyColumns}) in (
            select ${keyColumns} from ${sql.table(table)} where ${older} limit ${limit})`.execute(db),
      ),
    );
  };
  const consumerKey = ['consumer', 'event_id'];
  const processedEvents = await pruneRows(
    'event_consumer_processed',
    consumerKey,
    'processed_at',
    before(policy.processedEventDays),
  );
  const deadLetters = await pruneRows(
    'event_consumer_dead_letters',
    consumerKey,
    'parked_at',
    before(policy.deadLetterDays),
  );
  const tokenCutoff = before(policy.expiredTokenDays);
  const emailVerifications = await pruneRows('email_verifications', ['id'], 'expires_at', tokenCutoff);
  const passwordResets = await pruneRows('password_resets', ['id'], 'expires_at', tokenCutoff);
  // A counter whose window has ended counts nothing: the next request starts a new window at 1 either way.
  const rateLimitCounters = await pruneRows('rate_limit_counters', ['key'], 'window_ends_at', now, { atCutoff: true });
  // A key of failed logins is forgotten an hour after its last failure (the next failure counts from 1 again).
  const loginFailures = await pruneRows(
    'login_failures',
    ['key'],
    'last_failure_at',
    new Date(now.getTime() - LOGIN_FAILURE_MEMORY_MS),
  );
  // Social login codes live 2 minutes; an unused one is pruned with the other expired tokens.
  const loginCodes = await pruneRows('login_codes', ['code_hash'], 'expires_at', tokenCutoff);
  // The comment and reply mail limits look back one hour (services/src/notifications/mail-consumer.ts); a day is kept.
  const noticeMails = await pruneRows('notice_mails', ['id'], 'sent_at', new Date(now.getTime() - 86_400_000));
  return {
    outbox,
    processedEvents,
    deadLetters,
    emailVerifications,
    passwordResets,
    rateLimitCounters,
    loginCodes,
    loginFailures,
    noticeMails,
  };
}

export interface RunningRetention {
  stop(): Promise<void>;
}

/** Runs a retention pass now and then every `intervalMs` (hourly by default) until stopped. */
export function startRetention(
  db: Db,
  options: {
    consumers: readonly string[];
    intervalMs?: number;
    policy?: Partial<RetentionPolicy>;
    onPass?: (result: RetentionResult) => void;
    onError?: (error: unknown) => void;
  },
): RunningRetention {
  const intervalMs = options.intervalMs ?? 3_600_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const pass = () => {
    current = pruneRetainedRows(db, { consumers: options.consumers, policy: options.policy })
      .then((result) => options.onPass?.(result))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (!stopped) timer = setTimeout(pass, intervalMs);
      });
  };
  pass();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
