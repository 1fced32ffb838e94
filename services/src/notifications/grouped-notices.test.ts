// Comment and reply notices in the app are grouped ("3 new replies") in the page and in the header's count, and limited
// per sender and per recipient within an hour (services/src/notifications/write.ts, docs/rules/notifications.md).
import type { Notification, Page, UnreadNotifications } from '@fanmission/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { domainEvent, recordEvents } from '../outbox';
import { createNotify, type NotificationDraft } from './write';

const testApp = useTestApp();
const app = () => testApp.current.app;
let creatorId: number;
let replier: TestAccount;
let otherReplier: TestAccount;
let commentCounter = 5000;

beforeAll(async () => {
  const creator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'], username: 'group-creator' });
  creatorId = (
    await app().db.selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
  ).id;
  replier = await createAccount(app(), { username: 'replier-one' });
  otherReplier = await createAccount(app(), { username: 'replier-two' });
});

/** `author` replies to a comment of `reader` on `missionId`: one COMMENT_REPLIED notice, written by the outbox. */
async function replyTo(reader: TestAccount, author: TestAccount, missionId: number, excerpt = 'hello'): Promise<void> {
  commentCounter += 1;
  await recordEvents(app().db, [
    domainEvent(
      'mission.commented',
      {
        missionId,
        creatorId,
        userId: reader.id,
        commentId: commentCounter,
        authorId: author.id,
        parentCommentId: 1,
        parentAuthorId: reader.id,
        excerpt,
      },
      new Date(),
    ),
  ]);
  await drainOutbox(app().db);
}

const get = (account: TestAccount, url: string, language = 'en') =>
  app().inject({ method: 'GET', url, headers: { ...account.headers, 'accept-language': language } });
const page = async (account: TestAccount, language = 'en') =>
  (await get(account, '/api/v1/users/me/notifications/page', language)).json<Page<Notification>>().content;
const unread = async (account: TestAccount) =>
  (await get(account, '/api/v1/users/me/notifications/unread')).json<UnreadNotifications>();

describe('comment and reply notices grouped in the app', () => {
  it('shows three replies about one mission as one row, counted once, in each language', async () => {
    const reader = await createAccount(app(), { username: 'grouped-reader' });
    await replyTo(reader, replier, 71, 'first');
    const first = await unread(reader);
    expect(first.count).toBe(1);
    await replyTo(reader, otherReplier, 71, 'second');
    await replyTo(reader, replier, 71, 'third');
    const rows = await page(reader);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'COMMENT_REPLIED',
      count: 3,
      content: '3 new replies to your comments.',
      mission: { id: 71 },
      read: false,
    });
    expect((await page(reader, 'ko'))[0]!.content).toBe('내 댓글에 새 답글 3개가 달렸습니다.');
    expect((await page(reader, 'ja'))[0]!.content).toBe('あなたのコメントに新しい返信が3件あります。');
    // The header counts the group once; the row is the newest (a live page is sent it again, as new).
    const after = await unread(reader);
    expect(after).toMatchObject({ count: 1, more: false });
    expect(after.newestId).toBe(rows[0]!.id);
    expect(after.newestId).toBeGreaterThan(first.newestId);
    expect(
      await app().db.selectFrom('notifications').select('id').where('user_id', '=', reader.id).execute(),
    ).toHaveLength(1);
  });

  it('starts a new row once the group was seen, and keeps missions apart', async () => {
    const reader = await createAccount(app(), { username: 'seen-reader' });
    await replyTo(reader, replier, 72, 'one');
    await replyTo(reader, replier, 72, 'two');
    const shown = await unread(reader);
    const seen = await app().inject({
      method: 'POST',
      url: '/api/v1/users/me/notifications/seen',
      headers: reader.headers,
      payload: { upTo: shown.newestId },
    });
    expect(seen.statusCode).toBe(200);
    await replyTo(reader, otherReplier, 72, 'after seen');
    await replyTo(reader, otherReplier, 73, 'elsewhere');
    const rows = await page(reader);
    expect(rows.map((row) => [row.mission?.id, row.count ?? 1])).toEqual([
      [73, 1],
      [72, 1],
      [72, 2],
    ]);
    expect(rows[2]!.content).toBe('2 new replies to your comments.');
    expect((await unread(reader)).count).toBe(2);
  });

  it('starts a new row once the group was opened (read)', async () => {
    const reader = await createAccount(app(), { username: 'read-reader' });
    await replyTo(reader, replier, 74);
    const [row] = await page(reader);
    const read = await app().inject({
      method: 'POST',
      url: `/api/v1/users/me/notifications/${row!.id}/read`,
      headers: reader.headers,
    });
    expect(read.statusCode).toBeLessThan(300);
    await replyTo(reader, replier, 74);
    expect((await page(reader)).map((one) => [one.count ?? 1, one.read])).toEqual([
      [1, false],
      [1, true],
    ]);
  });

  it('does not write a notice again when its event is applied again', async () => {
    const reader = await createAccount(app(), { username: 'replay-reader' });
    await replyTo(reader, replier, 75);
    await replyTo(reader, replier, 75);
    await app().db.deleteFrom('event_consumer_checkpoints').execute();
    await app().db.deleteFrom('event_consumer_processed').execute();
    await drainOutbox(app().db);
    expect((await page(reader)).map((row) => row.count)).toEqual([2]);
  });
});

describe('the hourly limits of member notices in the app', () => {
  const draft = (reader: TestAccount, author: TestAccount, missionId: number): NotificationDraft => ({
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    kind: 'COMMENT_REPLIED',
    recipient: { userId: reader.id, name: 'reader' },
    actor: { userId: author.id, name: 'author' },
    missionId,
    missionCommentId: 1,
    params: { excerpt: 'limited' },
  });

  it('past the recipient’s limit, a notice about another mission joins his newest one, about no one mission', async () => {
    const reader = await createAccount(app(), { username: 'limit-reader' });
    const write = createNotify({ perRecipientPerHour: 2, perSenderPerHour: 100 });
    await write(app().db, draft(reader, replier, 81));
    await write(app().db, draft(reader, replier, 82));
    await write(app().db, draft(reader, otherReplier, 83));
    await write(app().db, draft(reader, otherReplier, 84));
    const rows = await page(reader);
    expect(rows.map((row) => [row.mission?.id ?? null, row.count ?? 1])).toEqual([
      [null, 3],
      [81, 1],
    ]);
    expect(rows[0]!.content).toBe('3 new replies to your comments.');
    expect((await unread(reader)).count).toBe(2);
  });

  it('past the sender’s limit, a recipient with no notice of the hour gets none', async () => {
    const sender = await createAccount(app(), { username: 'limit-sender' });
    const readers = [
      await createAccount(app(), { username: 'sender-reader-1' }),
      await createAccount(app(), { username: 'sender-reader-2' }),
      await createAccount(app(), { username: 'sender-reader-3' }),
    ];
    const write = createNotify({ perRecipientPerHour: 100, perSenderPerHour: 2 });
    for (const reader of readers) await write(app().db, draft(reader, sender, 91));
    expect(await Promise.all(readers.map(async (reader) => (await page(reader)).length))).toEqual([1, 1, 0]);
  });
});
