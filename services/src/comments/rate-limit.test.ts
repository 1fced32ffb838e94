// A member posts at most COMMENTS_PER_MEMBER_PER_MINUTE comments and replies a minute and
// COMMENTS_PER_MEMBER_PER_HOUR an hour (here 3 and 5): past either, 429 with Retry-After and a translated message;
// other members are not held back.
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';

const clock = { now: new Date('2026-11-28T02:00:00Z') };
const testApp = useTestApp({
  config: testConfig({ COMMENTS_PER_MEMBER_PER_MINUTE: '3', COMMENTS_PER_MEMBER_PER_HOUR: '5' }),
  now: () => clock.now,
});
const app = () => testApp.current.app;
const later = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));

async function missionOf(fan: TestAccount) {
  const creator = await createCreator(app());
  const product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100 });
  return insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
}
const post = (missionId: number, account: TestAccount, content: string, language = 'en') =>
  app().inject({
    method: 'POST',
    url: `/api/v1/missions/${missionId}/comments`,
    headers: { ...account.headers, 'accept-language': language },
    payload: { content },
  });

describe('comment posting rate limit', () => {
  it('refuses a burst past the minute’s allowance with 429 and Retry-After, in ko/en/ja', async () => {
    const spammer = await createAccount(app());
    const bystander = await createAccount(app());
    const mission = await missionOf(spammer);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => post(mission.id, spammer, `spam ${i}`)));
    expect(burst.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = burst.find((response) => response.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const messages = await Promise.all(
      (['ko', 'en', 'ja'] as const).map(
        async (language) => (await post(mission.id, spammer, 'x', language)).json().message,
      ),
    );
    expect(messages[0]).toMatch(/댓글/);
    expect(messages[1]).toMatch(/comments/);
    expect(messages[2]).toMatch(/コメント/);
    const stored = await app()
      .db.selectFrom('mission_comments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', spammer.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(3);
    // Another member posts meanwhile.
    expect((await post(mission.id, bystander, 'hello')).statusCode).toBe(200);
  });

  it('lets the minute pass, then holds to the hour’s allowance', async () => {
    const member = await createAccount(app());
    const mission = await missionOf(member);
    for (const content of ['a', 'b', 'c']) expect((await post(mission.id, member, content)).statusCode).toBe(200);
    later(30);
    expect((await post(mission.id, member, 'd')).statusCode).toBe(429);
    later(31);
    expect((await post(mission.id, member, 'd')).statusCode).toBe(200);
    expect((await post(mission.id, member, 'e')).statusCode).toBe(200);
    later(61);
    const sixth = await post(mission.id, member, 'f');
    expect(sixth.statusCode).toBe(429);
    // The hour's first comment leaves the window 3600 s after it: 3600 - 122 s from now.
    expect(sixth.headers['retry-after']).toBe(String(3600 - 122));
  });
});
