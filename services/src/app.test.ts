import SwaggerParser from '@apidevtools/swagger-parser';
import { errorResponseSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '@fanmission/tests/harness/database';
import { testConfig } from '@fanmission/tests/harness/app';
import { buildApp } from './app';
import { EVENT_CONSUMERS } from './runtime';
import { notFound } from './http';
import { createDevMailbox } from './mail';

let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp({
    config,
    eventConsumers: EVENT_CONSUMERS,
    db: database.db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
  });
  // A probe route exercising the request-validation path the real routes share.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/probe/:id',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.strictObject({
          email: z.email(),
          password: z.string().min(8),
          nickname: z.string().max(5),
        }),
        response: { 200: z.object({ ok: z.boolean() }), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      if (request.params.id === 404) throw notFound();
      return { ok: true };
    },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const validBody = { email: 'fan@example.com', password: 'secret123', nickname: 'fan' };

describe('health', () => {
  it('reports the database as up', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'UP', details: { database: { status: 'UP' } } });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('sends the hardening headers on every answer', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'content-security-policy': "frame-ancestors 'self'",
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('request validation', () => {
  it('answers 400 with one sub-error per bad field, in Korean by default', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/probe/1',
      payload: { email: 'not-an-email', password: 'short', nickname: 'far too long' },
    });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: '입력값이 올바르지 않습니다.' });
    const fields = Object.fromEntries(body.subErrors!.map((sub) => [sub.field, sub]));
    expect(Object.keys(fields).sort()).toEqual(['email', 'nickname', 'password']);
    expect(fields.email!.rejectedValue).toBe('not-an-email');
    expect(fields.nickname!.rejectedValue).toBe('far too long');
    // Secrets are never echoed back.
    expect(fields.password!.rejectedValue).toBeUndefined();
    expect(fields.nickname!.message).toMatch(/[가-힣]/);
  });

  it('speaks English and Japanese when asked (jp means ja)', async () => {
    const bad = { ...validBody, nickname: 'far too long' };
    const english = await app.inject({
      method: 'POST',
      url: '/api/v1/probe/1',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: bad,
    });
    expect(english.json()).toMatchObject({ message: 'The request has invalid values.' });
    expect(english.json().subErrors[0].message).toMatch(/Too big/i);

    for (const header of ['ja', 'jp']) {
      const japanese = await app.inject({
        method: 'POST',
        url: '/api/v1/probe/1',
        headers: { 'accept-language': header },
        payload: bad,
      });
      expect(japanese.json()).toMatchObject({ message: '入力値が正しくありません。' });
      expect(japanese.json().subErrors[0].message).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
  });

  it('reports missing fields as required, unknown fields by name, bad params too', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/probe/1',
      headers: { 'accept-language': 'en' },
      payload: { email: 'fan@example.com', extra: 1 },
    });
    expect(missing.statusCode).toBe(400);
    const subErrors = missing.json().subErrors as Array<{ field: string; message: string }>;
    expect(subErrors).toEqual(
      expect.arrayContaining([
        { field: 'password', message: 'This field is required.' },
        { field: 'nickname', message: 'This field is required.' },
        { field: 'extra', message: 'This field is not allowed.' },
      ]),
    );

    const badParam = await app.inject({ method: 'POST', url: '/api/v1/probe/abc', payload: validBody });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().subErrors[0]).toMatchObject({ field: 'id', rejectedValue: 'abc' });
  });

  it('answers 400 in the error shape for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/probe/1',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).message).toBe('The request body could not be read.');
  });

  it('lets a valid request through', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/probe/1', payload: validBody });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('errors', () => {
  it('translates service errors into the error shape in ko, en and ja', async () => {
    const expected = {
      ko: '요청한 리소스를 찾을 수 없습니다.',
      en: 'The requested resource was not found.',
      ja: 'リクエストされたリソースが見つかりません。',
    };
    for (const [language, message] of Object.entries(expected)) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/probe/404',
        headers: { 'accept-language': language },
        payload: validBody,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message, status: 404, code: 'NOT_FOUND' });
    }
  });

  it('answers unknown API paths with a JSON 404, never the web page', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/unknown', '/api']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(errorResponseSchema.parse(response.json())).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const post = await app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(post.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('serves a valid OpenAPI 3 document generated from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    expect(document.paths['/api/v1/health'].get.responses['200']).toBeDefined();
    expect(document.paths['/api/v1/probe/{id}'].post.requestBody).toBeDefined();
  });

  it('serves Swagger UI at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
