import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorResponseSchema } from '@fanmission/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { filesUnder } from '@fanmission/tests/support/files';

// Every upload route of the OpenAPI document (a multipart/form-data body), sent a body the multipart parser cannot
// read: the answer is the API's 400 in the caller's language, and nothing is stored.

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-malformed-multipart-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
const app = () => testApp.current.app;
afterAll(async () => {
  await fs.rm(storageDir, { recursive: true, force: true });
});

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
}

let creator: TestCreator;
let operator: TestAccount;
let uploadRoutes: { method: string; url: string }[];

beforeAll(async () => {
  creator = await createCreator(app());
  // The console's uploads are the operators'.
  operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
  const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  // The creator's own ids fill the path: each route is one he may upload to.
  const own: Record<string, number> = { users: creator.id, creators: creator.creatorId };
  uploadRoutes = Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content?.['multipart/form-data'])
      .map(([method, _operation]) => ({
        method: method.toUpperCase(),
        url: route.replace(/\/([a-z-]+)\/\{[^}]+\}/g, (_match, resource: string) => `/${resource}/${own[resource]}`),
      })),
  );
});

async function storedRows(): Promise<number> {
  const row = await app()
    .db.selectFrom('files')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('a multipart body the parser cannot read', () => {
  it('finds the upload routes: files, profile image and intro', () => {
    expect(uploadRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/v1/files/s3',
        `/api/v1/users/${creator.id}/image`,
        `/api/v1/creators/${creator.creatorId}/intro`,
      ]),
    );
  });

  const malformed = [
    { name: 'no boundary', contentType: 'multipart/form-data', payload: '--b\r\n123--b--\r\n' },
    { name: 'a truncated body', contentType: 'multipart/form-data; boundary=b', payload: '--b\r\n123--b--\r\n' },
    {
      name: 'a file part cut off',
      contentType: 'multipart/form-data; boundary=b',
      payload: '--b\r\nContent-Disposition: form-data; name="data"; filename="a.png"\r\n\r\n\x89PNG',
    },
  ];
  for (const body of malformed) {
    it(`answers ${body.name} with 400 in the caller's language and stores nothing`, async () => {
      const before = { files: await filesUnder(storageDir), rows: await storedRows() };
      for (const route of uploadRoutes) {
        const response = await app().inject({
          method: route.method as 'POST' | 'PUT',
          url: route.url,
          headers: {
            ...(route.url.startsWith('/api/admin/') ? operator.headers : creator.headers),
            'content-type': body.contentType,
            'accept-language': 'ja',
          },
          payload: body.payload,
        });
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(400);
        const error = errorResponseSchema.parse(response.json());
        expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        expect(error.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      }
      expect(await filesUnder(storageDir)).toEqual(before.files);
      expect(await storedRows()).toBe(before.rows);
    });
  }
});
