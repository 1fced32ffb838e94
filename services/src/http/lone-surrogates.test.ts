// An unpaired UTF-16 surrogate (`"\ud800"` in JSON) is no text PostgreSQL's jsonb takes: it is refused where a NUL is,
// in the validator every route goes through, with a 400 naming the field in the caller's language, and nothing is
// written. The audit log never fails on one either.
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createFan, createProduct, createVerifiedCreator, insertMission } from '@fanmission/tests/support/missions';
import { appendAudit } from '../admin';

const testApp = useTestApp();
const app = () => testApp.current.app;

/** A comment body as its raw JSON, with the escape that JSON.stringify would write for a lone surrogate. */
const rawComment = (content: string) => `{"content":"${content}"}`;

describe('unpaired surrogates', () => {
  it('refuses a comment carrying one with 400 on the field, in ko, en and ja, and writes nothing', async () => {
    const creator = await createVerifiedCreator(app());
    const productId = await createProduct(app().db, creator.creatorId, 'BASIC');
    const fan = await createFan(app());
    const mission = await insertMission(
      app(),
      { id: productId, type: 'BASIC', coinPrice: 10, minimumCost: null, creator: { id: creator.creatorId } },
      { user_id: fan.id, status: 'COMPLETED' },
    );
    const messages = {
      en: 'Contains a broken character (an unpaired surrogate).',
      ko: '깨진 문자(짝이 없는 서로게이트)가 포함되어 있습니다.',
      ja: '壊れた文字（対になっていないサロゲート）が含まれています。',
    };
    for (const [language, message] of Object.entries(messages)) {
      for (const content of ['\\ud800', 'a\\udc00b', 'x\\ud83d']) {
        const response = await app().inject({
          method: 'POST',
          url: `/api/v1/missions/${mission.id}/comments`,
          headers: { ...fan.headers, 'accept-language': language, 'content-type': 'application/json' },
          payload: rawComment(content),
        });
        expect(response.statusCode, `${language} ${content}`).toBe(400);
        expect(response.json()).toMatchObject({ subErrors: [{ field: 'content', message }] });
      }
    }
    // A whole pair (an emoji) is text like any other.
    const emoji = await app().inject({
      method: 'POST',
      url: `/api/v1/missions/${mission.id}/comments`,
      headers: { ...fan.headers, 'content-type': 'application/json' },
      payload: rawComment('\\ud83d\\ude00'),
    });
    expect(emoji.statusCode).toBe(200);
    const stored = await app()
      .db.selectFrom('mission_comments')
      .select('content')
      .where('mission_id', '=', mission.id)
      .execute();
    expect(stored).toEqual([{ content: '😀' }]);
  });

  it('refuses one in a key or a member’s profile field too', async () => {
    const member = await createAccount(app());
    const response = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: { ...member.headers, 'accept-language': 'en', 'content-type': 'application/json' },
      payload: '{"username":"me\\udfff","nested":{"k\\ud800":1}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', message: 'Contains a broken character (an unpaired surrogate).' }),
      ]),
    );
    expect(response.json().subErrors).toHaveLength(2);
  });

  it('writes an audit row whatever its text holds (a broken character becomes U+FFFD)', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    await appendAudit(app().db, {
      actorId: operator.id,
      actorRoles: ['ROLE_OPERATOR'],
      action: 'POST /api/admin/lottery-events/:id/draw',
      resource: 'lottery-events',
      resourceId: '1',
      before: { status: 'DRAWING' },
      after: { status: 'DRAWN', reason: 'policy \ud800' },
      statusCode: 200,
      requestId: 'surrogate-audit',
      at: new Date(),
    });
    const row = await app()
      .db.selectFrom('admin_audit_log')
      .select('after')
      .where('request_id', '=', 'surrogate-audit')
      .executeTakeFirstOrThrow();
    expect(row.after).toEqual({ status: 'DRAWN', reason: 'policy \ufffd' });
  });
});
