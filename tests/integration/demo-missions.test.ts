// The demo data's ACCEPTED mission (services/src/seed/demo-missions.ts) is seeded without a workflow: the worker's
// reconciler starts it, and the demo creator can then perform it through the API.
import { reconcileMissionWorkflows } from '@fanmission/services/missions';
import { createFile } from '@fanmission/tests/support/missions';
import { DEMO_PASSWORD, seedDemoData } from '@fanmission/services/seed';
import { describe, expect, it } from 'vitest';
import { useDemoTemporalApp } from '@fanmission/tests/support/demo-temporal-app';

const { env, taskQueue, app } = await useDemoTemporalApp('demo-missions');

describe('demo missions', () => {
  it('the seeded ACCEPTED mission gets its workflow from the reconciler and can be performed', async () => {
    await seedDemoData(app().ctx);
    const accepted = await app()
      .db.selectFrom('missions')
      .selectAll()
      .where('status', '=', 'ACCEPTED')
      .executeTakeFirstOrThrow();
    expect(accepted.workflow_started_at).toBeNull();

    expect(await reconcileMissionWorkflows({ ...app().ctx, temporal: { client: env.client, taskQueue } })).toBe(1);
    const handle = env.client.workflow.getHandle(`mission-${accepted.id}`);
    expect((await handle.describe()).status.name).toBe('RUNNING');

    const login = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'dancer@fanmission.local', password: DEMO_PASSWORD },
    });
    const creator = await app()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', 'dancer@fanmission.local')
      .executeTakeFirstOrThrow();
    const picture = await createFile(app().db, creator.id, 'image');
    const performed = await app().inject({
      method: 'POST',
      url: `/api/v1/missions/${accepted.id}/perform`,
      headers: { authorization: login.headers.authorization as string },
      payload: { responseComment: '포인트 안무 영상이에요!', pictureId: picture },
    });

    expect(performed.statusCode).toBe(200);
    expect(await handle.result()).toEqual({ status: 'COMPLETED' });
    const row = await app()
      .db.selectFrom('missions')
      .select(['status', 'workflow_started_at'])
      .where('id', '=', accepted.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('COMPLETED');
    expect(row.workflow_started_at).not.toBeNull();
  }, 60_000);
});
