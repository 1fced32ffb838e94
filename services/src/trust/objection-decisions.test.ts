import { type Notification, notificationPath, type Page } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { createNotificationMailConsumer, notificationsConsumer } from '../notifications';

// A blocked member's objection decided by an operator (accepted: the block ends; rejected: it stays) is told to him in
// the app and by mail, with the operator's words: the objection page promised him the result, and a blocked member
// cannot log in to read it.
const clock = { now: new Date('2026-11-22T10:00:00Z') };
const mailing = useMailingTestApp(clock);
const app = () => mailing.current.app;
const DAY = 24 * 60 * 60 * 1000;

async function blockedWithObjection(language: 'ko' | 'en' | 'ja' = 'ko'): Promise<{ member: TestAccount; id: number }> {
  const member = await createAccount(app());
  await app()
    .db.updateTable('users')
    .set({ login_blocked_at: new Date(clock.now.getTime() - 2 * DAY), login_block_reason: '광고 댓글 반복', language })
    .where('id', '=', member.id)
    .execute();
  const filed = await app().inject({
    method: 'POST',
    url: '/api/v1/block-objections',
    payload: { email: member.email, password: member.password, reason: '제 계정이 도용되었습니다.' },
  });
  expect(filed.statusCode, filed.body).toBe(200);
  return { member, id: filed.json<{ id: number }>().id };
}

const decide = (operator: TestAccount, id: number, payload: object) =>
  app().inject({
    method: 'PUT',
    url: `/api/admin/block-objections/${id}`,
    headers: { ...operator.headers, 'accept-language': 'en' },
    payload,
  });

const deliver = () =>
  drainOutbox(app().db, {
    consumers: [
      notificationsConsumer,
      createNotificationMailConsumer({ mailer: app().ctx.mailer, publicUrl: mailing.current.config.PUBLIC_URL }),
    ],
  });

async function login(member: TestAccount) {
  return app().inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: member.email, password: member.password },
  });
}

async function noticesOf(token: string, language: string): Promise<Notification[]> {
  const response = await app().inject({
    method: 'GET',
    url: '/api/v1/users/me/notifications/page',
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Notification>>().content;
}

describe('a decided block objection is told to the member', () => {
  it('accepted: a mail with the operator’s words, and the notification waits for his next login', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const { member, id } = await blockedWithObjection('ko');
    const decided = await decide(operator, id, { status: 'ACCEPTED', decisionNote: '도용 확인되어 해제합니다.' });
    expect(decided.statusCode, decided.body).toBe(200);
    await deliver();

    const mail = await mailing.current.smtp.awaitMail(member.email);
    expect(mail.text).toContain('이의 신청이 받아들여져 계정 이용 제한이 해제되었습니다');
    expect(mail.text).toContain('도용 확인되어 해제합니다.');
    expect(mail.text).toContain(`${mailing.current.config.PUBLIC_URL}/login`);

    const loggedIn = await login(member);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    // The session token comes in the Authorization header.
    const token = String(loggedIn.headers.authorization).replace(/^Bearer /, '');
    const notices = await noticesOf(token, 'ko');
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'BLOCK_OBJECTION_ACCEPTED',
        read: false,
        content:
          '이의 신청이 받아들여져 계정 이용 제한이 해제되었습니다. 다시 로그인할 수 있습니다. 운영자 의견: 「도용 확인되어 해제합니다.」',
      }),
    ]);
    expect((await noticesOf(token, 'en'))[0]!.content).toBe(
      'Your objection was accepted and the block on your account was lifted: you can log in again. The operator says: “도용 확인되어 해제합니다.”',
    );
    expect((await noticesOf(token, 'ja'))[0]!.content).toBe(
      '異議申し立てが認められ、アカウントの利用制限が解除されました。再びログインできます。 運営者のコメント：「도용 확인되어 해제합니다.」',
    );
    expect(notificationPath({ kind: 'BLOCK_OBJECTION_ACCEPTED', missionId: null })).toBe('/login');
  });

  it('rejected: the block stays, and the mail (in his language) gives the operator’s reason', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const { member, id } = await blockedWithObjection('en');
    // Mails of account notices turned off: the answer to his own objection is mailed all the same.
    await app()
      .db.insertInto('notification_preferences')
      .values({
        user_id: member.id,
        topic: 'ACCOUNT_NOTICES',
        push: false,
        mail: false,
        alimtalk: null,
        updated_at: clock.now,
      })
      .execute();
    const decided = await decide(operator, id, {
      status: 'REJECTED',
      decisionNote: 'The ads were posted from your IP.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await deliver();

    const mail = await mailing.current.smtp.awaitMail(member.email);
    expect(mail.text).toContain('We reviewed your objection: the block on your account stays.');
    expect(mail.text).toContain('The ads were posted from your IP.');
    expect(mail.text).toContain(`${mailing.current.config.PUBLIC_URL}/block-objection`);
    expect((await login(member)).statusCode).toBe(403);
    const rows = await app()
      .db.selectFrom('notifications')
      .select(['kind', 'params'])
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toEqual([
      {
        kind: 'BLOCK_OBJECTION_REJECTED',
        params: expect.objectContaining({ message: 'The ads were posted from your IP.' }),
      },
    ]);
  });

  it('an unblock from the member page that settles his objection tells him too', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const { member } = await blockedWithObjection('ko');
    const unblocked = await app().inject({
      method: 'PUT',
      url: `/api/admin/users/${member.id}`,
      headers: operator.headers,
      payload: { loginBlocked: false },
    });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    await deliver();
    const mail = await mailing.current.smtp.awaitMail(member.email);
    expect(mail.text).toContain('계정 이용 제한이 해제되었습니다');
  });
});
