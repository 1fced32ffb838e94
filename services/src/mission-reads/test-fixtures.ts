import type { CreateMissionProductRequest, MissionProduct, Role, UploadedFile } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { multipartForm, PNG_1X1 } from '../files/test-samples';
import type { NewMission, MissionRow } from '../missions';

/*
 * Test support for mission products and mission reads: creators, uploads and products through the API, and missions
 * written straight into the table (the request API and the workflows own how they really come to be).
 */

export interface TestCreator extends TestAccount {
  creatorId: number;
}

/** A creator account (verified unless told otherwise). */
export async function createCreator(
  app: FastifyInstance,
  options: { verified?: boolean; username?: string; roles?: Role[] } = {},
): Promise<TestCreator> {
  const account = await createAccount(app, {
    roles: options.roles ?? ['ROLE_USER', 'ROLE_CREATOR'],
    ...(options.username && { username: options.username }),
  });
  const creator = await app.db
    .updateTable('creators')
    .set({ verified: options.verified ?? true })
    .where('user_id', '=', account.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...account, creatorId: creator.id };
}

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
