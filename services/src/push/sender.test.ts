import type { Language, PushPayload } from '@fanmission/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { processCounterValue } from '@fanmission/tests/support/metrics';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import {
  decryptPush,
  startLocalPushService,
  type BrowserSubscription,
  type LocalPushService,
} from '@fanmission/tests/support/push-service';
import { notificationsConsumer, noticeText } from '../notifications';
import { claimDueDelivery, PUSH_LEASE_MS } from './sender';
import { domainEvent, recordEvents } from '../outbox';
import { drainPushDeliveries, enqueuePushDeliveries, PUSH_MAX_ATTEMPTS, pushTopicOf, startPushSender } from './index';

const testApp = useTestApp();
const app = () => testApp.current.app;
let pushService: LocalPushService;
let creator: TestAccount;
let creatorId: number;
let missionId = 100;

beforeAll(async () => {
  pushService = await startLocalPushService();
  creator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'], username: 'starlet' });
  creatorId = (
    await app().db.selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => pushService.close());
beforeEach(() => {
  pushService.received.length = 0;
  pushService.onRequest(undefined);
});

const sender = (now?: () => Date) => ({
  ctx: { ...app().ctx, ...(now && { now }) },
  noticeText,
});

async function member(language: Language, username?: string): Promise<TestAccount> {
  const account = await createAccount(app(), { ...(username && { username }) });
  await app().db.updateTable('users').set({ language }).where('id', '=', account.id).execute();
  return account;
}

async function subscribe(account: TestAccount): Promise<BrowserSubscription> {
  const browser = pushService.subscribe();
  const response = await app().inject({
    method: 'PUT',
    url: '/api/v1/users/me/push-subscriptions',
    headers: account.headers,
    payload: { endpoint: browser.endpoint, keys: browser.keys, expirationTime: null },
  });
  expect(response.statusCode).toBe(204);
  return browser;
}

/** A mission of the fan with the creator: requested (to the creator) and accepted (to the fan), now. */
async function requestAndAccept(fan: TestAccount, product = 'Birthday song'): Promise<number> {
  missionId += 1;
  const parties = { missionId, creatorId, userId: fan.id };
  const now = new Date();
  await recordEvents(app().db, [
    domainEvent(
      'mission.requested',
      { ...parties, productId: 3, productType: 'BASIC', productName: product, coinPrice: 30, status: 'ACCEPTED' },
      now,
    ),
    domainEvent(
      'mission.accepted',
      { ...parties, productName: product, performDueAt: new Date(now.getTime() + 86_400_000).toISOString() },
      now,
    ),
  ]);
  await drainOutbox(app().db, { consumers: [notificationsConsumer] });
  return missionId;
}

const pushesTo = (browser: BrowserSubscription) =>
  pushService.received.filter((push) => push.path === new URL(browser.endpoint).pathname);
const payloadOf = (browser: BrowserSubscription, index = 0) =>
  JSON.parse(decryptPush(pushesTo(browser)[index]!.body, browser)) as PushPayload;

async function deliveryStates(browser: BrowserSubscription) {
  return app()
    .db.selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.status', 'd.attempts', 'd.due_at', 'd.last_error'])
    .where('s.endpoint', '=', browser.endpoint)
    .execute();
}

describe('push messages of notifications', () => {
  it('sends each notification once to every browser of its recipient, in his language, with the page it opens', async () => {
    const fan = await member('en', 'fanny');
    const laptop = await subscribe(fan);
    const phone = await subscribe(fan);
    const creatorsBrowser = await subscribe(creator);
    const mission = await requestAndAccept(fan);
    expect(await drainPushDeliveries(sender())).toBe(3);

    for (const browser of [laptop, phone]) {
      expect(pushesTo(browser)).toHaveLength(1);
      expect(payloadOf(browser)).toEqual({
        kind: 'MISSION_ACCEPTED',
        title: 'Mission accepted',
        body: 'starlet accepted your mission “Birthday song”.',
        url: `http://localhost:8080/mission-detail/${mission}`,
        tag: expect.stringMatching(/^notification-\d+$/),
      });
    }
    // The creator's language is the default, Korean.
    expect(payloadOf(creatorsBrowser)).toMatchObject({
      kind: 'MISSION_REQUESTED',
      title: '새 미션 신청',
      body: 'fanny님이 「Birthday song」 미션을 신청했습니다.',
      url: `http://localhost:8080/mission-detail/${mission}`,
    });
    const notificationId = Number(payloadOf(laptop).tag.replace('notification-', ''));
    const headers = pushesTo(laptop)[0]!.headers;
    expect(headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'normal',
      topic: pushTopicOf(notificationId),
    });
    expect(headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${testApp.current.config.WEB_PUSH_VAPID_PUBLIC_KEY}$`),
    );
    expect(await deliveryStates(laptop)).toEqual([expect.objectContaining({ status: 'SENT', attempts: 1 })]);
  });

  it('links expiring coins to the coins page, with low urgency', async () => {
    const fan = await member('ko');
    const browser = await subscribe(fan);
    // As services/src/coins/expiry-warnings.ts writes the warning: the notification and its messages together.
    await app()
      .db.transaction()
      .execute(async (trx) => {
        const notification = await trx
          .insertInto('notifications')
          .values({
            user_id: fan.id,
            kind: 'COINS_EXPIRING',
            mission_id: null,
            mission_comment_id: null,
            actor_user_id: null,
            params: JSON.stringify({ coins: 120, days: 7, date: '2026-12-04' }),
            event_id: crypto.randomUUID(),
            created_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await enqueuePushDeliveries(trx, { id: notification.id, userId: fan.id, kind: 'COINS_EXPIRING' });
      });
    await drainPushDeliveries(sender());
    expect(pushesTo(browser)[0]!.headers.urgency).toBe('low');
    expect(payloadOf(browser)).toMatchObject({
      kind: 'COINS_EXPIRING',
      title: '코인 소멸 예정',
      url: 'http://localhost:8080/my-coins',
    });
    expect(payloadOf(browser).body).toContain('120');
  });

  it('writes a Japanese member’s message in Japanese', async () => {
    const fan = await member('ja', 'hanako');
    const browser = await subscribe(fan);
    await requestAndAccept(fan, 'Song');
    await drainPushDeliveries(sender());
    expect(payloadOf(browser)).toMatchObject({
      kind: 'MISSION_ACCEPTED',
      title: 'ミッション承諾',
      body: 'starletさんが「Song」ミッションを承諾しました。',
    });
  });

  it('says how many replies a grouped notice stands for when its push goes out after it was grouped', async () => {
    const reader = await member('en', 'grouped-push-reader');
    const phone = await subscribe(reader);
    const repliers = [await member('ko', 'replier-a'), await member('ko', 'replier-b')];
    for (const [index, author] of [...repliers, repliers[0]!].entries()) {
      await recordEvents(app().db, [
        domainEvent(
          'mission.commented',
          {
            missionId: 171,
            creatorId,
            userId: reader.id,
            commentId: 9_000 + index,
            authorId: author.id,
            parentCommentId: 1,
            parentAuthorId: reader.id,
            excerpt: `reply ${index}`,
          },
          new Date(),
        ),
      ]);
    }
    await drainOutbox(app().db, { consumers: [notificationsConsumer] });
    // The three replies are one row in the app; its push message, carried over, is sent once, about all three.
    expect(await drainPushDeliveries(sender())).toBe(1);
    expect(payloadOf(phone)).toMatchObject({ kind: 'COMMENT_REPLIED', body: '3 new replies to your comments.' });
  });

  it('sends nothing again when events are applied again', async () => {
    const fan = await member('en');
    const browser = await subscribe(fan);
    await requestAndAccept(fan);
    await drainPushDeliveries(sender());
    expect(pushesTo(browser)).toHaveLength(1);
    await app().db.deleteFrom('event_consumer_checkpoints').execute();
    await app().db.deleteFrom('event_consumer_processed').execute();
    await drainOutbox(app().db, { consumers: [notificationsConsumer] });
    await drainPushDeliveries(sender());
    expect(pushesTo(browser)).toHaveLength(1);
  });

  it('forgets a browser whose push service answers 410 or 404, and sends it nothing more', async () => {
    for (const status of [410, 404]) {
      const fan = await member('en');
      const browser = await subscribe(fan);
      pushService.answer(browser.endpoint, status);
      await requestAndAccept(fan);
      await drainPushDeliveries(sender());
      expect(pushesTo(browser)).toHaveLength(1);
      const left = await app()
        .db.selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', browser.endpoint)
        .execute();
      expect(left, String(status)).toEqual([]);
      await requestAndAccept(fan);
      await drainPushDeliveries(sender());
      expect(pushesTo(browser)).toHaveLength(1);
    }
  });

  it('tries again after a 500 (once the back-off is over), and gives up after the last attempt', async () => {
    const fan = await member('en');
    const browser = await subscribe(fan);
    pushService.answer(browser.endpoint, 500);
    const counted = (outcome: string) => processCounterValue('fanmission_push_messages_total', { outcome });
    const [retriedBefore, failedBefore] = [await counted('retried'), await counted('failed')];
    await requestAndAccept(fan);
    await drainPushDeliveries(sender());
    expect(await deliveryStates(browser)).toEqual([
      expect.objectContaining({ status: 'PENDING', attempts: 1, last_error: 'the push service answered 500' }),
    ]);
    // Not before its back-off is over.
    expect(await drainPushDeliveries(sender())).toBe(0);
    const later = () => new Date(Date.now() + 60_000);
    await drainPushDeliveries(sender(later));
    expect(pushesTo(browser).map((push) => push.status)).toEqual([500, 201]);
    expect(payloadOf(browser, 1).kind).toBe('MISSION_ACCEPTED');
    expect(await deliveryStates(browser)).toEqual([expect.objectContaining({ status: 'SENT', attempts: 2 })]);

    const unlucky = await member('en');
    const failing = await subscribe(unlucky);
    pushService.answer(failing.endpoint, 503, PUSH_MAX_ATTEMPTS + 1);
    await requestAndAccept(unlucky);
    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt += 1) {
      const at = new Date(Date.now() + attempt * 3 * 60 * 60_000);
      await drainPushDeliveries(sender(() => at));
    }
    expect(pushesTo(failing)).toHaveLength(PUSH_MAX_ATTEMPTS);
    expect(await deliveryStates(failing)).toEqual([
      expect.objectContaining({ status: 'FAILED', attempts: PUSH_MAX_ATTEMPTS }),
    ]);
    expect(await counted('retried')).toBe(retriedBefore + 1 + PUSH_MAX_ATTEMPTS - 1);
    expect(await counted('failed')).toBe(failedBefore + 1);
  });

  it('drops a message not sent within a day of being written, and forgets a browser whose keys encrypt nothing', async () => {
    const fan = await member('en');
    const browser = await subscribe(fan);
    await requestAndAccept(fan);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60_000);
    await drainPushDeliveries(sender(() => tomorrow));
    expect(pushesTo(browser)).toHaveLength(0);
    expect(await deliveryStates(browser)).toEqual([
      expect.objectContaining({ status: 'FAILED', last_error: 'not sent within the time to live' }),
    ]);

    // A key the registration would refuse now (not a P-256 point), stored before.
    await app()
      .db.updateTable('push_subscriptions')
      .set({ p256dh: 'x'.repeat(87) })
      .where('endpoint', '=', browser.endpoint)
      .execute();
    await requestAndAccept(fan);
    await drainPushDeliveries(sender());
    expect(pushesTo(browser)).toHaveLength(0);
    expect(await deliveryStates(browser)).toEqual([]);
  });

  it('never follows a redirect: the message fails and nothing else is asked', async () => {
    const fan = await member('en');
    const browser = await subscribe(fan);
    pushService.answer(browser.endpoint, 307);
    await requestAndAccept(fan);
    await drainPushDeliveries(sender());
    expect(pushService.received.filter((push) => push.path.startsWith('/redirected'))).toEqual([]);
    expect(pushesTo(browser)).toHaveLength(1);
    expect(await deliveryStates(browser)).toEqual([
      expect.objectContaining({ status: 'FAILED', attempts: 1, last_error: 'the push service answered 307' }),
    ]);
  });

  it('sends nothing of a topic the member switched off, and still shows the notification in the app', async () => {
    const fan = await member('en');
    const browser = await subscribe(fan);
    const response = await app().inject({
      method: 'PUT',
      url: '/api/v1/users/me/notification-preferences',
      headers: fan.headers,
      payload: { topics: [{ topic: 'MISSION_ACCEPTED', push: false }] },
    });
    expect(response.statusCode).toBe(200);
    await requestAndAccept(fan);
    await drainPushDeliveries(sender());
    expect(pushesTo(browser)).toHaveLength(0);
    expect(await deliveryStates(browser)).toEqual([]);
    const written = await app().db.selectFrom('notifications').select('kind').where('user_id', '=', fan.id).execute();
    expect(written).toEqual([{ kind: 'MISSION_ACCEPTED' }]);
  });

  it('sends nothing meant for a member to a browser that moved to another member before it went out', async () => {
    const first = await member('en');
    const second = await member('en');
    const browser = await subscribe(first);
    await requestAndAccept(first);
    const response = await app().inject({
      method: 'PUT',
      url: '/api/v1/users/me/push-subscriptions',
      headers: second.headers,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(response.statusCode).toBe(204);
    await drainPushDeliveries(sender());
    expect(pushesTo(browser)).toHaveLength(0);
  });

  it('sends one push per notification when the sender is stopped mid-batch and started again', async () => {
    // Only the fans' browsers, so that every message counted is one of theirs.
    await app().db.deleteFrom('push_subscriptions').where('user_id', '=', creator.id).execute();
    const fans = await Promise.all(Array.from({ length: 6 }, () => member('en')));
    const browsers = await Promise.all(fans.map((fan) => subscribe(fan)));
    for (const fan of fans) await requestAndAccept(fan);
    let stopping: Promise<void> | undefined;
    let running = startPushSender({ ...sender(), concurrency: 2, pollMs: 60_000 });
    pushService.onRequest(() => {
      // The first message is on its way: stop while it (and whatever else was claimed) is being sent.
      stopping ??= running.stop();
    });
    await expect.poll(() => stopping !== undefined, { timeout: 10_000 }).toBe(true);
    await stopping;
    pushService.onRequest(undefined);
    const beforeRestart = pushService.received.length;
    expect(beforeRestart).toBeGreaterThan(0);
    expect(beforeRestart).toBeLessThan(browsers.length);
    running = startPushSender({ ...sender(), pollMs: 60_000 });
    await expect.poll(() => pushService.received.length, { timeout: 10_000 }).toBe(browsers.length);
    await running.stop();
    for (const browser of browsers) {
      expect(pushesTo(browser)).toHaveLength(1);
      expect(payloadOf(browser).kind).toBe('MISSION_ACCEPTED');
    }
  });

  it('leaves the message of a sender that died holding it until its claim lapses, then sends it once', async () => {
    await app().db.deleteFrom('push_subscriptions').where('user_id', '=', creator.id).execute();
    const fan = await member('en');
    const browser = await subscribe(fan);
    await requestAndAccept(fan);
    // A process claims the message and dies before it marks it (whether or not the push service took it).
    const claimed = await claimDueDelivery(app().db, new Date());
    expect(claimed).toBeDefined();
    expect(await drainPushDeliveries(sender())).toBe(0);
    const lapsed = new Date(Date.now() + PUSH_LEASE_MS + 1_000);
    expect(await drainPushDeliveries(sender(() => lapsed))).toBe(1);
    expect(pushesTo(browser)).toHaveLength(1);
    // Sent again after a death that followed the push service's answer, it would collapse into the first.
    expect(payloadOf(browser).tag).toBe(`notification-${claimed!.notification_id}`);
    expect(pushesTo(browser)[0]!.headers.topic).toBe(pushTopicOf(claimed!.notification_id));
    expect(await deliveryStates(browser)).toEqual([expect.objectContaining({ status: 'SENT', attempts: 2 })]);
  });
});
