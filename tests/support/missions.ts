import { randomUUID } from 'node:crypto';
import type { CreateMissionProductRequest, MissionProduct, ProductType, UploadedFile } from '@fanmission/contracts';
import { purchase } from '@fanmission/ledger';
import type { Db } from '@fanmission/services/db';
import { missionWorkflowStartsSettled, type MissionRow, type NewMission } from '@fanmission/services/missions';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAccount, type TestAccount } from '../harness/accounts';
import { createCreator, type TestCreator } from './creators';
import { multipartForm, PNG_1X1 } from './files';

/*
 * Test support for missions, mission products and mission reads: creators, uploads and products through the API or
 * straight in the database, missions written straight into the table (the request API and the workflows own how they
 * really come to be), coins through the ledger.
 */

/**
 * `POST /api/v1<url>` in English, answered once the mission workflows it started have started: a new mission's
 * workflow starts after the answer, and a test skipping time before it runs would skip past its timers.
 */
export async function postAndAwaitWorkflowStarts(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { 'accept-language': 'en', ...headers },
    payload,
  });
  await missionWorkflowStartsSettled(app.ctx.temporal);
  return response;
}

/** A verified creator who takes custom missions from 1 coin unless told otherwise. */
export async function createVerifiedCreator(
  app: FastifyInstance,
  options: { availableCustom?: boolean; minimumCost?: number } = {},
): Promise<TestCreator> {
  return createCreator(app, {
    verified: true,
    availableCustom: options.availableCustom ?? true,
    minimumCost: options.minimumCost ?? 1,
  });
}

let sortOrder = 0;

export async function createProduct(
  db: Db,
  creatorId: number,
  type: Exclude<ProductType, 'EVENT'>,
  options: { coinPrice?: number; minimumCost?: number; winProbability?: number; allowAttachments?: boolean } = {},
): Promise<number> {
  sortOrder += 1;
  const row = await db
    .insertInto('mission_products')
    .values({
      creator_id: creatorId,
      type,
      name: `${type.toLowerCase()} mission ${sortOrder}`,
      coin_price: type === 'CUSTOM' ? null : (options.coinPrice ?? 10),
      minimum_cost: type === 'CUSTOM' ? (options.minimumCost ?? 50) : null,
      win_probability: type === 'LUCKY' ? (options.winProbability ?? 10) : null,
      allow_attachments: options.allowAttachments ?? false,
      description: 'a test mission',
      sort_order: sortOrder,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Credits purchased coins to a member's wallet. */
export async function fund(db: Db, userId: number, coins: number, now: Date = new Date()): Promise<void> {
  await purchase(db, {
    userId,
    coins,
    paymentId: `payment-${randomUUID()}`,
    idempotencyKey: `purchase-${randomUUID()}`,
    now,
  });
}

export async function createFan(app: FastifyInstance, coins = 0): Promise<TestAccount> {
  const fan = await createAccount(app);
  // By the app's clock: a workflow suite's clock follows the time-skipping server, years ahead of the wall clock.
  if (coins > 0) await fund(app.db, fan.id, coins, app.ctx.now());
  return fan;
}

/** An uploaded file of the member, straight in `files` (for attachments and performances). */
export async function createFile(db: Db, ownerUserId: number, kind: 'image' | 'video' | 'audio'): Promise<number> {
  const row = await db
    .insertInto('files')
    .values({
      owner_user_id: ownerUserId,
      storage_key: `test/${randomUUID()}`,
      filename: `upload.${kind === 'image' ? 'png' : kind === 'video' ? 'mp4' : 'mp3'}`,
      content_type: kind === 'image' ? 'image/png' : kind === 'video' ? 'video/mp4' : 'audio/mpeg',
      kind,
      size_bytes: 10,
      thumbnail_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const basicRequest = (missionProductId: number, overrides: Record<string, unknown> = {}) => ({
  to: 'Minji',
  requestComment: 'Please say happy birthday',
  missionProductId,
  ...overrides,
});

/** Uploads a file through `POST /files/s3` as the account. */
export async function uploadFile(
  app: FastifyInstance,
  account: TestAccount,
  bytes: Buffer = PNG_1X1,
  filename = 'cover.png',
): Promise<UploadedFile> {
  const form = await multipartForm('data', bytes, filename);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/files/s3',
    headers: { ...form.headers, ...account.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UploadedFile>();
}

/** A product registered through the API with a freshly uploaded cover. */
export async function registerProduct(
  app: FastifyInstance,
  creator: TestCreator,
  fields: Partial<CreateMissionProductRequest> & Pick<CreateMissionProductRequest, 'type'>,
): Promise<MissionProduct> {
  const defaults = {
    BASIC: { name: 'Birthday song', coinPrice: 100, description: 'I sing your name', allowAttachments: false },
    LUCKY: { name: 'Lucky dance', coinPrice: 10, winProbability: 5, description: 'A dance', alwaysPrivate: false },
    CUSTOM: { minimumCost: 300 },
    EVENT: {},
  }[fields.type];
  const needsCover = fields.type !== 'CUSTOM' && !('descriptionPictureId' in fields);
  const cover = needsCover ? { descriptionPictureId: (await uploadFile(app, creator)).id } : {};
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/mission-products',
    headers: creator.headers,
    payload: { creatorId: creator.creatorId, ...defaults, ...cover, ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MissionProduct>();
}

/** A mission row in whatever state a test needs, with the columns its status requires. */
export async function insertMission(
  app: FastifyInstance,
  product: Pick<MissionProduct, 'id' | 'type' | 'coinPrice' | 'minimumCost'> & { creator: { id: number } },
  values: Partial<NewMission> & Pick<NewMission, 'user_id' | 'status'>,
): Promise<MissionRow> {
  const created = values.created_at ?? new Date();
  return await app.db
    .insertInto('missions')
    .values({
      product_id: product.id,
      creator_id: product.creator.id,
      type: product.type,
      coin_price: product.coinPrice ?? product.minimumCost ?? 100,
      recipient_name: 'Minji',
      request_comment: 'Please say happy birthday',
      created_at: created,
      ...(values.status === 'COMPLETED' && { completed_at: created, response_comment: 'Happy birthday!' }),
      ...(values.status === 'REJECTED' && { rejection_reason: 'PERFORM_EXPIRED', rejected_at: created }),
      ...(values.status === 'ACCEPTED' && { accepted_at: created }),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
