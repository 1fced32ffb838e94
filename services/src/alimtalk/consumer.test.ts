// KakaoTalk 알림톡 through Solapi's API, a local stand-in for it checking the signature and each template as Kakao
// would: the transactional notifications reach the mobile number on a member's profile, in his language, with a
// button to their page; nothing for other topics, for a member without a confirmed mobile number (or whose e-mail is
// unverified) or who turned it off; a
// provider failing makes the event come again and the message goes once it is back.
import { readFileSync } from 'node:fs';
import type { Language } from '@fanmission/contracts';
import { walletAccount } from '@fanmission/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { createSolapiStandIn } from '@fanmission/tests/support/solapi-server';
import { processMetrics } from '../metrics';
import { domainEvent, recordEvents } from '../outbox';
import { createAlimtalkConsumer } from './consumer';
import { solapiProvider } from './provider';
import { ALIMTALK_TEMPLATES, templatesDocument } from './templates';

const testApp = useTestApp();
const app = () => testApp.current.app;
const clock = new Date('2026-11-27T03:00:00Z');

const channel = { apiKey: 'NCS-test-key', apiSecret: 'test-secret-of-32-characters-000', pfId: 'KA01PF-test' };
const solapi = createSolapiStandIn({
  ...channel,
  senderNumber: '0215880000',
  templates: new Map(ALIMTALK_TEMPLATES.map((template) => [template.code, template.text])),
  withoutKakaoTalk: ['01055550000'],
});
let consumer: ReturnType<typeof createAlimtalkConsumer>;

let fan: TestAccount;
let creator: TestAccount;
let creatorId: number;

async function member(language: Language, phone: string | null, roles?: ('ROLE_USER' | 'ROLE_CREATOR')[]) {
  const created = await createAccount(app(), { ...(roles && { roles }) });
  // A number the member confirmed with its SMS code (services/src/users/phone-confirmation.ts).
  await app()
    .db.updateTable('users')
    .set({ language, phone, phone_confirmed_at: clock })
    .where('id', '=', created.id)
    .execute();
  return created;
}

