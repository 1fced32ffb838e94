import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import type { MissionProduct } from '@fanmission/contracts';
import { sendReviewReminders } from './reminders';

/*
 * The day-after reminder to review: a mission answered a day ago and not reviewed reminds its requester once, in his
 * notifications (in the caller's language through the notifications API); not before the day, not when reviewed,
 * refunded or long past, never twice.
 */

const testApp = useTestApp();
const app = () => testApp.current.app;
const HOUR = 3_600_000;

let creator: TestCreator;
let fan: TestAccount;
let product: MissionProduct;

beforeAll(async () => {
  creator = await createCreator(app(), { username: 'reminded', name: 'Remind Star' });
  fan = await createAccount(app(), { username: 'forgetful' });
  product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100, name: 'Cheer song' });
});

const reminders = async (missionIds: number[]) =>
  await app()
    .db.selectFrom('notifications')
    .select(['mission_id', 'kind', 'user_id'])
    .where('kind', '=', 'MISSION_REVIEW_REMINDER')
    .where('mission_id', 'in', missionIds)
    .execute();

describe('the review reminder', () => {
  it('reminds the requester once a day after the answer, unless reviewed, refunded, too recent or long past', async () => {
    const now = new Date();
    const answered = (hoursAgo: number, values: Record<string, unknown> = {}) =>
      insertMission(app(), product, {
        user_id: fan.id,
        status: 'COMPLETED',
        completed_at: new Date(now.getTime() - hoursAgo * HOUR),
        ...values,
      });
    const due = await answered(25);
    const recent = await answered(23);
    const old = await answered(24 * 5);
    const refunded = await answered(25, { refunded_coins: 100 });
    const reviewed = await answered(26);
    const write = await app().inject({
      method: 'POST',
      url: `/api/v1/missions/${reviewed.id}/review`,
      headers: fan.headers,
      payload: { rating: 5 },
    });
    expect(write.statusCode, write.body).toBe(200);
    const ids = [due.id, recent.id, old.id, refunded.id, reviewed.id];

    expect(await sendReviewReminders(app().ctx, now)).toBeGreaterThanOrEqual(1);
    // Again (as a second API process would): nothing more.
    await Promise.all([sendReviewReminders(app().ctx, now), sendReviewReminders(app().ctx, now)]);
    await drainOutbox(app().db);
    expect(await reminders(ids)).toEqual([{ mission_id: due.id, kind: 'MISSION_REVIEW_REMINDER', user_id: fan.id }]);

    const listed = await app().inject({
      method: 'GET',
      url: '/api/v1/users/me/notifications/page',
      headers: { ...fan.headers, 'accept-language': 'ko' },
    });
    expect(listed.body).toContain('「Cheer song」 답변은 어떠셨나요? Remind Star님께 별점과 후기를 남겨 주세요.');
  });
});
