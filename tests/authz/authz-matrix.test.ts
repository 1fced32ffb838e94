import { writeFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { AUTHZ_MATRIX, PERSONAS, type Persona, type RouteKey } from '@fanmission/tests/support/authz-matrix';
import {
  ledgerVerifyRunsIdle,
  type MatrixFixtures,
  type OpenApi,
  type Operation,
  operationsOf,
  pathValue,
} from '@fanmission/tests/support/authz-requests';
import { chargeCoins } from '@fanmission/tests/support/coins';
import { createCreator } from '@fanmission/tests/support/creators';
import { multipartForm, PNG_1X1 } from '@fanmission/tests/support/files';
import { createFile, createProduct, fund, insertMission } from '@fanmission/tests/support/missions';
import { browserSubscription } from '@fanmission/tests/support/push-service';

/*
 * The authorization matrix: every operation of the OpenAPI document, called as each of the eight personas,
 * must answer the status declared for it in tests/support/authz-matrix.ts (the one source of truth). One app, one
 * set of fixtures for the whole file; requests carry a minimal valid body so that they reach the permission check.
 * A route with no declaration (or a declaration with no route) fails the first test.
 *
 * AUTHZ_MATRIX_RECORD=<file> writes the observed table instead of comparing (to review, never to copy blindly).
 */

const testApp = useTestApp();
const app = (): FastifyInstance => testApp.current.app;

let document: OpenApi;
let fixtures: MatrixFixtures;
const sessions = new Map<Persona, TestAccount | null>();

const MATRIX_BONUS_ITEM = { itemType: 'BONUS', name: 'matrix', point: 1, price: 0, usdPrice: 0 };

/** Bodies the generator cannot make valid (patterns, cross-field rules), by route. */
let phoneCodes = 0;
const BODY_OVERRIDES: Partial<Record<RouteKey, (f: MatrixFixtures) => unknown>> = {
  'POST /api/v1/users/me/coins/partial-refund': () => ({
    bankAccount: { bankName: '카카오뱅크', bankAccountHolder: 'Matrix', bankAccountNumber: '3333012345678' },
  }),
  'PUT /api/v1/users/me/coin-refunds/{refundId}/bank-account': () => ({
    bankName: '카카오뱅크',
    bankAccountHolder: 'Matrix',
    bankAccountNumber: '3333012345678',
  }),
  'PUT /api/v1/users/{id}': () => ({ username: 'matrix' }),
  // A number of its own per request: one number gets one code a minute, whoever asks.
  'POST /api/v1/users/me/phone/code': () => ({ phone: `0100000${String((phoneCodes += 1)).padStart(4, '0')}` }),
  'POST /api/v1/users/me/phone/confirmation': () => ({ code: '000000' }),
  'POST /api/admin/settlements/batches': () => ({ action: 'approve', year: 2026, month: 1 }),
  'POST /api/admin/settlement-transfer-batches': () => ({ year: 2026, month: 1 }),
  ...Object.fromEntries(
    [
      'POST /api/admin/settlement-transfer-batches/{id}/results/preview',
      'POST /api/admin/settlement-transfer-batches/{id}/results',
    ].map((key) => [
      key,
      () => ({
        csv: 'statementId,account,amount,result\r\n999999,1002999,1000,OK',
        transferReference: 'matrix',
        transferDate: '2026-02-05',
      }),
    ]),
  ),
  'PUT /api/admin/creator-payout-accounts/{id}': () => ({
    bankName: '카카오뱅크',
    bankAccountHolder: 'Matrix',
    bankAccountNumber: '3333012345678',
    reason: 'matrix',
  }),
  'POST /api/admin/creator-payout-accounts/{id}/business-verification': () => ({ reason: 'matrix' }),
  'POST /api/v1/missions': (f) => ({ to: 'Minji', requestComment: 'Hello', missionProductId: f.productId }),
  'POST /api/v1/missions/lucky': (f) => ({ missionProductId: f.productId }),
  'POST /api/v1/users/me/identity-verifications': () => ({ redirectUrl: 'http://localhost:8080/creator/1' }),
  'POST /api/v1/users/me/adult-verification': () => ({ identityVerificationId: 'identity-verification-matrix' }),
  'POST /api/v1/creators/{id}/follower': (f) => ({ userId: f.fanId }),
  'POST /api/v1/missions/{id}/comments': () => ({ content: 'hello' }),
  'POST /api/v1/missions/{id}/perform': (f) => ({ responseComment: 'Done', pictureId: f.fileId }),
  'PUT /api/v1/mission-products/{id}/missions/{missionId}/perform': (f) => ({
    responseComment: 'Done',
    pictureId: f.fileId,
  }),
  'PUT /api/v1/users/me/push-subscriptions': () => {
    const browser = browserSubscription('http://127.0.0.1:9/push/matrix');
    return { endpoint: browser.endpoint, keys: browser.keys };
  },
  // A CASH item keeps the catalogue's rate (a cross-field rule), and waits for approval: a small BONUS item runs at once.
  'POST /api/admin/coin-items': () => MATRIX_BONUS_ITEM,
  'PUT /api/admin/coin-items/{id}': () => MATRIX_BONUS_ITEM,
  'POST /api/v1/payment/bank-transfer': (f) => ({
    coinItemId: 1,
    userId: f.fanId,
    depositorName: 'Matrix',
    depositorPhone: '01012345678',
  }),
};

/** The tus protocol's headers, which every resumable upload request carries. */
const TUS_HEADERS = { 'tus-resumable': '1.0.0' };
const tusCreation = (purpose = 'mission-answer') => ({
  ...TUS_HEADERS,
  'upload-length': String(PNG_1X1.length),
  'upload-metadata': ['filename matrix.png', 'filetype image/png', `purpose ${purpose}`]
    .map((pair) => pair.replace(/ (.*)$/, (_, value: string) => ` ${Buffer.from(value).toString('base64')}`))
    .join(','),
});
const tusPatch = () => ({ ...TUS_HEADERS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' });

/** Headers a route requires besides the session's, by route. */
const HEADER_OVERRIDES: Partial<Record<RouteKey, () => Record<string, string>>> = {
  'POST /api/v1/files/tus': () => tusCreation(),
  'PATCH /api/v1/files/tus/{uploadId}': tusPatch,
  'HEAD /api/v1/files/tus/{uploadId}': () => TUS_HEADERS,
  'DELETE /api/v1/files/tus/{uploadId}': () => TUS_HEADERS,
  'POST /api/admin/files/tus': () => tusCreation('popup-image'),
  'PATCH /api/admin/files/tus/{uploadId}': tusPatch,
  'HEAD /api/admin/files/tus/{uploadId}': () => TUS_HEADERS,
  'DELETE /api/admin/files/tus/{uploadId}': () => TUS_HEADERS,
};

/** Calls that change what the fixtures are (the fan becomes a creator): after every other route. */
const LAST: readonly RouteKey[] = [
  // Refused here (wrong password), but it would end the fan: before he becomes a creator.
  'DELETE /api/v1/users/me',
  'POST /api/v1/users/{id}/creator',
  // The console's logout revokes every session of a staff caller (others get 403): just before the web's.
  'DELETE /api/admin/session',
  // Revokes every session of the caller: the very last call of each persona.
  'POST /api/logout',
];

/** GET first, then the other writes, then deletes, then LAST: the fixtures stay as they are for as long as possible. */
const rank = (operation: Operation) =>
  LAST.includes(operation.key)
    ? 3 + LAST.indexOf(operation.key)
    : operation.method === 'GET'
      ? 0
      : operation.method === 'DELETE'
        ? 2
        : 1;

async function request(operation: Operation, persona: Persona): Promise<number> {
  const url =
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(pathValue(operation.key, name, fixtures)),
    ) +
    (Object.keys(operation.query).length
      ? `?${new URLSearchParams(
          Object.entries(operation.query).map(([name, value]) => [
            name,
            value === 'FAN' ? String(fixtures.fanId) : String(value),
          ]),
        )}`
      : '');
  const session = sessions.get(persona);
  const headers: Record<string, string> = {
    ...(session ? session.headers : {}),
    ...HEADER_OVERRIDES[operation.key]?.(),
  };
  const options: InjectOptions = { method: operation.method as InjectOptions['method'], url, headers };
  if (operation.body === 'multipart') {
    const form = await multipartForm('data', PNG_1X1, 'matrix.png');
    Object.assign(headers, form.headers);
    options.payload = form.payload;
  } else if (operation.body === 'json') {
    options.payload = (BODY_OVERRIDES[operation.key]?.(fixtures) ?? operation.jsonBody) as InjectOptions['payload'];
  }
  const started = performance.now();
  const response = await app().inject(options);
  const ms = performance.now() - started;
  if (ms > 2_000) console.warn(`authz matrix: ${operation.key} as ${persona} took ${Math.round(ms)} ms`);
  return response.statusCode;
}

beforeAll(async () => {
  const response = await app().inject({ method: 'GET', url: '/api/docs/json' });
  document = response.json<OpenApi>();
  const fan = await createAccount(app());
  const otherFan = await createAccount(app());
  const creator = await createCreator(app(), { availableCustom: true, minimumCost: 1 });
  const otherCreator = await createCreator(app());
  sessions.set('visitor', null);
  sessions.set('fan', fan);
  sessions.set('otherFan', otherFan);
  sessions.set('creator', creator);
  sessions.set('otherCreator', otherCreator);
  sessions.set('unverified', await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] }));
  sessions.set('operator', await createAccount(app(), { roles: ['ROLE_OPERATOR'] }));
  sessions.set('finance', await createAccount(app(), { roles: ['ROLE_FINANCE'] }));
  await fund(app().db, fan.id, 1_000);
  // A bank deposit under the name the partial refund's account is held by: the account is the fan's own.
  await chargeCoins(app().db, { userId: fan.id, coins: 10, at: new Date(), via: 'bank', depositorName: 'Matrix' });
  const productId = await createProduct(app().db, creator.creatorId, 'BASIC', { coinPrice: 10 });
  const mission = await insertMission(
    app(),
    { id: productId, type: 'BASIC', coinPrice: 10, minimumCost: null, creator: { id: creator.creatorId } },
    { user_id: fan.id, status: 'COMPLETED', is_private: true },
  );
  const comment = await app()
    .db.insertInto('mission_comments')
    .values({ mission_id: mission.id, user_id: fan.id, content: 'a comment' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const url = await app()
    .db.selectFrom('creators')
    .select('url')
    .where('id', '=', creator.creatorId)
    .executeTakeFirstOrThrow();
  fixtures = {
    fanId: fan.id,
    creatorUserId: creator.id,
    creatorId: creator.creatorId,
    creatorUrl: url.url!,
    productId,
    missionId: mission.id,
    commentId: comment.id,
    fileId: await createFile(app().db, fan.id, 'image'),
    uploadId: String(
      (
        await app().inject({
          method: 'POST',
          url: '/api/v1/files/tus',
          headers: { ...fan.headers, ...tusCreation() },
        })
      ).headers.location,
    )
      .split('/')
      .pop()!,
  };
});

describe('authorization matrix', () => {
  it('declares every route of the OpenAPI document, and nothing else', () => {
    const documented = operationsOf(document).map((operation) => operation.key);
    const declared = Object.keys(AUTHZ_MATRIX);
    expect(
      documented.filter((key) => !(key in AUTHZ_MATRIX)),
      'routes without a declaration',
    ).toEqual([]);
    expect(
      declared.filter((key) => !documented.includes(key as RouteKey)),
      'declarations without a route',
    ).toEqual([]);
  });

  it('answers each persona with the declared status on every route', async () => {
    const record = process.env.AUTHZ_MATRIX_RECORD;
    const observed: Record<string, number[]> = {};
    const mismatches: string[] = [];
    const ordered = operationsOf(document).sort((a, b) => rank(a) - rank(b));
    for (const operation of ordered) {
      const statuses: number[] = [];
      // The owner personas (fan, creator) last within a route, after the others were refused.
      const order: Persona[] = [
        'visitor',
        'unverified',
        'otherFan',
        'otherCreator',
        'finance',
        'operator',
        'creator',
        'fan',
      ];
      const byPersona = new Map<Persona, number>();
      for (const persona of order) {
        byPersona.set(persona, await request(operation, persona));
        // A background ledger verify run started by one persona must end before the next asks (else a 409 that
        // depends on how fast the replay was).
        if (operation.key === 'POST /api/admin/ledger-verify-runs') await ledgerVerifyRunsIdle(app().db);
      }
      for (const persona of PERSONAS) statuses.push(byPersona.get(persona)!);
      observed[operation.key] = statuses;
      const expected = AUTHZ_MATRIX[operation.key];
      if (!record && expected) {
        PERSONAS.forEach((persona, index) => {
          if (expected[index] !== statuses[index]) {
            mismatches.push(`${operation.key} as ${persona}: expected ${expected[index]}, got ${statuses[index]}`);
          }
        });
      }
    }
    if (record) {
      const lines = Object.entries(observed).map(([key, statuses]) => `  '${key}': s\`${statuses.join(' ')}\`,`);
      writeFileSync(record, `${lines.join('\n')}\n`);
      return;
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});
