// The console reads the records a page links by their ids (react-admin's getMany: `filter={"id":[…]}`, no range):
// every id asked for answers, so each of a statement's 30 mission lines links its mission, not the first 25.
import type { AdminSettlementDetail } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';

const clock = { now: new Date('2026-10-20T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;

describe('GET /api/admin/<resource> with an id list and no range', () => {
  it('answers every record asked for: each of a statement’s 30 lines finds its mission', async () => {
    const finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    const creator = await createIncomeCreator(app());
    for (let day = 1; day <= 30; day++) {
      const at = new Date(Date.UTC(2026, 9, day, 3));
      await releasedMission(app().db, { creatorId: creator.creatorId, coins: 100, at });
    }
    clock.now = new Date('2026-11-01T01:00:00Z');
    const run = await app().inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: finance.headers,
      payload: { year: 2026, month: 10 },
    });
    expect(run.statusCode, run.body).toBe(200);
    const statement = await app()
      .db.selectFrom('settlement_statements')
      .select('id')
      .where('creator_id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    const detail = await app().inject({
      method: 'GET',
      url: `/api/admin/settlements/${statement.id}`,
      headers: finance.headers,
    });
    const ids = detail.json<AdminSettlementDetail>().lines.map((line) => line.missionId);
    expect(ids).toHaveLength(30);
    expect(ids).not.toContain(null);

    const filter = encodeURIComponent(JSON.stringify({ id: ids }));
    const missions = await app().inject({
      method: 'GET',
      url: `/api/admin/missions?filter=${filter}`,
      headers: operator.headers,
    });
    expect(missions.statusCode, missions.body).toBe(200);
    expect(
      missions
        .json<{ id: number }[]>()
        .map((mission) => mission.id)
        .sort(),
    ).toEqual([...ids].sort());
    // A list with a range still answers its window.
    const window = await app().inject({
      method: 'GET',
      url: `/api/admin/missions?filter=${filter}&range=${encodeURIComponent('[0,9]')}`,
      headers: operator.headers,
    });
    expect(window.json()).toHaveLength(10);
  });
});
