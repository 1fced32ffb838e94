import type { Notification, Page, UnreadNotifications } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { GENEROUS_RATE_LIMITS, useTestApp } from '@fanmission/tests/harness/app';
import { EventStreamReader } from '@fanmission/tests/support/event-stream';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { buildApp } from '../app';
import { newSecretToken } from '../auth';
import { createDb } from '../db';
import { createDevMailbox } from '../mail';
import { domainEvent, recordEvents } from '../outbox';
import { EVENT_CONSUMERS } from '../runtime';
import { createProduct, insertMission } from '@fanmission/tests/support/missions';

const testApp = useTestApp();
const app = () => testApp.current.app;
let creatorId: number;
let creatorAccount: TestAccount;
let missionCounter = 1000;

/** A second API process on the same database, as two processes behind one load balancer. */
let secondApp: FastifyInstance;
const urls: Record<'first' | 'second', string> = { first: '', second: '' };

beforeAll(async () => {
  creatorAccount = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'], username: 'live-creator' });
  creatorId = (
    await app()
      .db.selectFrom('creators')
      .select('id')
      .where('user_id', '=', creatorAccount.id)
      .executeTakeFirstOrThrow()
  ).id;
  const { config, database } = testApp.current;
  secondApp = await buildApp({
    logger: false,
    rateLimits: GENEROUS_RATE_LIMITS,
    eventConsumers: EVENT_CONSUMERS,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    config,
    db: createDb(database.url, { max: 4 }),
  });
  urls.first = await app().listen({ host: '127.0.0.1', port: 0 });
  urls.second = await secondApp.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await secondApp?.close();
  await secondApp?.db.destroy();
});

