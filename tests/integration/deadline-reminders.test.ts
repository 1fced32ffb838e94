// Reminders of a mission's deadlines on the time-skipping test server: the workflow that owns each deadline reminds
// the creator at its times (a custom request's decision 7 days and 1 day before its 30 days, a performance 3 days,
// 1 day and 2 hours before its 10 days), once each, and not once the mission was decided, performed or ended.
import type { Notification, Page } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { DAY, useMissionWorkflows } from '@fanmission/tests/support/mission-workflows';

const { app, db, post, skip, finished, mission, outboxTypes, requestBasic, requestCustom, perform } =
  await useMissionWorkflows();
const HOUR = DAY / 24;

/** The reminders recorded for a mission: which deadline, how long before it, and when each was sent. */
async function reminders(missionId: number) {
  const rows = await db()
    .selectFrom('mission_deadline_reminders')
    .selectAll()
    .where('mission_id', '=', missionId)
    .orderBy('sent_at')
    .execute();
  return rows.map((row) => ({
    deadline: row.deadline,
    before: row.before_ms,
    // When it was sent, measured from the deadline it reminds of (the workflow's clock), to the minute: the timer
    // fires at its time and the activity records the instant it ran, a few milliseconds on.
    sentBeforeDue: Math.round((row.due_at.getTime() - row.sent_at.getTime()) / 60_000) * 60_000,
  }));
}

const sentAtItsTime = (deadline: string, before: number) => ({ deadline, before, sentBeforeDue: before });

async function creatorNotifications(headers: Record<string, string>, language = 'en') {
  await drainOutbox(db());
  const response = await app().inject({
    method: 'GET',
    url: '/api/v1/users/me/notifications/page',
    headers: { ...headers, 'accept-language': language },
  });
  return response.json<Page<Notification>>().content;
}

describe('deadline reminders', () => {
  it('a custom request left undecided: reminded 7 days and 1 day before its 30 days, then refunded', async () => {
    const { creator, id } = await requestCustom();
    expect(await finished(id)).toEqual({ status: 'REJECTED', reason: 'DECISION_EXPIRED' });
    expect(await reminders(id)).toEqual([sentAtItsTime('DECISION', 7 * DAY), sentAtItsTime('DECISION', DAY)]);
    const types = await outboxTypes(id);
    expect(types.filter((type) => type === 'mission.deadline-approaching')).toHaveLength(2);
    const texts = (await creatorNotifications(creator.headers))
      .filter((row) => row.kind === 'MISSION_DECISION_DUE_SOON')
      .map((row) => row.content);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toMatch(
      /^Only 7 days left to accept or refuse .+’s request “.+” \(until \d{4}\.\d\d\.\d\d \d\d:\d\d KST\)/,
    );
    expect(texts[0]).toMatch(/^Only 1 day left to accept or refuse/);
    const [korean] = await creatorNotifications(creator.headers, 'ko');
    expect(korean?.content).toMatch(/요청을 수락하거나 거절할 기한이 1일 남았습니다/);
  });

  it('accepted after the first reminder: no second one; then reminded 3 days, 1 day and 2 hours before performing', async () => {
    const { creator, id } = await requestCustom();
    await skip(25);
    expect((await post(`/missions/${id}/accept`, creator.headers, {})).statusCode).toBe(200);
    expect(await finished(id)).toEqual({ status: 'REJECTED', reason: 'PERFORM_EXPIRED' });
    expect(await reminders(id)).toEqual([
      sentAtItsTime('DECISION', 7 * DAY),
      sentAtItsTime('PERFORM', 3 * DAY),
      sentAtItsTime('PERFORM', DAY),
      sentAtItsTime('PERFORM', 2 * HOUR),
    ]);
    const texts = (await creatorNotifications(creator.headers, 'ja'))
      .filter((row) => row.kind === 'MISSION_PERFORM_DUE_SOON')
      .map((row) => row.content);
    expect(texts[0]).toMatch(/ミッションを実行する期限まであと2時間です/);
  });

  it('performed before any reminder: none', async () => {
    const { creator, id } = await requestBasic(10);
    await skip(2);
    expect((await perform(creator, id)).statusCode).toBe(200);
    expect(await finished(id)).toEqual({ status: 'COMPLETED' });
    expect(await reminders(id)).toEqual([]);
  });

  it('performed between reminders: only those before it', async () => {
    const { creator, id } = await requestBasic(10);
    await skip(8.5);
    expect((await perform(creator, id)).statusCode).toBe(200);
    expect(await finished(id)).toEqual({ status: 'COMPLETED' });
    expect(await reminders(id)).toEqual([sentAtItsTime('PERFORM', 3 * DAY)]);
    expect((await mission(id)).status).toBe('COMPLETED');
  });

  it('refused at once: none', async () => {
    const { creator, id } = await requestCustom();
    expect((await post(`/missions/${id}/refuse`, creator.headers, { feedback: 'Not my style' })).statusCode).toBe(200);
    expect(await finished(id)).toEqual({ status: 'REJECTED', reason: 'REFUSED' });
    expect(await reminders(id)).toEqual([]);
  });
});
