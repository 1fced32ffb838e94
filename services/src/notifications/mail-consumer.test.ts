// Every notification by mail where the member's mail choice of the topic is on (the default): the creator a new
// request, the fan the acceptance, the completion and the refusal, lottery draws, comments (a hidden one not quoted),
// money in his wallet, each in the recipient's language, linking to the page the notification opens.
import type { Language } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { walletAccount } from '@fanmission/ledger';
import { domainEvent, recordEvents } from '../outbox';
import { createNotificationMailConsumer, sendHeldNoticeMails } from './index';

const clock = { now: new Date('2026-11-27T01:30:00Z') };
const mailing = useMailingTestApp(clock);
const app = () => mailing.current.app;

let fan: TestAccount;
let creator: TestAccount;
let creatorId: number;

async function account(language: Language, roles?: ('ROLE_USER' | 'ROLE_CREATOR')[]): Promise<TestAccount> {
  const created = await createAccount(app(), { ...(roles && { roles }), username: `m${language}${Date.now() % 1e6}` });
  await app().db.updateTable('users').set({ language }).where('id', '=', created.id).execute();
  return created;
}

beforeAll(async () => {
  fan = await account('en');
  creator = await account('ko', ['ROLE_USER', 'ROLE_CREATOR']);
  creatorId = (
    await app().db.selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
  ).id;
});

const sendMails = () =>
  drainOutbox(app().db, {
    consumers: [
      createNotificationMailConsumer({ mailer: app().ctx.mailer, publicUrl: mailing.current.config.PUBLIC_URL }),
    ],
  });
const mailsTo = (email: string) => mailing.current.smtp.mails().filter((mail) => mail.to.includes(email.toLowerCase()));

