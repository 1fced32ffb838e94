import {
  adminCommentEventSchema,
  COMMENT_EVENT_LIMITS,
  adminCommentDetailSchema,
  adminCommentSchema,
  bestCommentListSchema,
  commentPageSchema,
  commentSchema,
  type MissionComment,
  type MissionProduct,
} from '@fanmission/contracts';
import { balance, verify } from '@fanmission/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { walletAccount } from '@fanmission/ledger';
import type { MissionRow } from '../missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { commitmentOf, isWinningRoll, rollValue } from './coin-event';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => app().db;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, account?: TestAccount, payload?: unknown, language = 'en') {
  return app().inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: { 'accept-language': language, ...(account && account.headers) },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

async function post(mission: MissionRow, account: TestAccount, content: string, parentCommentId?: number) {
  const response = await call('POST', `/missions/${mission.id}/comments`, account, {
    content,
    ...(parentCommentId && { parentCommentId }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return commentSchema.parse(response.json());
}

async function pageOf(url: string, account?: TestAccount) {
  const response = await call('GET', url, account);
  expect(response.statusCode, response.body).toBe(200);
  return commentPageSchema.parse(response.json());
}

async function missionCommentsCount(missionId: number) {
  const row = await db()
    .selectFrom('missions')
    .select('comments_count')
    .where('id', '=', missionId)
    .executeTakeFirstOrThrow();
  return row.comments_count;
}

let creator: TestCreator;
/** The creator's name on his page, other than his member nickname. */
const creatorName = 'Starlight Official';
let fan: TestAccount;
let friend: TestAccount;
let stranger: TestAccount;
let operator: TestAccount;
let product: MissionProduct;
let mission: MissionRow;
let privateMission: MissionRow;

beforeAll(async () => {
  creator = await createCreator(app(), { username: 'starlight', name: creatorName });
  fan = await createAccount(app(), { username: 'fanone' });
  friend = await createAccount(app(), { username: 'friend' });
  stranger = await createAccount(app(), { username: 'stranger' });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100 });
  mission = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
  privateMission = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED', is_private: true });
});

describe('comments and replies', () => {
  let top: MissionComment;

  it('posts a trimmed comment, marks the creator’s reply, attaches a reply to a reply to its top-level comment', async () => {
    top = await post(mission, fan, '  What a great song!  ');
    expect(top).toMatchObject({
      content: 'What a great song!',
      parentCommentId: null,
      user: { id: fan.id, username: 'fanone' },
      creator: false,
      authorName: 'fanone',
      liked: false,
      likedCount: 0,
      childrenCount: 0,
      blocked: false,
      commentEventWin: false,
      winPoint: 0,
      edited: null,
    });
    const reply = await post(mission, creator, 'Thank you!', top.id);
    // The creator answers under his creator name, not his member nickname.
    expect(reply).toMatchObject({ parentCommentId: top.id, creator: true, authorName: creatorName });
    expect(reply.authorName).not.toBe(reply.user.username);
    const nested = await post(mission, friend, 'Agreed', reply.id);
    expect(nested.parentCommentId).toBe(top.id);
    expect(await missionCommentsCount(mission.id)).toBe(3);

    const second = await post(mission, friend, 'Second top-level');
    const topLevel = await pageOf(`/missions/${mission.id}/comments/page?parentOnly=true`);
    expect(topLevel.content.map((c) => c.id)).toEqual([second.id, top.id]);
    expect(topLevel.content[1]!.childrenCount).toBe(2);
    expect(topLevel.size).toBe(5);
    const replies = await pageOf(`/missions/${mission.id}/comments/page?parentCommentId=${top.id}`);
    expect(replies.content.map((c) => c.id)).toEqual([reply.id, nested.id]);

    // commentsCount on the mission itself is real.
    const read = await call('GET', `/missions/${mission.id}`);
    expect(read.json()).toMatchObject({ commentsCount: 4 });
  });

  it('pages five at a time, newest first', async () => {
    const other = await insertMission(app(), product, { user_id: friend.id, status: 'COMPLETED' });
    const posted = [];
    for (let i = 0; i < 7; i += 1) posted.push(await post(other, fan, `comment ${i}`));
    const first = await pageOf(`/missions/${other.id}/comments/page`);
    expect(first.content.map((c) => c.content)).toEqual([6, 5, 4, 3, 2].map((i) => `comment ${i}`));
    expect(first).toMatchObject({ totalElements: 7, totalPages: 2, last: false });
    const second = await pageOf(`/missions/${other.id}/comments/page?page=1`);
    expect(second.content.map((c) => c.content)).toEqual(['comment 1', 'comment 0']);
    expect(second.last).toBe(true);
  });

  it('validates content with the spec’s messages in each language', async () => {
    const cases: [unknown, string, string][] = [
      [{ content: '   ' }, 'en', 'Please enter a comment.'],
      [{ content: '', parentCommentId: top.id }, 'en', 'Please enter a reply.'],
      [{ content: 'x'.repeat(201) }, 'en', 'A comment can be at most 200 characters.'],
      [{ content: ' ' }, 'ko', '댓글을 입력해 주세요.'],
      [{ content: ' ' }, 'ja', 'コメントを入力してください。'],
      [{}, 'en', 'This field is required.'],
    ];
    for (const [payload, language, message] of cases) {
      const response = await call('POST', `/missions/${mission.id}/comments`, fan, payload, language);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const exact = await post(mission, fan, `  ${'가'.repeat(200)}  `);
    expect(exact.content).toHaveLength(200);
    await call('DELETE', `/missions/${mission.id}/comments/${exact.id}`, fan);
    const edit = await call('PUT', `/missions/${mission.id}/comments/${top.id}`, fan, { content: ' ' });
    expect(edit.statusCode).toBe(400);
    expect(JSON.stringify(edit.json())).toContain('Please enter the content.');
  });

  it('needs a login to write, and treats a mission the caller may not see as absent', async () => {
    expect((await call('POST', `/missions/${mission.id}/comments`, undefined, { content: 'hi' })).statusCode).toBe(401);
    const own = await post(privateMission, fan, 'private note');
    expect((await call('GET', `/missions/${privateMission.id}/comments/page`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/missions/${privateMission.id}/comments/page`)).statusCode).toBe(404);
    expect(
      (await call('POST', `/missions/${privateMission.id}/comments`, stranger, { content: 'peek' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/mission-comments/${own.id}/likes`, stranger)).statusCode).toBe(404);
    expect((await pageOf(`/missions/${privateMission.id}/comments/page`, creator)).totalElements).toBe(1);
    expect((await call('GET', `/missions/999999/comments/page`)).statusCode).toBe(404);
    // A comment of another mission is not found under this one.
    expect((await call('PUT', `/missions/${mission.id}/comments/${own.id}`, fan, { content: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('lets the author edit (marked edited) and delete; others get 403; operators may delete', async () => {
    const mine = await post(mission, friend, 'typo hree');
    expect((await call('PUT', `/missions/${mission.id}/comments/${mine.id}`, fan, { content: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/missions/${mission.id}/comments/${mine.id}`, operator, { content: 'x' })).statusCode,
    ).toBe(403);
    const edited = await call('PUT', `/missions/${mission.id}/comments/${mine.id}`, friend, { content: 'typo here' });
    expect(edited.statusCode).toBe(200);
    expect(commentSchema.parse(edited.json())).toMatchObject({ content: 'typo here', edited: expect.any(String) });

    expect((await call('DELETE', `/missions/${mission.id}/comments/${mine.id}`, fan)).statusCode).toBe(403);
    const before = await missionCommentsCount(mission.id);
    expect((await call('DELETE', `/missions/${mission.id}/comments/${mine.id}`, friend)).statusCode).toBe(200);
    expect(await missionCommentsCount(mission.id)).toBe(before - 1);
    const byOperator = await post(mission, friend, 'rude');
    expect((await call('DELETE', `/missions/${mission.id}/comments/${byOperator.id}`, operator)).statusCode).toBe(200);
    expect((await call('DELETE', `/missions/${mission.id}/comments/${byOperator.id}`, friend)).statusCode).toBe(404);
  });

  it('refuses to delete a comment with replies (409 Can’t Remove Comment)', async () => {
    const response = await call('DELETE', `/missions/${mission.id}/comments/${top.id}`, fan, undefined, 'ko');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: "Can't Remove Comment" });
  });
});

describe('reports', () => {
  it('blocks for the reporter at once, hides for everybody at 5 reports, refuses one’s own, can be taken back', async () => {
    const target = await post(mission, fan, 'controversial');
    const own = await call('POST', `/missions/${mission.id}/comments/${target.id}/blocks`, fan);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: 'You cannot report your own comment.' });
    expect((await call('POST', `/missions/${mission.id}/comments/${target.id}/blocks`)).statusCode).toBe(401);

    const reported = await call('POST', `/missions/${mission.id}/comments/${target.id}/blocks`, friend);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(commentSchema.parse(reported.json()).blocked).toBe(true);
    const seenByFriend = await pageOf(`/missions/${mission.id}/comments/page`, friend);
    expect(seenByFriend.content.find((c) => c.id === target.id)?.blocked).toBe(true);
    const seenByStranger = await pageOf(`/missions/${mission.id}/comments/page`, stranger);
    expect(seenByStranger.content.find((c) => c.id === target.id)?.blocked).toBe(false);
    // Reporting again changes nothing; cancelling unblocks.
    await call('POST', `/missions/${mission.id}/comments/${target.id}/blocks`, friend);
    const cancelled = await call('DELETE', `/missions/${mission.id}/comments/${target.id}/blocks`, friend);
    expect(commentSchema.parse(cancelled.json()).blocked).toBe(false);

    const before = await missionCommentsCount(mission.id);
    const reporters = await Promise.all([1, 2, 3, 4, 5].map(() => createAccount(app())));
    await Promise.all(
      reporters.map((reporter) => call('POST', `/missions/${mission.id}/comments/${target.id}/blocks`, reporter)),
    );
    const page = await pageOf(`/missions/${mission.id}/comments/page?size=50`, stranger);
    expect(page.content.map((c) => c.id)).not.toContain(target.id);
    expect(await missionCommentsCount(mission.id)).toBe(before - 1);
    expect((await call('POST', `/mission-comments/${target.id}/likes`, stranger)).statusCode).toBe(404);

    // The operator sees it with 5 reports and decides: shown again, it stays whatever reports follow.
    const list = await call('GET', '/api/admin/mission-comments?filter={"reported":true}', operator);
    expect(list.statusCode).toBe(200);
    const listed = adminCommentSchema.array().parse(list.json());
    expect(listed.find((c) => c.id === target.id)).toMatchObject({ reportsCount: 5, hidden: true, moderation: null });
    const shown = await call('PUT', `/api/admin/mission-comments/${target.id}`, operator, {
      hidden: false,
      moderationReason: 'Fair opinion',
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ hidden: false, moderation: 'VISIBLE', moderationReason: 'Fair opinion' });
    await call('POST', `/missions/${mission.id}/comments/${target.id}/blocks`, stranger);
    expect((await pageOf(`/missions/${mission.id}/comments/page?size=50`)).content.map((c) => c.id)).toContain(
      target.id,
    );
    expect(await missionCommentsCount(mission.id)).toBe(before);
    // And hidden by decision.
    await call('PUT', `/api/admin/mission-comments/${target.id}`, operator, { hidden: true, moderationReason: 'Spam' });
    expect((await pageOf(`/missions/${mission.id}/comments/page?size=50`)).content.map((c) => c.id)).not.toContain(
      target.id,
    );
  });
});

describe('report reasons and the operator’s decision', () => {
  const reportUrl = (commentId: number) => `/missions/${mission.id}/comments/${commentId}/blocks`;
  const detailOf = async (commentId: number) => {
    const response = await call('GET', `/api/admin/mission-comments/${commentId}`, operator);
    expect(response.statusCode, response.body).toBe(200);
    return adminCommentDetailSchema.parse(response.json());
  };
  const outcomeNotices = async (account: TestAccount) =>
    (
      await db()
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', account.id)
        .where('kind', 'in', ['COMMENT_REPORT_UPHELD', 'COMMENT_REPORT_DISMISSED'])
        .orderBy('id')
        .execute()
    ).map((row) => row.kind);

  it('refuses a reason not offered, "other" without words and words past 200 characters, in the caller’s language', async () => {
    const target = await post(mission, fan, 'reason checks');
    const refusals: [unknown, string, Record<string, string>][] = [
      [
        { reason: 'BORING' },
        'reason',
        {
          ko: '신고 사유를 골라 주세요.',
          en: 'Please choose why you report this comment.',
          ja: '通報の理由を選んでください。',
        },
      ],
      [
        { reason: 'OTHER' },
        'detail',
        {
          ko: '무엇이 문제인지 적어 주세요.',
          en: 'Please say what is wrong with it.',
          ja: '何が問題か書いてください。',
        },
      ],
      [
        { reason: 'OTHER', detail: '   ' },
        'detail',
        {
          ko: '무엇이 문제인지 적어 주세요.',
          en: 'Please say what is wrong with it.',
          ja: '何が問題か書いてください。',
        },
      ],
      [
        { reason: 'ABUSE', detail: '가'.repeat(201) },
        'detail',
        {
          ko: '신고 내용은 200자까지 입력할 수 있습니다.',
          en: 'The report can be at most 200 characters.',
          ja: '通報内容は200文字まで入力できます。',
        },
      ],
    ];
    for (const [body, field, messages] of refusals) {
      for (const language of ['ko', 'en', 'ja'] as const) {
        const refused = await call('POST', reportUrl(target.id), friend, body, language);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(JSON.stringify(refused.json())).toContain(field);
        expect(JSON.stringify(refused.json())).toContain(messages[language]);
      }
    }
    // Nothing was written.
    expect((await detailOf(target.id)).reports).toEqual([]);
    expect(
      (await pageOf(`/missions/${mission.id}/comments/page?size=50`, friend)).content.find((c) => c.id === target.id)
        ?.blocked,
    ).toBe(false);
  });

  it('takes the first form’s body (the reporter’s own id) as a report for "other", and never another member’s id', async () => {
    const target = await post(mission, fan, 'first form');
    const asSomeoneElse = await call('POST', reportUrl(target.id), friend, { userId: fan.id });
    expect(asSomeoneElse.statusCode).toBe(403);
    expect(asSomeoneElse.json().message).toBe('access denied');
    for (const body of [{ detail: 'spam' }, { userId: friend.id, detail: 'spam' }]) {
      const refused = await call('POST', reportUrl(target.id), friend, body, 'en');
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().subErrors).toEqual([
        expect.objectContaining({ field: 'reason', message: 'Please choose why you report this comment.' }),
      ]);
    }
    expect((await detailOf(target.id)).reports).toEqual([]);
    const reported = await call('POST', reportUrl(target.id), friend, { userId: friend.id });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await detailOf(target.id)).reports).toEqual([expect.objectContaining({ reason: 'OTHER', detail: null })]);
  });

  it('keeps each reporter’s reason, shows them to the operator, counts the comment in the to-do block until decided, and tells each reporter the outcome', async () => {
    const target = await post(mission, fan, 'buy followers at example.test');
    const toDoCount = async () => {
      const response = await call('GET', '/api/admin/to-do', operator);
      return (response.json() as { items: { queue: string; count: number }[] }).items.find(
        (item) => item.queue === 'reportedComments',
      )!.count;
    };
    const waitingBefore = await toDoCount();
    expect((await call('POST', reportUrl(target.id), friend, { reason: 'SPAM' })).statusCode).toBe(200);
    const other = await createAccount(app(), { username: 'witness' });
    const withWords = await call('POST', reportUrl(target.id), other, {
      reason: 'OTHER',
      detail: '  사칭 계정 같아요  ',
    });
    expect(withWords.statusCode, withWords.body).toBe(200);
    // An API client without a body reports for "other" without words; repeating keeps the first reason.
    const quiet = await createAccount(app(), { username: 'quiet' });
    expect((await call('POST', reportUrl(target.id), quiet)).statusCode).toBe(200);
    expect((await call('POST', reportUrl(target.id), friend, { reason: 'ABUSE' })).statusCode).toBe(200);

    const detail = await detailOf(target.id);
    expect(detail).toMatchObject({ reportsCount: 3, openReportsCount: 3, hidden: false });
    expect(detail.reportsOpenSince).not.toBeNull();
    expect(
      detail.reports.map(({ reporterName, reason, detail: words, outcome }) => ({
        reporterName,
        reason,
        words,
        outcome,
      })),
    ).toEqual([
      { reporterName: 'quiet', reason: 'OTHER', words: null, outcome: null },
      { reporterName: 'witness', reason: 'OTHER', words: '사칭 계정 같아요', outcome: null },
      { reporterName: 'friend', reason: 'SPAM', words: null, outcome: null },
    ]);
    expect(await toDoCount()).toBe(waitingBefore + 1);
    const waiting = adminCommentSchema
      .array()
      .parse((await call('GET', '/api/admin/mission-comments?filter={"awaitingDecision":true}', operator)).json());
    expect(waiting.map((c) => c.id)).toContain(target.id);

    // One takes his report back before the decision: he is not told anything.
    expect((await call('DELETE', reportUrl(target.id), quiet)).statusCode).toBe(200);
    // The operator dismisses the reports: the comment stays, the reports are decided, the queue empties.
    const dismissed = await call('PUT', `/api/admin/mission-comments/${target.id}`, operator, {
      hidden: false,
      moderationReason: '광고가 아님',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(adminCommentDetailSchema.parse(dismissed.json())).toMatchObject({
      openReportsCount: 0,
      reportsOpenSince: null,
    });
    expect((await detailOf(target.id)).reports.map((report) => report.outcome)).toEqual(['DISMISSED', 'DISMISSED']);
    expect(await toDoCount()).toBe(waitingBefore);
    await drainOutbox(db());
    expect(await outcomeNotices(friend)).toEqual(['COMMENT_REPORT_DISMISSED']);
    expect(await outcomeNotices(other)).toEqual(['COMMENT_REPORT_DISMISSED']);
    expect(await outcomeNotices(quiet)).toEqual([]);
    const page = await call('GET', '/users/me/notifications/page', friend, undefined, 'ko');
    expect(JSON.stringify(page.json())).toContain(
      '신고하신 댓글을 검토했지만 운영 정책 위반이 확인되지 않아 그대로 둡니다.',
    );

    // A new report waits again; hiding the comment upholds it and tells that reporter alone.
    const late = await createAccount(app());
    expect((await call('POST', reportUrl(target.id), late, { reason: 'PRIVACY' })).statusCode).toBe(200);
    expect(await toDoCount()).toBe(waitingBefore + 1);
    const hidden = await call('PUT', `/api/admin/mission-comments/${target.id}`, operator, {
      hidden: true,
      moderationReason: '개인정보',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await detailOf(target.id)).reports.map((report) => report.outcome)).toEqual([
      'UPHELD',
      'DISMISSED',
      'DISMISSED',
    ]);
    await drainOutbox(db());
    expect(await outcomeNotices(late)).toEqual(['COMMENT_REPORT_UPHELD']);
    expect(await outcomeNotices(friend)).toEqual(['COMMENT_REPORT_DISMISSED']);
    // A decision with no report waiting tells nobody.
    await call('PUT', `/api/admin/mission-comments/${target.id}`, operator, {
      hidden: true,
      moderationReason: '재확인',
    });
    await drainOutbox(db());
    expect(await outcomeNotices(late)).toEqual(['COMMENT_REPORT_UPHELD']);
  });
});

describe('likes', () => {
  it('is idempotent and exact under 20 parallel likes by distinct members', async () => {
    const target = await post(mission, creator, 'Like me');
    const members = await Promise.all(Array.from({ length: 20 }, () => createAccount(app())));
    const responses = await Promise.all(
      members.map((member) => call('POST', `/mission-comments/${target.id}/likes`, member)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const row = await db()
      .selectFrom('mission_comments')
      .select('likes_count')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.likes_count).toBe(20);
    // Repeats change nothing; concurrent repeats neither.
    await Promise.all([1, 2, 3].map(() => call('POST', `/mission-comments/${target.id}/likes`, members[0]!)));
    const again = await call('POST', `/mission-comments/${target.id}/likes`, members[0]!);
    expect(again.json()).toEqual({ id: target.id, liked: true, likedCount: 20 });
    const unliked = await call('DELETE', `/mission-comments/${target.id}/likes`, members[0]!);
    expect(unliked.json()).toEqual({ id: target.id, liked: false, likedCount: 19 });
    expect((await call('DELETE', `/mission-comments/${target.id}/likes`, members[0]!)).json()).toMatchObject({
      likedCount: 19,
    });
    expect((await call('POST', `/mission-comments/${target.id}/likes`)).statusCode).toBe(401);
    expect((await call('POST', `/mission-comments/99999999/likes`, fan)).statusCode).toBe(404);
    const page = await pageOf(`/missions/${mission.id}/comments/page?size=50`, members[1]!);
    expect(page.content.find((c) => c.id === target.id)).toMatchObject({ liked: true, likedCount: 19 });
  });

  it('best-3: most liked visible comments of the last 7 days on public missions, ties newest, with the mission', async () => {
    const response = await call('GET', '/mission-comments/best-3');
    expect(response.statusCode).toBe(200);
    const best = bestCommentListSchema.parse(response.json());
    expect(best.length).toBeGreaterThan(0);
    expect(best[0]).toMatchObject({
      content: 'Like me',
      likedCount: 19,
      mission: { id: mission.id, creator: { id: creator.creatorId } },
    });
    const counts = best.map((c) => c.likedCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    // An old comment with more likes is left out; so is one on a private mission.
    const old = await post(mission, fan, 'old but gold');
    await db()
      .updateTable('mission_comments')
      .set({ likes_count: 999, created_at: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where('id', '=', old.id)
      .execute();
    const hiddenAway = await post(privateMission, fan, 'secret');
    await db().updateTable('mission_comments').set({ likes_count: 500 }).where('id', '=', hiddenAway.id).execute();
    const after = bestCommentListSchema.parse((await call('GET', '/mission-comments/best-3')).json());
    expect(after.map((c) => c.id)).not.toContain(old.id);
    expect(after.map((c) => c.id)).not.toContain(hiddenAway.id);
  });
});

describe('operators’ moderation: permissions and validation', () => {
  it('is for operators only, validates the decision and answers 404 for an unknown comment', async () => {
    const target = await post(mission, friend, 'moderate me');
    const finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const decision = { hidden: true, moderationReason: 'spam' };
    expect((await call('GET', '/api/admin/mission-comments')).statusCode).toBe(401);
    for (const account of [fan, finance]) {
      expect((await call('GET', '/api/admin/mission-comments', account)).statusCode).toBe(403);
      expect((await call('PUT', `/api/admin/mission-comments/${target.id}`, account, decision)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/comment-restrictions', account)).statusCode).toBe(403);
    }
    // Finance reads the comment coin events (to approve their budgets), never a fan.
    expect((await call('GET', '/api/admin/comment-events', fan)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/comment-events', finance)).statusCode).toBe(200);
    const missingReason = await call('PUT', `/api/admin/mission-comments/${target.id}`, operator, { hidden: true });
    expect(missingReason.statusCode).toBe(400);
    expect(JSON.stringify(missingReason.json())).toContain('moderationReason');
    expect((await call('PUT', '/api/admin/mission-comments/99999999', operator, decision)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/mission-comments/99999999', operator)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/comment-events/99999999', operator)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/comment-restrictions/99999999', operator)).statusCode).toBe(404);
    const badRange = await call('GET', '/api/admin/mission-comments?range=[5,1]', operator);
    expect(badRange.statusCode).toBe(400);

    const hidden = await call('PUT', `/api/admin/mission-comments/${target.id}`, operator, decision);
    expect(hidden.json()).toMatchObject({ hidden: true, moderation: 'HIDDEN', moderationReason: 'spam' });
    const listed = await call('GET', '/api/admin/mission-comments?filter={"hidden":true}', operator);
    expect(
      adminCommentSchema
        .array()
        .parse(listed.json())
        .map((c) => c.id),
    ).toContain(target.id);
    // Hidden: gone for others (404 by id), its author still reaches it.
    expect((await call('POST', `/mission-comments/${target.id}/likes`, fan)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/missions/${mission.id}/comments/${target.id}`, friend, { content: 'sorry' })).statusCode,
    ).toBe(200);
  });

  it('names each comment’s author as the mission page signs it: the creator by his creator name, a fan by nickname', async () => {
    const byCreator = await post(mission, creator, 'thanks for asking');
    const byFan = await post(mission, fan, 'thank you!');
    const listed = adminCommentSchema
      .array()
      .parse(
        (await call('GET', `/api/admin/mission-comments?filter={"id":[${byCreator.id},${byFan.id}]}`, operator)).json(),
      );
    expect(listed.find((c) => c.id === byCreator.id)).toMatchObject({ authorName: creatorName, username: 'starlight' });
    expect(listed.find((c) => c.id === byFan.id)).toMatchObject({ authorName: 'fanone', username: 'fanone' });
    const detail = await call('GET', `/api/admin/mission-comments/${byCreator.id}`, operator);
    expect(adminCommentDetailSchema.parse(detail.json()).authorName).toBe(creatorName);
    // The same creator on another creator's mission is a member like any other there.
    const otherCreator = await createCreator(app(), { username: 'moonlight', name: 'Moonlight Official' });
    const otherProduct = await registerProduct(app(), otherCreator, { type: 'BASIC', coinPrice: 100 });
    const elsewhere = await insertMission(app(), otherProduct, { user_id: fan.id, status: 'COMPLETED' });
    const asMember = await post(elsewhere, creator, 'hello neighbour');
    const detailElsewhere = await call('GET', `/api/admin/mission-comments/${asMember.id}`, operator);
    expect(adminCommentDetailSchema.parse(detailElsewhere.json()).authorName).toBe('starlight');
  });

  it('refuses a reply to an unknown comment or to a comment of another mission', async () => {
    const other = await insertMission(app(), product, { user_id: friend.id, status: 'COMPLETED' });
    const elsewhere = await post(other, fan, 'over there');
    const wrongMission = await call('POST', `/missions/${mission.id}/comments`, fan, {
      content: 'hi',
      parentCommentId: elsewhere.id,
    });
    expect(wrongMission.statusCode).toBe(404);
    const unknown = await call('POST', `/missions/${mission.id}/comments`, fan, {
      content: 'hi',
      parentCommentId: 99_999_999,
    });
    expect(unknown.statusCode).toBe(404);
    const unknownField = await call('POST', `/missions/${mission.id}/comments`, fan, { content: 'hi', extra: 1 });
    expect(unknownField.statusCode).toBe(400);
  });
});

describe('restrictions', () => {
  it('refuses a restricted member’s comment with the date; operators only', async () => {
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const body = { userId: stranger.id, until: until.toISOString(), reason: 'abuse' };
    expect((await call('POST', '/api/admin/comment-restrictions', fan, body)).statusCode).toBe(403);
    const finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    expect((await call('POST', '/api/admin/comment-restrictions', finance, body)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/comment-restrictions', operator, { ...body, userId: 99_999_999 })).statusCode,
    ).toBe(400);
    const created = await call('POST', '/api/admin/comment-restrictions', operator, body);
    expect(created.statusCode, created.body).toBe(200);
    const refused = await call('POST', `/missions/${mission.id}/comments`, stranger, { content: 'hello' });
    expect(refused.statusCode).toBe(403);
    const kst = new Date(until.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10).replaceAll('-', '.');
    expect(refused.json().message).toContain(kst);
    const list = await call('GET', '/api/admin/comment-restrictions', operator);
    expect(list.json()).toEqual([expect.objectContaining({ id: stranger.id, reason: 'abuse' })]);
    expect((await call('DELETE', `/api/admin/comment-restrictions/${stranger.id}`, operator)).statusCode).toBe(200);
    await post(mission, stranger, 'hello again');
  });
});

describe('notifications', () => {
  it('a comment goes to the requester and the creator, a reply to the parent’s author, never to oneself', async () => {
    const other = await insertMission(app(), product, { user_id: friend.id, status: 'COMPLETED' });
    const top = await post(other, fan, 'Nice one');
    await post(other, friend, 'thanks', top.id);
    await post(other, fan, 'replying to myself', top.id);
    await drainOutbox(db());
    const kinds = async (account: TestAccount) =>
      (
        await db()
          .selectFrom('notifications')
          .select(['kind', 'mission_comment_id'])
          .where('user_id', '=', account.id)
          .where('mission_id', '=', other.id)
          .orderBy('id')
          .execute()
      ).map((row) => row.kind);
    expect(await kinds(friend)).toEqual(['MISSION_COMMENTED']);
    expect(await kinds(creator)).toEqual(['MISSION_COMMENTED']);
    expect(await kinds(fan)).toEqual(['COMMENT_REPLIED']);
    const page = await call('GET', '/users/me/notifications/page', fan);
    expect(JSON.stringify(page.json())).toContain('friend replied to your comment: thanks');
  });

  it('the mission’s creator commenting is named by his creator name, not his member nickname', async () => {
    const answered = await insertMission(app(), product, { user_id: friend.id, status: 'COMPLETED' });
    await post(answered, creator, 'Thanks for asking!');
    await drainOutbox(db());
    const rows = await db()
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', friend.id)
      .where('mission_id', '=', answered.id)
      .execute();
    expect(rows.map((row) => row.kind)).toEqual(['MISSION_COMMENTED']);
    const page = JSON.stringify((await call('GET', '/users/me/notifications/page', friend)).json());
    expect(page).toContain(`${creatorName} commented on the mission: Thanks for asking!`);
    expect(page).not.toContain('starlight commented');
  });
});

describe('comment coin event', () => {
  afterAll(async () => {
    expect((await verify(db())).differences).toEqual([]);
  });

  it('rolls with the committed seed: HMAC-SHA256(seed, commentId) / 2^64', () => {
    const seed = 'a'.repeat(64);
    expect(commitmentOf(seed)).toMatch(/^[0-9a-f]{64}$/);
    const value = rollValue(seed, 42);
    // Computed independently (Python hmac): HMAC-SHA256(seed, "42")[0:8] / 2^64.
    expect(value).toBeCloseTo(0.038839457376157176, 15);
    expect(commitmentOf(seed)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
    expect(isWinningRoll(seed, 42, 100)).toBe(true);
    expect(isWinningRoll(seed, 42, 0)).toBe(false);
    expect(isWinningRoll(seed, 42, value * 100 + 0.0001)).toBe(true);
    expect(isWinningRoll(seed, 42, value * 100)).toBe(false);
  });

  it('operators configure events; the seed is committed and revealed after the end', async () => {
    const body = {
      title: 'Comment week',
      startsAt: new Date(Date.now() - 3600_000).toISOString(),
      endsAt: new Date(Date.now() - 60_000).toISOString(),
      winProbability: 50,
      coinsPerWin: 5,
      dailyBudget: 100,
    };
    expect((await call('POST', '/api/admin/comment-events', fan, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/comment-events')).statusCode).toBe(401);
    const invalid = await call('POST', '/api/admin/comment-events', operator, {
      ...body,
      endsAt: body.startsAt,
      winProbability: 101,
    });
    expect(invalid.statusCode).toBe(400);
    const created = await call('POST', '/api/admin/comment-events', operator, body);
    expect(created.statusCode, created.body).toBe(200);
    const ended = adminCommentEventSchema.parse(created.json());
    expect(ended.serverSeed).not.toBeNull();
    expect(commitmentOf(ended.serverSeed!)).toBe(ended.commitment);
    const running = adminCommentEventSchema.parse(
      (
        await call('PUT', `/api/admin/comment-events/${ended.id}`, operator, {
          ...body,
          endsAt: new Date(Date.now() + 3600_000).toISOString(),
          winProbability: 0,
        })
      ).json(),
    );
    expect(running).toMatchObject({ serverSeed: null, commitment: ended.commitment, winProbability: 0 });
    const list = await call('GET', '/api/admin/comment-events', operator);
    expect(list.headers['content-range']).toBe('comment-events 0-0/1');
    expect((await call('DELETE', `/api/admin/comment-events/${ended.id}`, operator)).statusCode).toBe(200);
  });

  it('a win credits BONUS coins once per member per day, shown as EARN in the coin history', async () => {
    // None runs yet: nothing to tell.
    expect((await call('GET', '/comment-events/current')).json()).toEqual({ event: null });
    const event = adminCommentEventSchema.parse(
      (
        await call('POST', '/api/admin/comment-events', operator, {
          title: 'Always win',
          startsAt: new Date(Date.now() - 3600_000).toISOString(),
          endsAt: new Date(Date.now() + 3600_000).toISOString(),
          winProbability: 100,
          coinsPerWin: 7,
          dailyBudget: 1000,
        })
      ).json(),
    );
    // Fans are told of it, by anyone's request, with its commitment.
    const announced = await call('GET', '/comment-events/current');
    expect(announced.statusCode, announced.body).toBe(200);
    expect(announced.json()).toEqual({
      event: {
        title: 'Always win',
        endsAt: event.endsAt,
        winProbability: 100,
        coinsPerWin: 7,
        commitment: event.commitment,
      },
    });
    const winner = await createAccount(app());
    const won = await post(mission, winner, 'lucky me');
    expect(won).toMatchObject({ commentEventWin: true, winPoint: 7 });
    const second = await post(mission, winner, 'again');
    expect(second).toMatchObject({ commentEventWin: false, winPoint: 0 });
    const reply = await post(mission, await createAccount(app()), 'a reply never rolls', won.id);
    expect(reply.commentEventWin).toBe(false);
    const creatorComment = await post(mission, creator, 'creators take no part');
    expect(creatorComment.commentEventWin).toBe(false);
    expect((await balance(db(), walletAccount(winner.id))).balance).toBe(7);
    const history = await call('GET', '/users/me/coin-history/page', winner);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('EARN');
    // The page shows the win too.
    const page = await pageOf(`/missions/${mission.id}/comments/page?size=50`);
    expect(page.content.find((c) => c.id === won.id)).toMatchObject({ commentEventWin: true, winPoint: 7 });
    await call('DELETE', `/api/admin/comment-events/${event.id}`, operator);
  });

  it('never overspends the daily budget: 50 parallel winning comments on a 10-coin budget pay at most 10', async () => {
    const event = adminCommentEventSchema.parse(
      (
        await call('POST', '/api/admin/comment-events', operator, {
          title: 'Tight budget',
          startsAt: new Date(Date.now() - 3600_000).toISOString(),
          endsAt: new Date(Date.now() + 3600_000).toISOString(),
          winProbability: 100,
          coinsPerWin: 3,
          dailyBudget: 10,
        })
      ).json(),
    );
    const members = await Promise.all(Array.from({ length: 50 }, () => createAccount(app())));
    const comments = await Promise.all(members.map((member) => post(mission, member, 'me me me')));
    const winners = comments.filter((comment) => comment.commentEventWin);
    expect(winners).toHaveLength(3);
    expect(winners.every((comment) => comment.winPoint === 3)).toBe(true);
    const paid = await db()
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('idempotency_key', 'like', 'comment-event-win:%')
      .where(
        'idempotency_key',
        'in',
        comments.map((c) => `comment-event-win:${c.id}`),
      )
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBe(3);
    const admin = adminCommentEventSchema.parse(
      (await call('GET', `/api/admin/comment-events/${event.id}`, operator)).json(),
    );
    expect(admin).toMatchObject({ paidCoins: 9, wins: 3 });
    expect((await verify(db())).differences).toEqual([]);
  });

  it('pays nothing from a daily budget above what operators may grant alone until finance approves it', async () => {
    const finance = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const chief = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
    const body = {
      title: 'Big budget',
      startsAt: new Date(Date.now() - 3600_000).toISOString(),
      endsAt: new Date(Date.now() + 3600_000).toISOString(),
      winProbability: 100,
      coinsPerWin: COMMENT_EVENT_LIMITS.coinsPerWin,
      dailyBudget: COMMENT_EVENT_LIMITS.dailyBudgetWithoutApproval + 1,
    };
    const tooRich = await call('POST', '/api/admin/comment-events', operator, { ...body, coinsPerWin: 101 });
    expect(tooRich.statusCode).toBe(400);
    expect(tooRich.json().subErrors[0]).toMatchObject({ field: 'coinsPerWin' });

    const created = await call('POST', '/api/admin/comment-events', chief, body);
    const event = adminCommentEventSchema.parse(created.json());
    expect(event).toMatchObject({ budgetApproval: 'PENDING', budgetApprovedBy: null });
    const before = await createAccount(app());
    expect(await post(mission, before, 'no win while pending')).toMatchObject({ commentEventWin: false, winPoint: 0 });
    expect((await balance(db(), walletAccount(before.id))).balance).toBe(0);

    const approve = (account?: TestAccount) =>
      call('POST', `/api/admin/comment-events/${event.id}/budget-approval`, account);
    expect((await approve()).statusCode).toBe(401);
    expect((await approve(operator)).statusCode).toBe(403);
    expect((await approve(chief)).json()).toMatchObject({ status: 403, code: 'OWN_ACCOUNT' });
    const approved = await approve(finance);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ budgetApproval: 'APPROVED', budgetApprovedBy: finance.id });
    expect((await approve(finance)).statusCode).toBe(409);
    const after = await createAccount(app());
    expect(await post(mission, after, 'a win now')).toMatchObject({ commentEventWin: true, winPoint: 100 });

    // Raising the budget takes the approval back; the same budget keeps it.
    const same = await call('PUT', `/api/admin/comment-events/${event.id}`, chief, { ...body, title: 'Renamed' });
    expect(same.json()).toMatchObject({ budgetApproval: 'APPROVED' });
    const raised = await call('PUT', `/api/admin/comment-events/${event.id}`, chief, {
      ...body,
      dailyBudget: body.dailyBudget * 2,
    });
    expect(raised.json()).toMatchObject({ budgetApproval: 'PENDING', budgetApprovedBy: null });
    const later = await createAccount(app());
    expect(await post(mission, later, 'pending again')).toMatchObject({ commentEventWin: false });

    // Whoever set the budget last never approves it: a member with both roles who edits another's event is refused,
    // in the three languages.
    const messages = {
      ko: '직접 만들었거나 예산·기간을 마지막으로 정한 이벤트의 예산은 승인할 수 없습니다. 다른 재무 담당자가 승인해야 합니다.',
      en: 'You cannot approve the budget of an event you created or whose budget or period you set last. Another finance member must approve it.',
      ja: 'ご自身が作成した、または予算・期間を最後に設定したイベントの予算は承認できません。別の財務担当者が承認する必要があります。',
    };
    const dual = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
    const byDual = await call('PUT', `/api/admin/comment-events/${event.id}`, dual, {
      ...body,
      dailyBudget: body.dailyBudget * 3,
    });
    expect(byDual.json()).toMatchObject({ budgetApproval: 'PENDING' });
    for (const [language, message] of Object.entries(messages)) {
      const own = await app().inject({
        method: 'POST',
        url: `/api/admin/comment-events/${event.id}/budget-approval`,
        headers: { ...dual.headers, 'accept-language': language },
      });
      expect(own.json()).toMatchObject({ status: 403, code: 'OWN_ACCOUNT', message });
    }
    expect((await approve(finance)).json()).toMatchObject({ budgetApproval: 'APPROVED', budgetApprovedBy: finance.id });
    // A later period or win probability is a new budget: the approval is taken back.
    for (const change of [{ endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString() }, { winProbability: 50 }]) {
      expect((await approve(finance)).statusCode).toBe(409);
      const moved = await call('PUT', `/api/admin/comment-events/${event.id}`, operator, {
        ...body,
        dailyBudget: body.dailyBudget * 3,
        ...change,
      });
      expect(moved.json()).toMatchObject({ budgetApproval: 'PENDING', budgetApprovedBy: null });
      expect((await approve(finance)).json()).toMatchObject({ budgetApproval: 'APPROVED' });
      Object.assign(body, change);
    }
    await db()
      .deleteFrom('comment_events')
      .where('id', '=', event.id)
      .execute()
      .catch(() => undefined);
  });
});
