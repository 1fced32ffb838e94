import { DAY_MS } from '@fanmission/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createMember } from '@fanmission/tests/support/ledger';
import { runDataMaintenance } from './maintenance';

// The daily pass: every step runs, what each removed is logged per table and kind and kept in data_maintenance_runs,
// a step added through the hook runs in the same pass, and a failing step is recorded without stopping the others.

const database = useTestDatabase();

describe('runDataMaintenance', () => {
  it('runs every step a month ahead, logs and records what each removed, and runs the steps added to it', async () => {
    const db = database.current.db;
    const userId = await createMember(db);
    const now = new Date(Date.now() + 30 * DAY_MS);
    await sql`insert into notifications (user_id, kind, event_id, created_at)
      values (${userId}, 'mission.liked', gen_random_uuid(), ${new Date(now.getTime() - 200 * DAY_MS)}),
        (${userId}, 'mission.liked', gen_random_uuid(), ${new Date(now.getTime() - 10 * DAY_MS)})`.execute(db);
    const lines: string[] = [];
    const extraRuns: Date[] = [];
    const report = await runDataMaintenance(db, now, {
      consumers: [],
      log: (line) => lines.push(line),
      extraSteps: [
        {
          name: 'extra',
          run: async (_db, at) => {
            extraRuns.push(at);
            return { created: 0 };
          },
        },
      ],
    });

    expect(Object.keys(report.removed)).toEqual([
      'outboxPartitioning',
      'outboxPartitions',
      'rows',
      'windows',
      'ledgerPartitions',
      'legalRetention',
      'extra',
    ]);
    // The ledger's months follow the clock, not the pass's as-of time a month ahead: nothing to do on a new database.
    expect(report.removed.ledgerPartitions).toMatchObject({ converted: false, sequenceMovedTo: null });
    expect(report.removed.windows).toMatchObject({ notifications: 1 });
    expect(report.removed.outboxPartitioning).toEqual({ steps: ['already-partitioned'] });
    // A month ahead, the days from then on are created.
    expect((report.removed.outboxPartitions as { created: string[] }).created.length).toBeGreaterThan(0);
    expect(extraRuns).toEqual([now]);
    expect(lines).toContain('data maintenance windows: notifications=1');
    expect(lines).toContain('data maintenance extra: nothing to remove');

    const { rows } = await sql<{ as_of: Date; removed: Record<string, unknown>; error: string | null }>`
      select as_of, removed, error from data_maintenance_runs where id = ${report.runId}`.execute(db);
    expect(rows[0]).toMatchObject({ as_of: now, error: null });
    expect(rows[0]!.removed.windows).toMatchObject({ notifications: 1, ledgerIdempotencyKeys: 0 });
  });

  it('records a failing step, still runs the others, and fails the run so that it is retried', async () => {
    const db = database.current.db;
    const lines: string[] = [];
    await expect(
      runDataMaintenance(db, new Date(), {
        consumers: [],
        log: (line) => lines.push(line),
        extraSteps: [
          {
            name: 'broken',
            run: async () => {
              throw new Error('no such table');
            },
          },
        ],
      }),
    ).rejects.toThrow(/data maintenance failed in broken/);
    expect(lines).toContain('data maintenance broken failed: no such table');
    const { rows } = await sql<{ error: string; removed: Record<string, unknown> }>`
      select error, removed from data_maintenance_runs order by id desc limit 1`.execute(db);
    expect(JSON.parse(rows[0]!.error)).toEqual({ broken: 'no such table' });
    expect(Object.keys(rows[0]!.removed)).toContain('legalRetention');
  });
});
