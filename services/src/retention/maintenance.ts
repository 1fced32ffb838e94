import { sql } from 'kysely';
import { type Db, maintainLedgerPartitions } from '../db';
import { destroyPastLegalRetention } from './legal';
import { maintainOutboxPartitions, partitionOutbox } from './outbox-partitions';
import { DEFAULT_RETENTION, pruneRetainedRows } from './retention';
import { ensureLedgerKeyIndex, pruneWindows } from './windows';

/*
 * The daily data maintenance (the `data-maintenance-daily` Temporal Schedule, workflows/src/maintenance): the
 * outbox's partitions (converted online if it is not partitioned yet, days ahead created, old days dropped), the
 * row-by-row retention pass, the notification and idempotency-key windows, the ledger's monthly partitions and the
 * legal retention. Each step's
 * removals are logged per table and kind and kept in data_maintenance_runs.
 *
 * The same pass stays hourly in the process too (startRetention): expired tokens, ended rate-limit windows and
 * login failures are better gone within the hour, and the hourly pass needs no Temporal.
 */

/** One step of the daily pass: its name and what it removed or did, by table or kind. */
export interface DataMaintenanceStep {
  name: string;
  run(db: Db, now: Date): Promise<Record<string, unknown>>;
}

export interface DataMaintenanceOptions {
  /** The embedded-mode consumers whose checkpoints an outbox row must be behind before it goes. */
  consumers: readonly string[];
  /** Days an outbox day is kept (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays?: number;
  batchSize?: number;
  lockTimeoutMs?: number;
  /**
   * Steps run after the built-in ones: the hook for more daily upkeep in the same job.
   */
  extraSteps?: readonly DataMaintenanceStep[];
  log?: (line: string) => void;
}

export interface DataMaintenanceReport {
  runId: number;
  asOf: string;
  /** Per step: what it removed, by table or kind. */
  removed: Record<string, Record<string, unknown>>;
  /** Per failed step: its error (the other steps still ran). */
  errors: Record<string, string>;
}

/** The built-in steps, in order. */
export function dataMaintenanceSteps(options: DataMaintenanceOptions): DataMaintenanceStep[] {
  const batchSize = options.batchSize ?? DEFAULT_RETENTION.batchSize;
  const outboxDays = options.outboxRetentionDays ?? DEFAULT_RETENTION.outboxDays;
  return [
    {
      name: 'outboxPartitioning',
      run: async (db, now) => ({
        steps: await partitionOutbox(db, {
          now: () => now,
          ...(options.lockTimeoutMs !== undefined && { lockTimeoutMs: options.lockTimeoutMs }),
        }),
      }),
    },
    {
      name: 'outboxPartitions',
      run: async (db, now) => ({
        ...(await maintainOutboxPartitions(db, {
          now,
          consumers: options.consumers,
          retentionDays: outboxDays,
          ...(options.lockTimeoutMs !== undefined && { lockTimeoutMs: options.lockTimeoutMs }),
        })),
      }),
    },
    {
      name: 'rows',
      run: async (db, now) => ({
        ...(await pruneRetainedRows(db, {
          consumers: options.consumers,
          now,
          policy: { outboxDays, batchSize },
        })),
      }),
    },
    {
      name: 'windows',
      run: async (db, now) => {
        const indexBuilt = await ensureLedgerKeyIndex(db);
        return { ...(await pruneWindows(db, { now, batchSize })), ...(indexBuilt && { ledgerKeyIndexBuilt: true }) };
      },
    },
    {
      // The ledger's log: converted to monthly partitions if it is not yet, next month's made ahead, the id sequence
      // moved as a month starts (services/src/db/ledger-partitions.ts). Its months follow the clock the appends
      // happen at, not the pass's as-of time; nothing of the ledger is ever removed.
      name: 'ledgerPartitions',
      run: async (db) => ({
        ...(await maintainLedgerPartitions(db, {
          ...(options.lockTimeoutMs !== undefined && { lockTimeoutMs: options.lockTimeoutMs }),
          ...(options.log && { log: options.log }),
        })),
      }),
    },
    {
      name: 'legalRetention',
      run: async (db, now) => ({ ...(await destroyPastLegalRetention(db, { now, batchSize })) }),
    },
  ];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2_000);

/** One line per step: what it removed (the zero counts left out). */
function describeStep(name: string, removed: Record<string, unknown>): string {
  const parts: string[] = [];
  const visit = (prefix: string, value: unknown) => {
    if (typeof value === 'number') {
      if (value !== 0) parts.push(`${prefix}=${value}`);
    } else if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${prefix}=${JSON.stringify(value)}`);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) visit(prefix ? `${prefix}.${key}` : key, inner);
    } else if (value !== undefined && value !== false) {
      parts.push(`${prefix}=${String(value)}`);
    }
  };
  visit('', removed);
  return `data maintenance ${name}: ${parts.length > 0 ? parts.join(' ') : 'nothing to remove'}`;
}

/**
 * Runs the whole daily pass as of `now`: every step (a failing step is recorded and the others still run), a log
 * line per step, and a row in data_maintenance_runs. Throws after recording when a step failed, so the job's retry
 * runs the pass again (every step is idempotent).
 */
export async function runDataMaintenance(
  db: Db,
  now: Date,
  options: DataMaintenanceOptions,
): Promise<DataMaintenanceReport> {
  const startedAt = new Date();
  const removed: Record<string, Record<string, unknown>> = {};
  const errors: Record<string, string> = {};
  for (const step of [...dataMaintenanceSteps(options), ...(options.extraSteps ?? [])]) {
    try {
      const done = await step.run(db, now);
      removed[step.name] = done;
      options.log?.(describeStep(step.name, done));
    } catch (error) {
      errors[step.name] = errorText(error);
      options.log?.(`data maintenance ${step.name} failed: ${errors[step.name]}`);
    }
  }
  const failed = Object.keys(errors);
  const { rows } = await sql<{ id: string }>`
    insert into data_maintenance_runs (started_at, finished_at, as_of, removed, error)
    values (${startedAt}, now(), ${now}, ${JSON.stringify(removed)}::jsonb,
      ${failed.length > 0 ? JSON.stringify(errors) : null})
    returning id`.execute(db);
  const report: DataMaintenanceReport = { runId: Number(rows[0]!.id), asOf: now.toISOString(), removed, errors };
  if (failed.length > 0) throw new Error(`data maintenance failed in ${failed.join(', ')}: ${JSON.stringify(errors)}`);
  return report;
}