/** The creator accepts one more of the fan's missions: one notification to the fan, written by the outbox. */
async function acceptedFor(fan: TestAccount, productName = 'Song'): Promise<void> {
  missionCounter += 1;
  await recordEvents(app().db, [
    domainEvent(
      'mission.accepted',
      {
        missionId: missionCounter,
        creatorId,
        userId: fan.id,
        productName,
        performDueAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      new Date(),
    ),
  ]);
  await drainOutbox(app().db);
}

const get = (account: TestAccount | null, url: string, language = 'en') =>
  app().inject({ method: 'GET', url, headers: { ...account?.headers, 'accept-language': language } });
const post = (account: TestAccount | null, url: string, payload?: Record<string, unknown>) =>
  app().inject({ method: 'POST', url, headers: { ...account?.headers }, ...(payload !== undefined && { payload }) });
const unread = async (account: TestAccount) =>
  (await get(account, '/api/v1/users/me/notifications/unread')).json<UnreadNotifications>();
const page = async (account: TestAccount) =>
  (await get(account, '/api/v1/users/me/notifications/page')).json<Page<Notification>>();

describe('the unread count and the read state', () => {
  it('counts what the page has not shown, drops to none once seen, and rises with the next one', async () => {
    const fan = await createAccount(app());
    expect(await unread(fan)).toEqual({ count: 0, more: false, newestId: 0 });
    await acceptedFor(fan);
    await acceptedFor(fan);
    const before = await unread(fan);
    expect(before).toMatchObject({ count: 2, more: false });
    const shown = await page(fan);
    expect(shown.content.map((row) => row.read)).toEqual([false, false]);
    expect(before.newestId).toBe(Math.max(...shown.content.map((row) => row.id)));

    const seen = await post(fan, '/api/v1/users/me/notifications/seen', { upTo: before.newestId });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ count: 0, more: false, newestId: before.newestId });
    // Seen is not read: the rows stay unread until opened.
    expect((await page(fan)).content.map((row) => row.read)).toEqual([false, false]);

    await acceptedFor(fan);
    expect(await unread(fan)).toMatchObject({ count: 1 });
  });

  it('never moves a mark back nor past the newest notification (a made-up id marks what exists)', async () => {
    const fan = await createAccount(app());
    await acceptedFor(fan);
    const { newestId } = await unread(fan);
    await post(fan, '/api/v1/users/me/notifications/seen', { upTo: newestId + 1_000_000 });
    await acceptedFor(fan);
    expect(await unread(fan)).toMatchObject({ count: 1 });
    await post(fan, '/api/v1/users/me/notifications/seen', { upTo: 1 });
    expect(await unread(fan)).toMatchObject({ count: 1 });
  });

  it('marks one notification read when opened, and every one up to the newest shown with "mark all as read"', async () => {
    const fan = await createAccount(app());
    for (let i = 0; i < 3; i += 1) await acceptedFor(fan);
    const [newest, middle] = (await page(fan)).content;
    expect((await post(fan, `/api/v1/users/me/notifications/${middle!.id}/read`)).statusCode).toBe(204);
    // Again is the same.
    expect((await post(fan, `/api/v1/users/me/notifications/${middle!.id}/read`)).statusCode).toBe(204);
    expect((await page(fan)).content.map((row) => row.read)).toEqual([false, true, false]);

    const all = await post(fan, '/api/v1/users/me/notifications/read-all', { upTo: newest!.id });
    expect(all.json()).toMatchObject({ count: 0 });
    await acceptedFor(fan);
    expect((await page(fan)).content.map((row) => row.read)).toEqual([false, true, true, true]);
  });

  it('counts up to 100 and says there are more', async () => {
    const fan = await createAccount(app());
    await app()
      .db.insertInto('notifications')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          user_id: fan.id,
          kind: 'COINS_EXPIRING' as const,
          mission_id: null,
          mission_comment_id: null,
          actor_user_id: null,
          params: JSON.stringify({ coins: 10 }),
          event_id: crypto.randomUUID(),
          created_at: new Date(Date.now() - i * 1000),
        })),
      )
      .execute();
    expect(await unread(fan)).toMatchObject({ count: 100, more: true });
  });

  it('answers 404 for another member’s notification, as for one that does not exist', async () => {
    const fan = await createAccount(app());
    const other = await createAccount(app());
    await acceptedFor(fan);
    const id = (await page(fan)).content[0]!.id;
    expect((await post(other, `/api/v1/users/me/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await post(other, `/api/v1/users/me/notifications/999999999/read`)).statusCode).toBe(404);
    expect((await page(fan)).content[0]!.read).toBe(false);
  });

  it.each([
    ['/api/v1/users/me/notifications/seen', { upTo: -1 }, 'upTo'],
    ['/api/v1/users/me/notifications/seen', { upTo: 'x' }, 'upTo'],
    ['/api/v1/users/me/notifications/read-all', {}, 'upTo'],
    ['/api/v1/users/me/notifications/abc/read', undefined, 'id'],
    ['/api/v1/users/me/notifications/0/read', undefined, 'id'],
  ] as const)('refuses %s with %j (400 naming the field, in the caller’s language)', async (url, payload, field) => {
    const fan = await createAccount(app());
    const response = await app().inject({
      method: 'POST',
      url,
      headers: { ...fan.headers, 'accept-language': 'ja' },
      ...(payload !== undefined && { payload }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ subErrors: { field: string; message: string }[] }>();
    expect(body.subErrors.map((error) => error.field)).toContain(field);
  });

  it('refuses a caller who is not logged in (401) on every route', async () => {
    for (const url of ['/api/v1/users/me/notifications/unread', '/api/v1/users/me/notifications/stream']) {
      expect((await get(null, url)).statusCode).toBe(401);
    }
    for (const url of ['/api/v1/users/me/notifications/seen', '/api/v1/users/me/notifications/1/read']) {
      expect((await post(null, url, { upTo: 1 })).statusCode).toBe(401);
    }
  });
});

describe('a comment hidden since it was notified', () => {
  it('is no longer quoted: who commented stays, what he wrote goes', async () => {
    const fan = await createAccount(app(), { username: 'quoted-fan' });
    const commenter = await createAccount(app(), { username: 'rude' });
    const productId = await createProduct(app().db, creatorId, 'BASIC', { coinPrice: 10 });
    const mission = await insertMission(
      app(),
      { id: productId, type: 'BASIC', coinPrice: 10, minimumCost: null, creator: { id: creatorId } },
      { user_id: fan.id, status: 'COMPLETED' },
    );
    const comment = await app()
      .db.insertInto('mission_comments')
      .values({ mission_id: mission.id, user_id: commenter.id, content: 'something nasty' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordEvents(app().db, [
      domainEvent(
        'mission.commented',
        {
          missionId: mission.id,
          creatorId,
          userId: fan.id,
          commentId: comment.id,
          authorId: commenter.id,
          parentCommentId: null,
          parentAuthorId: null,
          excerpt: 'something nasty',
        },
        new Date(),
      ),
    ]);
    await drainOutbox(app().db);
    expect((await page(fan)).content[0]?.content).toBe('rude commented on the mission: something nasty');

    await app().db.updateTable('mission_comments').set({ moderation: 'HIDDEN' }).where('id', '=', comment.id).execute();
    const [hidden] = (await page(fan)).content;
    expect(hidden?.content).toBe('rude commented on the mission. (The comment was hidden under the operating policy.)');
    expect(hidden?.content).not.toContain('nasty');
  });
});

describe('the live stream', () => {
  const open = (base: string, fan: TestAccount, headers: Record<string, string> = {}, query = '?language=ko') =>
    EventStreamReader.open(`${base}/api/v1/users/me/notifications/stream${query}`, {
      authorization: fan.headers.authorization,
      accept: 'text/event-stream',
      ...headers,
    });
  const unreadIn = (reader: EventStreamReader, count: number, from = 0) =>
    reader.next(
      (event) => event.event === 'unread' && (JSON.parse(event.data) as UnreadNotifications).count === count,
      {
        from,
      },
    );

  it('tells both of a fan’s pages, on two API processes, of a new notification and of the page marked seen', async () => {
    const fan = await createAccount(app());
    await acceptedFor(fan);
    const onFirst = await open(urls.first, fan);
    const onSecond = await open(urls.second, fan);
    try {
      expect(onFirst.status).toBe(200);
      expect(onFirst.contentType).toMatch(/^text\/event-stream/);
      await unreadIn(onFirst, 1);
      await unreadIn(onSecond, 1);

      await acceptedFor(fan, '생일 축하 노래');
      for (const reader of [onFirst, onSecond]) {
        const event = await reader.next((each) => each.event === 'notification');
        const notification = JSON.parse(event.data) as Notification;
        expect(notification).toMatchObject({ kind: 'MISSION_ACCEPTED', read: false });
        expect(notification.content).toBe('live-creator님이 「생일 축하 노래」 미션을 수락했습니다.');
        expect(event.id).toBe(String(notification.id));
        await unreadIn(reader, 2);
      }

      const { newestId } = await unread(fan);
      const from = onSecond.events.length;
      await post(fan, '/api/v1/users/me/notifications/seen', { upTo: newestId });
      await unreadIn(onSecond, 0, from);
      await unreadIn(onFirst, 0);
      // One notification, once on each page.
      expect(onFirst.dataOf<Notification>('notification')).toHaveLength(1);
      expect(onSecond.dataOf<Notification>('notification')).toHaveLength(1);
    } finally {
      onFirst.close();
      onSecond.close();
    }
  });

  it('resumes after a reconnect with what was missed, nothing twice', async () => {
    const fan = await createAccount(app());
    await acceptedFor(fan, 'first');
    const first = await open(urls.first, fan, {}, '?language=en');
    const lastEventId = (await unreadIn(first, 1)).id!;
    first.close();

    await acceptedFor(fan, 'second');
    await acceptedFor(fan, 'third');
    const again = await open(urls.second, fan, { 'last-event-id': lastEventId }, '?language=en');
    try {
      await unreadIn(again, 3);
      expect(again.dataOf<Notification>('notification').map((n) => n.content)).toEqual([
        'live-creator accepted your mission “second”.',
        'live-creator accepted your mission “third”.',
      ]);
    } finally {
      again.close();
    }
  });

  it('answers a client that does not ask for a stream with the count and ends the answer', async () => {
    const fan = await createAccount(app());
    await acceptedFor(fan, 'missed');
    const { newestId } = await unread(fan);
    const now = await get(fan, '/api/v1/users/me/notifications/stream');
    expect(now.statusCode).toBe(200);
    expect(now.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(now.body).toBe(
      `retry: 3000\n\nevent: unread\nid: ${newestId}\ndata: ${JSON.stringify({ count: 1, more: false, newestId })}\n\n`,
    );
    const resumed = await app().inject({
      method: 'GET',
      url: '/api/v1/users/me/notifications/stream?language=en',
      headers: { ...fan.headers, 'last-event-id': String(newestId - 1) },
    });
    expect(resumed.body).toContain('event: notification\nid: ' + newestId);
    expect(resumed.body).toContain('live-creator accepted your mission “missed”.');
  });

  it('tells nobody else', async () => {
    const fan = await createAccount(app());
    const other = await createAccount(app());
    const reader = await open(urls.first, other);
    try {
      await unreadIn(reader, 0);
      await acceptedFor(fan);
      await acceptedFor(other);
      await unreadIn(reader, 1);
      expect(reader.dataOf<Notification>('notification')).toHaveLength(1);
    } finally {
      reader.close();
    }
  });
});

describe('a live stream is bound to its session', () => {
  const openStream = (base: string, authorization: string, language = 'en') =>
    EventStreamReader.open(`${base}/api/v1/users/me/notifications/stream?language=en`, {
      authorization,
      accept: 'text/event-stream',
      'accept-language': language,
    });
  const firstCount = (reader: EventStreamReader) => reader.next((event) => event.event === 'unread');

  /** Opens a stream of a fresh fan, ends his session with `end`, and checks the stream ended and told nothing more. */
  async function endsWith(end: (fan: TestAccount) => Promise<void>): Promise<void> {
    const fan = await createAccount(app());
    const reader = await openStream(urls.second, fan.headers.authorization);
    try {
      expect(reader.status).toBe(200);
      await firstCount(reader);
      const started = Date.now();
      await end(fan);
      // Written right after the session ended: never delivered on the stream of that session.
      await acceptedFor(fan, 'after the end');
      await reader.end();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(reader.dataOf<Notification>('notification')).toEqual([]);
      expect(reader.dataOf<{ reason: string }>('end')).toEqual([{ reason: 'SESSION_ENDED' }]);
    } finally {
      reader.close();
    }
  }

  it('ends at logout, and a notification written after it never arrives', async () => {
    await endsWith(async (fan) => {
      const out = await post(fan, '/api/logout');
      expect(out.statusCode).toBe(204);
    });
  });

  it('ends at a password reset', async () => {
    await endsWith(async (fan) => {
      const { token, hash } = newSecretToken();
      await app()
        .db.insertInto('password_resets')
        .values({ user_id: fan.id, code_hash: hash, expires_at: new Date(Date.now() + 600_000) })
        .execute();
      const reset = await app().inject({
        method: 'PUT',
        url: `/api/v1/users/user/forgot-password-reset?code=${encodeURIComponent(token)}`,
        payload: { password: 'newpass456' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });
  });

  it('ends when an operator blocks the member’s login', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    await endsWith(async (fan) => {
      const blocked = await app().inject({
        method: 'PUT',
        url: `/api/admin/users/${fan.id}`,
        headers: operator.headers,
        payload: { loginBlocked: true, loginBlockReason: 'spam' },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
    });
  });

  it('ends when its token expires', async () => {
    const fan = await createAccount(app());
    const shortLived = app().jwt.sign({ sub: String(fan.id), roles: ['ROLE_USER'], sv: 0 }, { expiresIn: '2s' });
    const reader = await openStream(urls.first, `Bearer ${shortLived}`);
    try {
      expect(reader.status).toBe(200);
      await firstCount(reader);
      await reader.end();
      expect(reader.dataOf<{ reason: string }>('end')).toEqual([{ reason: 'SESSION_ENDED' }]);
    } finally {
      reader.close();
    }
  });
});

describe('how many live streams, and what they cost', () => {
  /** A process of its own, whose statements are counted, so that no other test's streams count. */
  let counted: FastifyInstance;
  let base = '';
  const statements: string[] = [];
  beforeAll(async () => {
    const { config, database } = testApp.current;
    counted = await buildApp({
      logger: false,
      rateLimits: GENEROUS_RATE_LIMITS,
      eventConsumers: EVENT_CONSUMERS,
      mailer: createDevMailbox({ from: config.MAIL_FROM }),
      config,
      db: createDb(database.url, { max: 4, onQuery: (text) => statements.push(text) }),
    });
    base = await counted.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await counted?.close();
    await counted?.db.destroy();
  });

  const openStream = (fan: TestAccount, language = 'en') =>
    EventStreamReader.open(`${base}/api/v1/users/me/notifications/stream?language=en`, {
      authorization: fan.headers.authorization,
      accept: 'text/event-stream',
      'accept-language': language,
    });
  const openMany = async (fan: TestAccount, count: number) => {
    const readers: EventStreamReader[] = [];
    for (let i = 0; i < count; i += 1) readers.push(await openStream(fan));
    return readers;
  };

  it('reads the database as often for a change with five streams of a member as with one', async () => {
    const fan = await createAccount(app());
    /** The statements one new notification costs the counted process while `readers` are open. */
    const costOfOneChange = async (readers: EventStreamReader[], productName: string) => {
      for (const reader of readers) await reader.next((event) => event.event === 'unread');
      const from = readers.map((reader) => reader.events.length);
      statements.length = 0;
      await acceptedFor(fan, productName);
      for (const [i, reader] of readers.entries()) {
        await reader.next((event) => event.event === 'unread', { from: from[i] });
      }
      return statements.length;
    };
    const one = await openMany(fan, 1);
    let alone: number;
    try {
      alone = await costOfOneChange(one, 'one');
      expect(alone).toBeGreaterThan(0);
    } finally {
      for (const reader of one) reader.close();
    }
    await Promise.all(one.map((reader) => reader.end()));
    const five = await openMany(fan, 5);
    try {
      expect(five.map((reader) => reader.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await costOfOneChange(five, 'five')).toBe(alone);
      for (const reader of five) {
        expect(reader.dataOf<Notification>('notification').map((n) => n.content)).toEqual([
          'live-creator accepted your mission “five”.',
        ]);
      }
    } finally {
      for (const reader of five) reader.close();
    }
  });

  it.each([
    ['ko', '알림 스트림'],
    ['en', 'notification streams'],
    ['ja', '通知ストリーム'],
  ] as const)('refuses a member’s sixth stream with 429, told in %s', async (language, wording) => {
    const fan = await createAccount(app());
    const readers = await openMany(fan, 5);
    try {
      expect(readers.map((reader) => reader.status)).toEqual([200, 200, 200, 200, 200]);
      const response = await fetch(`${base}/api/v1/users/me/notifications/stream`, {
        headers: { ...fan.headers, accept: 'text/event-stream', 'accept-language': language },
      });
      expect(response.status).toBe(429);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe('TOO_MANY_STREAMS');
      expect(body.message).toContain(wording);
    } finally {
      for (const reader of readers) reader.close();
    }
    await Promise.all(readers.map((reader) => reader.end()));
  });

  it('refuses the 21st stream of one address, and takes streams again once some closed', async () => {
    const fans = await Promise.all([1, 2, 3, 4, 5].map(() => createAccount(app())));
    const readers: EventStreamReader[] = [];
    try {
      for (const fan of fans.slice(0, 4)) readers.push(...(await openMany(fan, 5)));
      expect(readers.every((reader) => reader.status === 200)).toBe(true);
      const past = await openStream(fans[4]!);
      expect(past.status).toBe(429);
      await past.end();
      const closed = readers.splice(0, 5);
      for (const reader of closed) reader.close();
      await Promise.all(closed.map((reader) => reader.end()));
      // The server frees a slot when it sees the connection go: wait for that state, not for a time.
      await vi.waitUntil(async () => {
        const again = await openStream(fans[4]!);
        readers.push(again);
        return again.status === 200;
      });
    } finally {
      for (const reader of readers) reader.close();
    }
  });
});