describe('notifications by mail', () => {
  it('tells the creator of a request and the fan of its outcome, each in his language, with the mission link', async () => {
    const parties = { missionId: 71, creatorId, userId: fan.id };
    await recordEvents(app().db, [
      domainEvent(
        'mission.requested',
        { ...parties, productId: 3, productType: 'BASIC', productName: 'Birthday song', coinPrice: 30, status: 'X' },
        clock.now,
      ),
      domainEvent(
        'mission.accepted',
        { ...parties, productName: 'Birthday song', performDueAt: clock.now.toISOString(), feedback: 'Soon!' },
        clock.now,
      ),
      domainEvent(
        'mission.rejected',
        { ...parties, missionId: 72, productName: 'Dance', reason: 'REFUSED', feedback: null, refundedCoins: 50 },
        clock.now,
      ),
    ]);
    await sendMails();

    const [request] = mailsTo(creator.email);
    expect(request!.subject).toBe('[Fanmission] 새 미션 신청');
    expect(request!.text).toContain('「Birthday song」 미션을 신청했습니다.');
    expect(request!.text).toContain(`${mailing.current.config.PUBLIC_URL}/mission-detail/71`);
    // Known by its event and recipient: sent again, it is the same mail.
    expect(request!.messageId).toMatch(new RegExp(`^<notification\\.[0-9a-f-]{36}\\.${creator.id}@[^>]+>$`));

    const toFan = mailsTo(fan.email);
    expect(toFan.map((mail) => mail.subject).sort()).toEqual([
      '[Fanmission] Mission accepted',
      '[Fanmission] Mission ended, coins refunded',
    ]);
    const accepted = toFan.find((mail) => mail.subject.endsWith('accepted'))!;
    expect(accepted.text).toContain('accepted your mission “Birthday song”.');
    expect(accepted.text).toContain('“Soon!”');
    const refused = toFan.find((mail) => mail.subject.endsWith('refunded'))!;
    expect(refused.text).toContain('50 coins');
    expect(refused.text).toContain(`${mailing.current.config.PUBLIC_URL}/mission-detail/72`);
  });

  it('sends nothing where the member turned the topic’s mail off; the push choice does not matter', async () => {
    const other = await account('ja');
    const turnedOff = await app().inject({
      method: 'PUT',
      url: '/api/v1/users/me/notification-preferences',
      headers: other.headers,
      payload: {
        topics: [
          { topic: 'MISSION_COMPLETED', mail: false },
          { topic: 'MISSION_ACCEPTED', push: false },
        ],
      },
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    const parties = { missionId: 81, creatorId, userId: other.id };
    await recordEvents(app().db, [
      domainEvent(
        'mission.completed',
        {
          ...parties,
          productName: 'Song',
          productType: 'BASIC',
          coins: 30,
          completedAt: clock.now.toISOString(),
          onTime: true,
        },
        clock.now,
      ),
      domainEvent(
        'mission.accepted',
        { ...parties, productName: 'Song', performDueAt: clock.now.toISOString() },
        clock.now,
      ),
    ]);
    await sendMails();
    const mails = mailsTo(other.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['[Fanmission] ミッション承諾']);
  });

  it('reminds the creator of a deadline by mail, with the time left and the deadline in Korea time', async () => {
    await recordEvents(app().db, [
      domainEvent(
        'mission.deadline-approaching',
        {
          missionId: 91,
          creatorId,
          userId: fan.id,
          productName: 'Birthday song',
          deadline: 'PERFORM',
          dueAt: '2026-11-29T03:00:00.000Z',
          beforeMs: 2 * 3_600_000,
        },
        clock.now,
      ),
    ]);
    await sendMails();
    const reminder = mailsTo(creator.email).find((mail) => mail.text.includes('2시간'));
    expect(reminder?.text).toContain(
      '「Birthday song」 미션을 수행할 기한이 2시간 남았습니다(2026.11.29 12:00 KST까지)',
    );
    expect(reminder?.text).toContain(`${mailing.current.config.PUBLIC_URL}/mission-detail/91`);
  });

  it('mails draws, comments and money too: a comment gone is not quoted, money opens the coin history', async () => {
    const member = await account('ko');
    // The mission's creator comments under his creator name, not his member nickname.
    await app().db.updateTable('creators').set({ name: '게임왕 메일' }).where('id', '=', creatorId).execute();
    const parties = { missionId: 101, creatorId, userId: member.id };
    await recordEvents(app().db, [
      domainEvent(
        'event.drawn',
        {
          ...parties,
          productId: 9,
          title: 'Signed polaroids',
          won: true,
          automatic: false,
          prizeDueAt: clock.now.toISOString(),
        },
        clock.now,
      ),
      // A comment by the creator on the member's mission, gone (hidden or deleted) before its mail went.
      domainEvent(
        'mission.commented',
        {
          ...parties,
          commentId: 987_654,
          authorId: creator.id,
          parentCommentId: null,
          parentAuthorId: null,
          excerpt: 'words nobody may read now',
        },
        clock.now,
      ),
      domainEvent(
        'ledger.transaction.appended',
        {
          transactionId: 5_001,
          transactionType: 'PURCHASE',
          idempotencyKey: `deposit-${member.id}`,
          occurredAt: clock.now.toISOString(),
          postings: [
            { account: walletAccount(member.id), amount: 100 },
            { account: 'platform:cash', amount: -100 },
          ],
          metadata: { userId: member.id, payMethod: 'withoutbankbook', amount: 10_000 },
        },
        clock.now,
      ),
    ]);
    await sendMails();
    const mails = mailsTo(member.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      '[Fanmission] 결제 및 정산',
      '[Fanmission] 새 댓글',
      '[Fanmission] 이벤트 추첨',
    ]);
    const comment = mails.find((mail) => mail.subject.includes('댓글'))!;
    expect(comment.text).not.toContain('words nobody may read now');
    expect(comment.text).toContain('게임왕 메일님이 미션에 댓글을 남겼습니다.');
    const { username } = await app()
      .db.selectFrom('users')
      .select('username')
      .where('id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(comment.text).not.toContain(username);
    expect(comment.text).toContain(`${mailing.current.config.PUBLIC_URL}/mission-detail/101`);
    const money = mails.find((mail) => mail.subject.includes('결제'))!;
    expect(money.text).toContain('100코인');
    expect(money.text).toContain(`${mailing.current.config.PUBLIC_URL}/coin-history`);
    expect(money.text).toContain('자세히 보기');
  });

  it('mails no reply notice to an address nobody confirmed; once confirmed, it does', async () => {
    const unverified = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'], username: `uv${Date.now() % 1e6}` });
    const replier = await account('ko');
    const reply = (commentId: number) =>
      domainEvent(
        'mission.commented',
        {
          missionId: 111,
          creatorId,
          userId: fan.id,
          commentId,
          authorId: replier.id,
          parentCommentId: 1,
          parentAuthorId: unverified.id,
          excerpt: 'reply',
        },
        clock.now,
      );
    await recordEvents(app().db, [reply(990_001), reply(990_002), reply(990_003)]);
    await sendMails();
    expect(mailsTo(unverified.email)).toEqual([]);

    await app()
      .db.updateTable('users')
      .set({ email_verified_at: clock.now, roles: ['ROLE_USER'] })
      .where('id', '=', unverified.id)
      .execute();
    // An hour on: the three withheld ones counted for the hourly limit of reply mails to him.
    await recordEvents(app().db, [{ ...reply(990_004), occurredAt: new Date(clock.now.getTime() + 3_600_000) }]);
    await sendMails();
    expect(mailsTo(unverified.email).map((mail) => mail.subject)).toEqual(['[Fanmission] 새 댓글']);
  });
});

describe('mails of comment and reply notices', () => {
  const limited = (limits: { perRecipientPerHour: number; perSenderPerHour: number }) =>
    drainOutbox(app().db, {
      consumers: [
        createNotificationMailConsumer({
          mailer: app().ctx.mailer,
          publicUrl: mailing.current.config.PUBLIC_URL,
          noticeMailLimits: limits,
        }),
      ],
    });
  const replyTo = (recipientId: number, senderId: number, commentId: number, at: Date) =>
    domainEvent(
      'mission.commented',
      {
        missionId: 121,
        creatorId,
        userId: fan.id,
        commentId,
        authorId: senderId,
        parentCommentId: 1,
        parentAuthorId: recipientId,
        excerpt: `Open http://evil.example/${commentId}`,
      },
      at,
    );

  it('mails a flood of replies from one sender once, then the rest as one grouped mail', async () => {
    const target = await account('en');
    const flooder = await account('ko');
    const second = new Date('2026-11-27T02:00:00Z');
    await recordEvents(
      app().db,
      Array.from({ length: 8 }, (_, index) => replyTo(target.id, flooder.id, 991_000 + index, second)),
    );
    await limited({ perRecipientPerHour: 1, perSenderPerHour: 10 });
    const first = mailsTo(target.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('[Fanmission] New comment');

    await recordEvents(app().db, [
      replyTo(target.id, flooder.id, 991_100, new Date(second.getTime() + 3_600_000 + 1_000)),
    ]);
    await limited({ perRecipientPerHour: 1, perSenderPerHour: 10 });
    const mails = mailsTo(target.email);
    expect(mails).toHaveLength(2);
    const grouped = mails.find((mail) => mail.text.includes('8 new replies to your comments.'));
    expect(grouped?.subject).toBe('[Fanmission] New comment');
    // The grouped mail quotes nobody.
    expect(grouped?.text).not.toContain('evil.example');
  });

  it('mails the notices held back as one grouped mail once the recipient is under his limit, with no new notice', async () => {
    const target = await account('ja');
    const flooder = await account('ko');
    const at = new Date('2026-11-27T07:00:00Z');
    await recordEvents(
      app().db,
      Array.from({ length: 5 }, (_, index) => replyTo(target.id, flooder.id, 993_000 + index, at)),
    );
    const limits = { perRecipientPerHour: 1, perSenderPerHour: 10 };
    await limited(limits);
    expect(mailsTo(target.email)).toHaveLength(1);
    const digest = (now: Date) =>
      sendHeldNoticeMails(
        {
          db: app().db,
          mailer: app().ctx.mailer,
          publicUrl: mailing.current.config.PUBLIC_URL,
          noticeMailLimits: limits,
        },
        now,
      );
    // Within the hour he is at his limit: still held.
    await digest(new Date(at.getTime() + 30 * 60_000));
    expect(mailsTo(target.email)).toHaveLength(1);
    // An hour on, with no new reply: the four held ones in one mail, in his language, quoting nobody.
    await digest(new Date(at.getTime() + 3_600_000 + 1_000));
    const mails = mailsTo(target.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('あなたのコメントに新しい返信が4件あります。');
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(mails[1]!.text).not.toContain('evil.example');
    // Told once.
    await digest(new Date(at.getTime() + 3 * 3_600_000));
    expect(mailsTo(target.email)).toHaveLength(2);
  });

  it('mails at most the limit of notices one sender causes within an hour, whoever gets them', async () => {
    const sender = await account('ko');
    const recipients = await Promise.all(
      ['en', 'ko', 'ja', 'en', 'ko'].map((language) => account(language as Language)),
    );
    const at = new Date('2026-11-27T05:00:00Z');
    await recordEvents(
      app().db,
      recipients.map((recipient, index) => replyTo(recipient.id, sender.id, 992_000 + index, at)),
    );
    await limited({ perRecipientPerHour: 10, perSenderPerHour: 3 });
    const mailed = recipients.filter((recipient) => mailsTo(recipient.email).length > 0);
    expect(mailed).toHaveLength(3);
  });
});

describe('one-click unsubscribe of notification mails', () => {
  it('gives each notice mail List-Unsubscribe with one-click POST, which turns that topic’s mail off', async () => {
    const member = await account('ko');
    const replier = await account('en');
    const reply = (commentId: number, at: Date) =>
      domainEvent(
        'mission.commented',
        {
          missionId: 131,
          creatorId,
          userId: fan.id,
          commentId,
          authorId: replier.id,
          parentCommentId: 1,
          parentAuthorId: member.id,
          excerpt: 'hi',
        },
        at,
      );
    await recordEvents(app().db, [reply(993_001, new Date('2026-11-27T08:00:00Z'))]);
    await sendMails();
    const [mail] = mailsTo(member.email);
    const link = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(mail!.raw)?.[1];
    expect(link).toMatch(
      new RegExp(`^${mailing.current.config.PUBLIC_URL}/api/v1/notification-mail/unsubscribe\\?token=`),
    );
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    const url = new URL(link!);
    const unsubscribed = await app().inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json()).toEqual({ topic: 'COMMENTS' });

    await recordEvents(app().db, [reply(993_002, new Date('2026-11-27T10:00:00Z'))]);
    await sendMails();
    expect(mailsTo(member.email)).toHaveLength(1);
  });

  it('a GET of the link (a mail scanner, a click) unsubscribes nobody: it asks, in his language, with a POST button', async () => {
    const member = await account('ja');
    const replier = await account('en');
    await recordEvents(app().db, [
      domainEvent(
        'mission.commented',
        {
          missionId: 132,
          creatorId,
          userId: fan.id,
          commentId: 993_101,
          authorId: replier.id,
          parentCommentId: 1,
          parentAuthorId: member.id,
          excerpt: 'hi',
        },
        new Date('2026-11-27T08:00:00Z'),
      ),
    ]);
    await sendMails();
    const link = new URL(/^List-Unsubscribe:\s*<([^>]+)>/im.exec(mailsTo(member.email)[0]!.raw)![1]!);
    const path = `${link.pathname}${link.search}`;
    const mailOff = async () =>
      (
        await app()
          .db.selectFrom('notification_preferences')
          .select('mail')
          .where('user_id', '=', member.id)
          .where('topic', '=', 'COMMENTS')
          .executeTakeFirst()
      )?.mail === false;

    for (let visit = 0; visit < 2; visit += 1) {
      const page = await app().inject({ method: 'GET', url: path, headers: { 'accept-language': 'en' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
      // The member's language, not the scanner's.
      expect(page.body).toContain('<html lang="ja">');
      expect(page.body).toMatch(/<form method="post" action="[^"]*token=/);
      expect(page.body).toMatch(/<button type="submit"[^>]*>[^<]*配信停止/);
      expect(await mailOff()).toBe(false);
    }

    // The button: a form POST from the page, answered with a page.
    const done = await app().inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.body).toContain('<html lang="ja">');
    expect(await mailOff()).toBe(true);

    const unknown = await app().inject({
      method: 'GET',
      url: `/api/v1/notification-mail/unsubscribe?token=${'B'.repeat(43)}`,
      headers: { 'accept-language': 'ko' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('<html lang="ko">');
  });

  it('answers 404 to an unknown token and 400 to a malformed one, in ko, en and ja', async () => {
    const unknown = await app().inject({
      method: 'POST',
      url: `/api/v1/notification-mail/unsubscribe?token=${'A'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const messages = new Set<string>();
    for (const language of ['ko', 'en', 'ja'] as const) {
      const malformed = await app().inject({
        method: 'POST',
        url: '/api/v1/notification-mail/unsubscribe?token=short',
        headers: { 'accept-language': language },
      });
      expect(malformed.statusCode).toBe(400);
      const [subError] = malformed.json<{ subErrors: { field: string; message: string }[] }>().subErrors;
      expect(subError?.field).toBe('token');
      messages.add(subError!.message);
    }
    expect(messages.size).toBe(3);
  });
});
