import { randomUUID } from 'node:crypto';
import type { ProductType } from '@fanmission/contracts';
import { purchase } from '@fanmission/ledger';
import type { FastifyInstance } from 'fastify';
import { createAccount, type TestAccount } from '../../../tests/harness/accounts';
import type { Db } from '../db';

/*
 * Test support for the missions suites: products and creators straight in the database (the products API is another
 * module's), coins through the ledger.
 */

export interface TestCreator extends TestAccount {
  creatorId: number;
}

export async function createVerifiedCreator(
  app: FastifyInstance,
  options: { availableCustom?: boolean; minimumCost?: number } = {},
): Promise<TestCreator> {
  const account = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
  const creator = await app.db
    .updateTable('creators')
    .set({
      verified: true,
      available_custom: options.availableCustom ?? true,
      minimum_cost: options.minimumCost ?? 1,
    })
    .where('user_id', '=', account.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...account, creatorId: creator.id };
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
