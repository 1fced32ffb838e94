import type { z } from 'zod';
import type { notificationPageSchema } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { domainEvent, recordEvents } from '../outbox';
import { drainOutbox } from '@fanmission/tests/support/outbox';

type NotificationPage = z.infer<typeof notificationPageSchema>;

const testApp = useTestApp();
const app = () => testApp.current.app;
let fan: TestAccount;
let creator: TestAccount;
let stranger: TestAccount;
let creatorId: number;

const at = (minute: number) => new Date(Date.UTC(2026, 2, 5, 3, minute));

beforeAll(async () => {
  fan = await createAccount(app(), { username: 'fanny' });
  creator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'], username: 'starlet' });
  stranger = await createAccount(app());
  creatorId = (
    await app().db.selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
  ).id;
  // Both parties have a profile picture (with a still), the thumbnail of the other's notifications.
  for (const account of [fan, creator]) {
    const file = await app()
      .db.insertInto('files')
      .values({
        owner_user_id: account.id,
        storage_key: `profile/${account.id}.png`,
        filename: 'me.png',
        content_type: 'image/png',
        kind: 'image',
        size_bytes: 10,
        thumbnail_key: `profile/${account.id}.thumb.webp`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app().db.updateTable('users').set({ image_file_id: file.id }).where('id', '=', account.id).execute();
  }

  const parties = { missionId: 41, creatorId, userId: fan.id };
  const rejected = (
    missionId: number,
    reason: 'REFUSED' | 'DECISION_EXPIRED' | 'PERFORM_EXPIRED' | 'CANCELED',
    minute: number,
  ) =>
    domainEvent(
      'mission.rejected',
      { ...parties, missionId, productName: 'Birthday song', reason, feedback: null, refundedCoins: 30 },
      at(minute),
    );
  await recordEvents(app().db, [
    domainEvent(
      'mission.requested',
      {
        ...parties,
        productId: 3,
        productType: 'BASIC',
        productName: 'Birthday song',
        coinPrice: 30,
        status: 'ACCEPTED',
      },
      at(0),
    ),
    domainEvent(
      'mission.accepted',
      { ...parties, productName: 'Birthday song', performDueAt: at(10).toISOString() },
      at(1),
    ),
    domainEvent(
      'mission.completed',
      {
        ...parties,
        productName: 'Birthday song',
        productType: 'BASIC',
        coins: 30,
        completedAt: at(2).toISOString(),
        onTime: true,
      },
      at(2),
    ),
    rejected(42, 'REFUSED', 3),
    rejected(43, 'DECISION_EXPIRED', 4),
    rejected(44, 'PERFORM_EXPIRED', 5),
    rejected(45, 'CANCELED', 6),
    // events notifications do not care about
    domainEvent('mission.liked', parties, at(7)),
    domainEvent('creator.followed', { creatorId, userId: fan.id }, at(8)),
  ]);
  await drainOutbox(app().db);
});

async function page(account: TestAccount | null, query = '', language = 'en') {
  return app().inject({
    method: 'GET',
    url: `/api/v1/users/me/notifications/page${query}`,
    headers: { ...(account && account.headers), 'accept-language': language },
  });
}

describe('GET /users/me/notifications/page', () => {
  it('gives the fan every mission update, newest first, with the creator’s picture and the mission link', async () => {
    const response = await page(fan);
    expect(response.statusCode).toBe(200);
    const body = response.json<NotificationPage>();
    expect(body).toMatchObject({ totalElements: 6, totalPages: 1, number: 0, size: 12, last: true });
    expect(body.content.map((n) => [n.kind, n.mission?.id])).toEqual([
      ['MISSION_CANCELED', 45],
      ['MISSION_PERFORM_EXPIRED', 44],
      ['MISSION_DECISION_EXPIRED', 43],
      ['MISSION_REFUSED', 42],
      ['MISSION_COMPLETED', 41],
      ['MISSION_ACCEPTED', 41],
    ]);
    const refused = body.content[3]!;
    expect(refused.content).toBe('starlet refused your mission “Birthday song”. 30 coins were refunded.');
    expect(refused.created).toBe(at(3).toISOString());
    expect(refused.missionComment).toBeNull();
    expect(refused.thumbnail).toMatch(new RegExp(`profile/${creator.id}\\.thumb\\.webp$`));
    expect(refused.image).toMatchObject({ contentType: 'image/png' });
    expect(refused.image?.s3Url).toMatch(new RegExp(`profile/${creator.id}\\.png$`));
  });

  it('tells the creator about a request, with the fan’s picture', async () => {
    const body = (await page(creator)).json<NotificationPage>();
    expect(body.totalElements).toBe(1);
    expect(body.content[0]).toMatchObject({
      kind: 'MISSION_REQUESTED',
      content: 'fanny requested your mission “Birthday song”.',
      mission: { id: 41 },
    });
    expect(body.content[0]!.thumbnail).toMatch(new RegExp(`profile/${fan.id}\\.thumb\\.webp$`));
  });

  it('writes the text in the reader’s language (ko by default, jp is ja)', async () => {
    const ko = (await page(fan, '', '')).json<NotificationPage>();
    expect(ko.content[5]!.content).toBe('starlet님이 「Birthday song」 미션을 수락했습니다.');
    const ja = (await page(fan, '', 'jp')).json<NotificationPage>();
    expect(ja.content[5]!.content).toBe('starletさんが「Birthday song」ミッションを承諾しました。');
  });

  it('quotes the creator’s message with an acceptance and his reason with a refusal, in the reader’s language', async () => {
    const other = await createAccount(app(), { username: 'quoted' });
    const parties = { missionId: 51, creatorId, userId: other.id };
    await recordEvents(app().db, [
      domainEvent(
        'mission.accepted',
        { ...parties, productName: 'Song', performDueAt: at(20).toISOString(), feedback: 'See you soon!' },
        at(11),
      ),
      domainEvent(
        'mission.rejected',
        {
          ...parties,
          missionId: 52,
          productName: 'Song',
          reason: 'REFUSED',
          feedback: 'Fully booked this week.',
          refundedCoins: 30,
        },
        at(12),
      ),
    ]);
    await drainOutbox(app().db);
    const en = (await page(other)).json<NotificationPage>().content.map((n) => n.content);
    expect(en).toEqual([
      'starlet refused your mission “Song”. 30 coins were refunded. Reason: “Fully booked this week.”',
      'starlet accepted your mission “Song”. The creator says: “See you soon!”',
    ]);
    const ko = (await page(other, '', 'ko')).json<NotificationPage>().content.map((n) => n.content);
    expect(ko).toEqual([
      'starlet님이 「Song」 미션을 거절했습니다. 30코인이 환불되었습니다. 거절 사유: 「Fully booked this week.」',
      'starlet님이 「Song」 미션을 수락했습니다. 크리에이터의 메시지: 「See you soon!」',
    ]);
  });

  it('pages by size and page', async () => {
    const second = (await page(fan, '?size=4&page=1')).json<NotificationPage>();
    expect(second).toMatchObject({ totalElements: 6, totalPages: 2, number: 1, size: 4, last: true });
    expect(second.content.map((n) => n.kind)).toEqual(['MISSION_COMPLETED', 'MISSION_ACCEPTED']);
  });

  it('shows nobody else’s notifications, and an empty page to a member without any', async () => {
    const body = (await page(stranger)).json<NotificationPage>();
    expect(body).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('does not repeat a notification when events are applied again', async () => {
    await app().db.deleteFrom('event_consumer_checkpoints').execute();
    await app().db.deleteFrom('event_consumer_processed').execute();
    await drainOutbox(app().db);
    expect((await page(fan)).json<NotificationPage>().totalElements).toBe(6);
  });

  it('refuses a caller who is not logged in (401)', async () => {
    const response = await page(null);
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['size=0', 'size'],
    ['size=1000', 'size'],
    ['size=abc', 'size'],
    ['page=-1', 'page'],
    ['page=x', 'page'],
  ])('refuses %s (400 naming the field)', async (query, field) => {
    const response = await page(fan, `?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ subErrors: { field: string }[] }>().subErrors.map((e) => e.field)).toContain(field);
  });
});