beforeAll(async () => {
  const baseUrl = await solapi.listen();
  consumer = createAlimtalkConsumer(
    solapiProvider({
      ...channel,
      baseUrl,
      senderNumber: '0215880000',
      publicUrl: 'https://fanmission.test',
      templateIds: {},
      timeoutMs: 5_000,
      log: app().ctx.log,
    }),
  );
  fan = await member('ko', '010-1234-5678');
  creator = await member('en', '+82 10 9876 5432', ['ROLE_USER', 'ROLE_CREATOR']);
  creatorId = (
    await app().db.selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => solapi.close());

/** How many 알림톡 the consumer let go for `reason` (fanmission_alimtalk_skipped_total). */
async function skippedCount(reason: string): Promise<number> {
  const metric = await processMetrics().getSingleMetric('fanmission_alimtalk_skipped_total')?.get();
  return metric?.values.find((value) => value.labels.reason === reason)?.value ?? 0;
}
const send = () => drainOutbox(app().db, { consumers: [consumer] });
const deliveredTo = (phone: string) => solapi.delivered.filter((message) => message.to === phone);

describe('notifications by KakaoTalk 알림톡', () => {
  it('sends a mission’s moments and money to the mobile number on the profile, in the member’s language', async () => {
    const parties = { missionId: 41, creatorId, userId: fan.id };
    await recordEvents(app().db, [
      domainEvent(
        'mission.requested',
        { ...parties, productId: 3, productType: 'BASIC', productName: 'Birthday song', coinPrice: 30, status: 'X' },
        clock,
      ),
      domainEvent(
        'mission.accepted',
        { ...parties, productName: 'Birthday song', performDueAt: clock.toISOString(), feedback: 'Soon!' },
        clock,
      ),
      domainEvent(
        'ledger.transaction.appended',
        {
          transactionId: 7_001,
          transactionType: 'PURCHASE',
          idempotencyKey: `deposit-${fan.id}`,
          occurredAt: clock.toISOString(),
          postings: [
            { account: walletAccount(fan.id), amount: 100 },
            { account: 'platform:cash', amount: -100 },
          ],
          metadata: { userId: fan.id, payMethod: 'withoutbankbook', amount: 10_000 },
        },
        clock,
      ),
      // A comment is not a transaction: no 알림톡.
      domainEvent(
        'mission.commented',
        { ...parties, commentId: 5, authorId: creator.id, parentCommentId: null, parentAuthorId: null, excerpt: 'Hi' },
        clock,
      ),
    ]);
    await send();

    const [request] = deliveredTo('01098765432');
    expect(request).toEqual({
      to: '01098765432',
      templateId: 'FM_MISSION_REQUESTED_EN',
      text: expect.stringContaining('requested your mission “Birthday song”.'),
      link: 'https://fanmission.test/mission-detail/41',
    });
    expect(request!.text.startsWith('[Fanmission] New mission request\n\n')).toBe(true);
    const toFan = deliveredTo('01012345678');
    expect(toFan.map((message) => message.templateId)).toEqual(['FM_MISSION_ACCEPTED_KO', 'FM_COINS_DEPOSITED_KO']);
    expect(toFan[0]!.text).toContain('「Birthday song」');
    // The template's fixed shape: the creator's words stay in the app, the mail and the push message.
    expect(toFan[0]!.text).not.toContain('Soon!');
    expect(toFan[1]).toMatchObject({
      text: '[Fanmission] 결제 및 정산\n\n입금이 확인되어 100코인이 충전되었습니다.',
      link: 'https://fanmission.test/coin-history',
    });
    expect(solapi.refused).toEqual([]);
  });

  it('nothing without a mobile number, for a topic turned off, and a phone without KakaoTalk is let go', async () => {
    const landline = await member('ko', '02-123-4567');
    const optedOut = await member('ja', '01011112222');
    const withoutKakaoTalk = await member('ko', '01055550000');
    const turnedOff = await app().inject({
      method: 'PUT',
      url: '/api/v1/users/me/notification-preferences',
      headers: optedOut.headers,
      payload: { topics: [{ topic: 'MISSION_ACCEPTED', alimtalk: false }] },
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    const before = solapi.delivered.length;
    await recordEvents(
      app().db,
      [landline, optedOut, withoutKakaoTalk].map((account, index) =>
        domainEvent(
          'mission.accepted',
          {
            missionId: 50 + index,
            creatorId,
            userId: account.id,
            productName: 'Song',
            performDueAt: clock.toISOString(),
          },
          clock,
        ),
      ),
    );
    await send();
    expect(solapi.delivered.length).toBe(before);
  });

  it('sends nothing to a number the member never confirmed, nor to an account whose e-mail is unverified', async () => {
    const typed = await createAccount(app());
    await app().db.updateTable('users').set({ phone: '01077770001' }).where('id', '=', typed.id).execute();
    const unverified = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] });
    await app()
      .db.updateTable('users')
      .set({ phone: '01077770002', phone_confirmed_at: clock })
      .where('id', '=', unverified.id)
      .execute();
    await recordEvents(
      app().db,
      [typed, unverified].map((account, index) =>
        domainEvent(
          'mission.accepted',
          {
            missionId: 70 + index,
            creatorId,
            userId: account.id,
            productName: 'Song',
            performDueAt: clock.toISOString(),
          },
          clock,
        ),
      ),
    );
    const unconfirmedBefore = await skippedCount('unconfirmed_phone');
    const unverifiedBefore = await skippedCount('unverified_account');
    await send();
    expect(deliveredTo('01077770001')).toEqual([]);
    expect(deliveredTo('01077770002')).toEqual([]);
    expect(await skippedCount('unconfirmed_phone')).toBe(unconfirmedBefore + 1);
    expect(await skippedCount('unverified_account')).toBe(unverifiedBefore + 1);
  });

  it('a provider failing makes the event come again; once back, the message goes once', async () => {
    await recordEvents(app().db, [
      domainEvent(
        'mission.completed',
        {
          missionId: 61,
          creatorId,
          userId: fan.id,
          productName: 'Dance',
          productType: 'BASIC',
          coins: 30,
          completedAt: clock.toISOString(),
          onTime: true,
        },
        clock,
      ),
    ]);
    solapi.failNext(503);
    await expect(send()).rejects.toThrow(/503/);
    expect(deliveredTo('01012345678').filter((message) => message.templateId === 'FM_MISSION_COMPLETED_KO')).toEqual(
      [],
    );
    await send();
    await send();
    expect(
      deliveredTo('01012345678').filter((message) => message.templateId === 'FM_MISSION_COMPLETED_KO'),
    ).toHaveLength(1);
  });

  it('answers a topic 알림톡 does not carry with a 400 in the caller’s language, and says whether it reaches him', async () => {
    const refused = await app().inject({
      method: 'PUT',
      url: '/api/v1/users/me/notification-preferences',
      headers: { ...fan.headers, 'accept-language': 'en' },
      payload: { topics: [{ topic: 'COMMENTS', alimtalk: true }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().subErrors).toEqual([
      expect.objectContaining({
        field: 'topics[0].alimtalk',
        message: 'KakaoTalk messages are for missions, deadlines, draws and payments only.',
      }),
    ]);
    const choices = await app().inject({
      method: 'GET',
      url: '/api/v1/users/me/notification-preferences',
      headers: fan.headers,
    });
    const body = choices.json<{
      alimtalk: { available: boolean; phoneOnFile: boolean };
      topics: { topic: string; alimtalk: boolean | null }[];
    }>();
    // Outside production without Solapi's keys, the sandbox runs the channel.
    expect(body.alimtalk).toEqual({ available: true, phoneOnFile: true });
    expect(body.topics.find((topic) => topic.topic === 'COMMENTS')?.alimtalk).toBeNull();
    expect(body.topics.find((topic) => topic.topic === 'MONEY')?.alimtalk).toBe(true);
  });

  it('docs/alimtalk-templates.md is the templates as this code sends them', () => {
    const document = readFileSync(new URL('../../../docs/alimtalk-templates.md', import.meta.url), 'utf8');
    expect(document, 'run `node --import tsx scripts/alimtalk-templates.ts`').toBe(templatesDocument());
  });
});
