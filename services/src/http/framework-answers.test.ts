import { errorResponseSchema } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

// Answers that come from outside a route (the session hook's 401, the router's 414) are in the API's shape and in
// the OpenAPI document of every route that can give them.

const testApp = useTestApp();
const app = () => testApp.current.app;

interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describe('answers from outside the routes', () => {
  it('answers a path parameter over 100 characters with 414 in the caller’s language', async () => {
    for (const url of [`/api/admin/ledger-accounts/${'a'.repeat(150)}`, `/api/v1/users/${'1'.repeat(150)}`]) {
      const response = await app().inject({ method: 'GET', url, headers: { 'accept-language': 'ja' } });
      expect(response.statusCode).toBe(414);
      expect(errorResponseSchema.parse(response.json())).toEqual({
        status: 414,
        code: 'URI_TOO_LONG',
        message: 'リクエストのアドレスが長すぎます。',
      });
    }
  });

  it('answers a NUL character in a query, path or JSON string with 400 naming the field, and writes nothing', async () => {
    const query = await app().inject({
      method: 'GET',
      url: '/api/v1/creators/page?name=%00',
      headers: { 'accept-language': 'en' },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      status: 400,
      subErrors: [{ field: 'name', message: 'Contains a character that is not allowed (NUL).' }],
    });

    const path = await app().inject({ method: 'GET', url: '/api/v1/creators/by-url/a%00b' });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ subErrors: [{ field: expect.stringContaining('url') }] });

    const member = await createAccount(app());
    const before = await app()
      .db.selectFrom('users')
      .select('username')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const body = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: { ...member.headers, 'accept-language': 'ko' },
      payload: { username: 'nul\u0000name', nested: { ['k\u0000']: 1 } },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      subErrors: expect.arrayContaining([
        { field: 'username', message: '허용되지 않는 문자(NUL)가 포함되어 있습니다.', rejectedValue: 'nul\u0000name' },
      ]),
    });
    const after = await app()
      .db.selectFrom('users')
      .select('username')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('answers a refused token with 401 on public routes too', async () => {
    for (const url of ['/api/v1/health', '/api/v1/board/faq', '/api/v1/creators/page']) {
      const response = await app().inject({ method: 'GET', url, headers: { authorization: 'Bearer not-a-token' } });
      expect(response.statusCode, url).toBe(401);
      expect(errorResponseSchema.parse(response.json())).toMatchObject({ status: 401 });
    }
  });

  it('documents 401 wherever a sent token is checked and 414 wherever a path parameter can be too long', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    for (const path of ['/api/v1/health', '/api/v1/board/faq', '/api/v1/creators/page']) {
      expect(Object.keys(document.paths[path]!.get!.responses), path).toContain('401');
    }
    expect(Object.keys(document.paths['/api/admin/ledger-accounts/{account}']!.get!.responses)).toContain('414');
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.includes('{')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('414');
      }
    }
  });
});
