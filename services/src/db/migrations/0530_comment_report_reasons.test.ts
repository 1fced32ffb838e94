// Migration 0530 decides the reports a moderation already answered and leaves the later ones waiting (in a
// transaction rolled back, going down and up again over reports written before it).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { down, up } from './0530_comment_report_reasons';

const testApp = useTestApp();

describe('migration 0530_comment_report_reasons', () => {
  it('upholds or dismisses the reports made before a decision, keeps the later ones and the undecided waiting', async () => {
    const app = testApp.current.app;
    const creator = await createCreator(app);
    const product = await registerProduct(app, creator, { type: 'BASIC' });
    const author = await createAccount(app);
    const [early, late, other] = [await createAccount(app), await createAccount(app), await createAccount(app)];
    const mission = await insertMission(app, product, { user_id: author.id, status: 'COMPLETED' });
    const at = (time: string) => new Date(`2026-11-0${time}Z`);
    const comment = async (moderation: 'HIDDEN' | 'VISIBLE' | null) =>
      (
        await app.db
          .insertInto('mission_comments')
          .values({
            mission_id: mission.id,
            user_id: author.id,
            parent_id: null,
            content: 'reported',
            edited_at: null,
            moderation,
            moderation_reason: moderation && 'decided',
            moderated_by: null,
            moderated_at: moderation && at('2T00:00:00'),
            event_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const hidden = await comment('HIDDEN');
    const shown = await comment('VISIBLE');
    const undecided = await comment(null);

    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        // Reports as the table held them before: no reason, no outcome.
        for (const [commentId, userId, time] of [
          [hidden, early.id, '1T00:00:00'],
          [hidden, late.id, '3T00:00:00'],
          [shown, early.id, '1T12:00:00'],
          [undecided, other.id, '4T00:00:00'],
        ] as const) {
          await sql`insert into mission_comment_reports (comment_id, user_id, created_at)
                    values (${commentId}, ${userId}, ${at(time)})`.execute(trx);
        }
        await up(trx);
        const reports = await sql<{ comment_id: number; user_id: number; reason: string; outcome: string | null }>`
          select comment_id, user_id, reason, outcome from mission_comment_reports
           where comment_id in (${hidden}, ${shown}, ${undecided}) order by comment_id, created_at`.execute(trx);
        expect(reports.rows).toEqual([
          { comment_id: hidden, user_id: early.id, reason: 'OTHER', outcome: 'UPHELD' },
          { comment_id: hidden, user_id: late.id, reason: 'OTHER', outcome: null },
          { comment_id: shown, user_id: early.id, reason: 'OTHER', outcome: 'DISMISSED' },
          { comment_id: undecided, user_id: other.id, reason: 'OTHER', outcome: null },
        ]);
        const waiting = await sql<{ id: number; reports_open_since: Date | null }>`
          select id, reports_open_since from mission_comments
           where id in (${hidden}, ${shown}, ${undecided}) order by id`.execute(trx);
        expect(waiting.rows).toEqual([
          { id: hidden, reports_open_since: at('3T00:00:00') },
          { id: shown, reports_open_since: null },
          { id: undecided, reports_open_since: at('4T00:00:00') },
        ]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
