import { DAY_MS, RELIABILITY, type CreatorReliability } from '@fanmission/contracts';
import { sql } from 'kysely';
import { runPeriodically, type PeriodicTask } from '../background';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { defineConsumer } from '../outbox';

/*
 * Creator reliability, public: over the last 90 days, the on-time rate (missions performed within their
 * deadline ÷ missions due: performed, or expired at the decision or perform deadline) and the median time from
 * acceptance to performance. A maintained aggregate (`creator_reliability`), refreshed for a creator when one of his
 * missions ends (consumer below) and for everybody as the window slides (`startReliabilityRefresher`), so the
 * "recommended" search sort walks one index and the cards read one row per creator.
 */

/**
 * Recomputes the figures of the given creators (all when omitted) as of `now`, reading through the partial indexes
 * on each creator's completed and expired missions. Returns how many creators it refreshed.
 */
export async function refreshReliability(db: DbExecutor, now: Date, creatorIds?: readonly number[]): Promise<number> {
  if (creatorIds && creatorIds.length === 0) return 0;
  const from = new Date(now.getTime() - RELIABILITY.windowDays * DAY_MS);
  const only = creatorIds ? sql`where c.id = any(${[...creatorIds]}::bigint[])` : sql``;
  const result = await sql`
    insert into creator_reliability as r (creator_id, due_count, on_time_count, median_perform_seconds, score, refreshed_at)
    select c.id, coalesce(f.due, 0), coalesce(f.on_time, 0), f.median,
      coalesce(f.on_time::float8 * f.on_time / greatest(f.due, 1), 0), ${now}
    from creators c
    left join lateral (
      select count(*)::int as due,
        (count(*) filter (where m.done and (m.due_at is null or m.completed_at <= m.due_at)))::int as on_time,
        round(percentile_cont(0.5) within group (order by m.perform_seconds) filter (where m.done))::int as median
      from (
        select true as done, completed_at, perform_due_at as due_at,
          greatest(extract(epoch from completed_at - coalesce(accepted_at, requested_at, created_at)), 0) as perform_seconds
        from missions
        where creator_id = c.id and status = 'COMPLETED' and completed_at > ${from} and completed_at <= ${now}
        union all
        select false, null, null, null
        from missions
        where creator_id = c.id and rejection_reason in ('DECISION_EXPIRED', 'PERFORM_EXPIRED')
          and rejected_at > ${from} and rejected_at <= ${now}
      ) m
    ) f on true
    ${only}
    on conflict (creator_id) do update set due_count = excluded.due_count, on_time_count = excluded.on_time_count,
      median_perform_seconds = excluded.median_perform_seconds, score = excluded.score,
      refreshed_at = excluded.refreshed_at`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The public figures of the creators (verified, searchable ones; others are left out), in the order asked. */
export async function creatorReliability(
  ctx: ServiceContext,
  creatorIds: readonly number[],
): Promise<CreatorReliability[]> {
  const rows = await ctx.db
    .selectFrom('creator_reliability as r')
    .innerJoin('creators as c', 'c.id', 'r.creator_id')
    .select(['r.creator_id', 'r.due_count', 'r.on_time_count', 'r.median_perform_seconds'])
    .where('r.creator_id', 'in', [...new Set(creatorIds)])
    .where('c.verified', '=', true)
    .execute();
  const byId = new Map(rows.map((row) => [row.creator_id, row]));
  return creatorIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const shown = row.due_count >= RELIABILITY.minimumMissions;
    return [
      {
        creatorId: id,
        dueCount: row.due_count,
        onTimeRate: shown ? row.on_time_count / row.due_count : null,
        medianPerformHours:
          shown && row.median_perform_seconds !== null ? Math.round(row.median_perform_seconds / 36) / 100 : null,
      },
    ];
  });
}

/** Refreshes a creator's figures when one of his missions is performed or expires. */
export const creatorReliabilityConsumer = defineConsumer('creator-reliability', {
  'mission.completed': async (trx, event) => {
    await refreshReliability(trx, new Date(event.occurredAt), [event.payload.creatorId]);
  },
  'mission.rejected': async (trx, event) => {
    await refreshReliability(trx, new Date(event.occurredAt), [event.payload.creatorId]);
  },
});

/** Refreshes every creator now and then every `intervalMs` (the 90-day window slides even when nothing happens). */
export function startReliabilityRefresher(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  options: { intervalMs?: number } = {},
): PeriodicTask {
  return runPeriodically(
    async () => {
      await refreshReliability(ctx.db, ctx.now());
      // Refreshing is the routine, not an exception worth a warning.
      return 0;
    },
    {
      intervalMs: options.intervalMs ?? 60 * 60 * 1000,
      log: ctx.log,
      countMessage: 'creator reliability refreshed',
      failureMessage: 'creator reliability refresh failed',
    },
  );
}
