// What the hot-path benchmarks (hot-creator.ts, purchases.ts) measure of the ledger's locks while a load runs:
// - the share of samples in which a session of the bench's database waits for a lock, and for a ledger lock (a
//   session inside a ledger function: ledger_read, ledger_append*, the only statements that lock ledger_accounts rows),
//   by wait event, table, statement and blocker (`pg_stat_activity`, every `sampleMs`);
// - how long each write holds a house account's row: every `rowSampleMs` a look at the shard rows tells which are
//   locked (their visible version's xmax an open transaction's id); a shard's row locked in a share L of the samples while n writes reached it in a window
//   of s seconds held it L × s / n seconds a write. The hottest shard's hold is the contention figure that the machine
//   does not move, and shards ÷ hold the writes a second the house account can take at most;
// - the machine's CPU in use (all processes, from /proc/stat) over the window, as a share of all its cores.
import fs from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'kysely';
import { HOUSE_ACCOUNT_SHARDS, houseShards, type HouseAccount } from '@fanmission/ledger';
import type { Db } from '@fanmission/services/db';
import { sleep } from './stack';

/** One lock-wait sampler's tallies over a run. */
export interface LockWaits {
  samples: number;
  waiting: number;
  /** Samples in which a session inside a ledger function waited for a lock. */
  ledgerWaiting: number;
  /** Samples in which a session of this key waited (a sample counts once per key). */
  byEvent: Map<string, number>;
  byTable: Map<string, number>;
  byStatement: Map<string, number>;
  byBlocker: Map<string, number>;
  /** Sessions waiting, summed over the samples (their mean is this over `samples`). */
  sessions: number;
}

/** How long the writes of a window held the rows of one house account's shards. */
export interface RowHolds {
  house: HouseAccount;
  samples: number;
  /** The shard written most in the window, its writes, the share of samples its row was locked, its hold a write. */
  hottest: { account: string; writes: number; lockedShare: number; holdMs: number } | null;
  /** Writes of every shard together in the window. */
  writes: number;
  /** HOUSE_ACCOUNT_SHARDS ÷ the hottest shard's hold: the writes a second the house account can take at most. */
  ceilingPerSecond: number | null;
}

export const percent = (part: number, whole: number): string =>
  whole === 0 ? '0.0' : ((part * 100) / whole).toFixed(1);

const words = (query: string | null) =>
  (query ?? '?')
    .replace(/\s+/g, ' ')
    .replace(/\$\d+.*$/, '…')
    .trim()
    .split(' ')
    .slice(0, 6)
    .join(' ')
    .slice(0, 70);

const LEDGER_FUNCTION = /\bledger_(read|append\w*)\s*\(/;

/**
 * Samples `pg_stat_activity` every `sampleMs` until stopped: the sessions of this database waiting for a lock, with
 * their wait event, the table of the row lock they hold or wait for (a session waiting for another's transaction
 * holds the tuple lock of the row it wants), the first words of their statement and of their first blocker's.
 */
export function sampleLockWaits(sampler: Db, sampleMs: number): { stop(): Promise<LockWaits> } {
  const waits: LockWaits = {
    samples: 0,
    waiting: 0,
    ledgerWaiting: 0,
    byEvent: new Map(),
    byTable: new Map(),
    byStatement: new Map(),
    byBlocker: new Map(),
    sessions: 0,
  };
  let running = true;
  const count = (tally: Map<string, number>, keys: string[]) => {
    for (const key of new Set(keys)) tally.set(key, (tally.get(key) ?? 0) + 1);
  };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const { rows } = await sql<{ wait_event: string; query: string; tables: string | null; blocker: string | null }>`
        select a.wait_event, a.query,
          (select string_agg(distinct l.relation::regclass::text, ',') from pg_locks l
            where l.pid = a.pid and l.locktype = 'tuple') as tables,
          (select b.query from pg_stat_activity b where b.pid = (pg_blocking_pids(a.pid))[1] limit 1) as blocker
        from pg_stat_activity a
        where a.wait_event_type = 'Lock' and a.datname = current_database() and a.pid <> pg_backend_pid()`.execute(
        sampler,
      );
      waits.samples += 1;
      waits.sessions += rows.length;
      if (rows.length > 0) {
        waits.waiting += 1;
        if (rows.some((row) => LEDGER_FUNCTION.test(row.query))) waits.ledgerWaiting += 1;
        count(
          waits.byEvent,
          rows.map((row) => row.wait_event),
        );
        count(
          waits.byTable,
          rows.map((row) => row.tables ?? `(${row.wait_event})`),
        );
        count(
          waits.byStatement,
          rows.map((row) => words(row.query)),
        );
        count(
          waits.byBlocker,
          rows.map((row) => words(row.blocker)),
        );
      }
      await sleep(Math.max(0, sampleMs - (performance.now() - started)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return waits;
    },
  };
}

/**
 * Samples which shard rows of `house` are locked every `rowSampleMs` until stopped, then counts the postings each
 * shard took since the sampling started, and answers each shard's hold a write (see the head of this file).
 */
export async function sampleRowHolds(
  sampler: Db,
  house: HouseAccount,
  rowSampleMs: number,
): Promise<{ stop(): Promise<RowHolds> }> {
  const shards = houseShards(house);
  const locked = new Map<string, number>();
  const firstTransaction = Number(
    (await sql<{ id: string }>`select coalesce(max(id), 0) as id from ledger_transactions`.execute(sampler)).rows[0]!
      .id,
  );
  const started = performance.now();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      // A shard row is locked while the transaction that updated (or locked) it is open: the version this snapshot
      // sees then carries that transaction's id as its xmax. Sixteen index lookups and the sessions' open
      // transactions, never a scan of ledger_accounts (the fans' wallets): the sampler's own CPU stays small beside
      // the operations it measures.
      const { rows } = await sql<{ account: string }>`
        select account from ledger_accounts
        where account = any(${shards}::text[]) and xmax::text <> '0'
          and xmax::text in (select backend_xid::text from pg_stat_activity where backend_xid is not null)`.execute(
        sampler,
      );
      samples += 1;
      for (const row of rows) locked.set(row.account, (locked.get(row.account) ?? 0) + 1);
      await sleep(Math.max(0, rowSampleMs - (performance.now() - at)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const seconds = (performance.now() - started) / 1000;
      const { rows } = await sql<{ account: string; writes: string }>`
        select account, count(*) as writes from ledger_postings
        where transaction_id > ${firstTransaction} and account = any(${shards}::text[])
        group by account order by count(*) desc, account`.execute(sampler);
      const writes = rows.reduce((sum, row) => sum + Number(row.writes), 0);
      const top = rows[0];
      if (!top || samples === 0) return { house, samples, hottest: null, writes, ceilingPerSecond: null };
      const lockedShare = (locked.get(top.account) ?? 0) / samples;
      const holdMs = (lockedShare * seconds * 1000) / Number(top.writes);
      return {
        house,
        samples,
        writes,
        hottest: { account: top.account, writes: Number(top.writes), lockedShare, holdMs },
        ceilingPerSecond: holdMs > 0 ? (HOUSE_ACCOUNT_SHARDS * 1000) / holdMs : null,
      };
    },
  };
}

/** The machine's busy and total CPU time so far (all processes, /proc/stat), in clock ticks. */
export async function machineCpuTicks(): Promise<{ busy: number; total: number }> {
  const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

/** The share of the whole machine (every core) in use between two readings, in %. */
export function machineBusyPercent(before: { busy: number; total: number }, after: { busy: number; total: number }) {
  const total = after.total - before.total;
  return total === 0 ? 0 : ((after.busy - before.busy) * 100) / total;
}

/** One line of the lock waits: all, on a ledger lock, and the top few by what they wait for. */
export function describeWaits(waits: LockWaits): string {
  const shares = (tally: Map<string, number>) =>
    [...tally]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([key, count]) => `${key} ${percent(count, waits.samples)}%`)
      .join(', ') || 'none';
  return (
    `  lock waits in ${percent(waits.waiting, waits.samples)}% of ${waits.samples} samples, on a ledger lock in ` +
    `${percent(waits.ledgerWaiting, waits.samples)}% ` +
    `(${(waits.sessions / Math.max(waits.samples, 1)).toFixed(2)} sessions waiting on average); ` +
    `by wait event: ${shares(waits.byEvent)}; on rows of: ${shares(waits.byTable)}\n` +
    `  waiting statement: ${shares(waits.byStatement)}\n` +
    `  waited-for statement: ${shares(waits.byBlocker)}`
  );
}

/** One line of a house account's row holds. */
export function describeHolds(holds: RowHolds): string {
  const { hottest } = holds;
  if (!hottest) return `  ${holds.house}: no write in the window`;
  return (
    `  ${holds.house} (${HOUSE_ACCOUNT_SHARDS} shards, ${holds.writes} writes): hottest shard ${hottest.account} ` +
    `${hottest.writes} writes, its row locked in ${(hottest.lockedShare * 100).toFixed(1)}% of ${holds.samples} ` +
    `samples: ${hottest.holdMs.toFixed(2)} ms held a write; ceiling ${HOUSE_ACCOUNT_SHARDS} ÷ hold = ` +
    `${holds.ceilingPerSecond === null ? 'unbounded' : Math.round(holds.ceilingPerSecond).toLocaleString('en')} ` +
    `writes/s`
  );
}

export const CORES = os.cpus().length;
