import { randomUUID } from 'node:crypto';
import { holdForMission, purchase, releaseToCreator } from '@fanmission/ledger';
import type { Db } from '@fanmission/services/db';
import { identityNameHmac } from '@fanmission/services/creators';
import { isBusinessRegistered, type BusinessType } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { createAccount, type TestAccount } from '../harness/accounts';

/*
 * Test support for the income and settlement suites: verified creators, and missions completed and released to them
 * through the real ledger at a chosen instant (the month they count in), straight in the database.
 */

/** The name an income creator's identity check verified, and the holder of his account. */
export const INCOME_CREATOR_HOLDER = '홍길동';

export interface IncomeCreator extends TestAccount {
  creatorId: number;
}

export async function createIncomeCreator(
  app: FastifyInstance,
  options: {
    overseas?: boolean;
    foreigner?: boolean;
    bank?: boolean;
    businessType?: BusinessType | null;
    /** The account's holder check (docs/rules/settlement.md): VERIFIED unless asked otherwise. */
    verification?: 'VERIFIED' | 'UNVERIFIED' | null;
  } = {},
): Promise<IncomeCreator> {
  const account = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
  // His identity check verified the name his account is held in: a new account of his is VERIFIED by the sandbox.
  await app.db
    .updateTable('users')
    .set({ identity_name_hmac: identityNameHmac(app.ctx.config, INCOME_CREATOR_HOLDER) })
    .where('id', '=', account.id)
    .execute();
  const withBank = options.bank ?? true;
  const businessType = options.businessType === undefined ? 'PRIVATE' : options.businessType;
  const creator = await app.db
    .updateTable('creators')
    .set({
      verified: true,
      payout_overseas: options.overseas ?? false,
      payout_foreigner: options.foreigner ?? false,
      // A 개인사업자 unless asked otherwise, his registration verified: nothing withheld, so a statement pays all its
      // income (an individual, `businessType: 'NONE'` or null, has 3.3 % withheld: docs/rules/settlement.md).
      business_type: businessType,
      ...(isBusinessRegistered(businessType) && {
        business_registration_number: '1234567891',
        verified_business_type: businessType ?? 'NONE',
        verified_business_name: '별빛상점',
        verified_business_number: '1234567891',
        business_verified_at: new Date(),
      }),
      bank_name: withBank ? '국민은행' : null,
      bank_account_holder: withBank ? INCOME_CREATOR_HOLDER : null,
      bank_account_number: withBank ? `1002${account.id}`.slice(0, 30) : null,
    })
    .where('user_id', '=', account.id)
    .returning(['id', 'bank_name', 'bank_account_number'])
    .executeTakeFirstOrThrow();
  const verification = options.verification === undefined ? 'VERIFIED' : options.verification;
  if (verification && creator.bank_name && creator.bank_account_number) {
    await setPayoutAccountVerification(app.db, creator.id, verification);
  }
  return { ...account, creatorId: creator.id };
}

/**
 * Records the holder check of the creator's current payout account, straight in the database: VERIFIED (its holder
 * the creator, as the bank answered) or UNVERIFIED (queued, not due).
 */
export async function setPayoutAccountVerification(
  db: Db,
  creatorId: number,
  status: 'VERIFIED' | 'UNVERIFIED',
): Promise<void> {
  const creator = await db
    .selectFrom('creators')
    .select(['bank_name', 'bank_account_holder', 'bank_account_number'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  const values = {
    status,
    matched: status === 'VERIFIED' ? ('REAL_NAME' as const) : null,
    bank_holder: status === 'VERIFIED' ? creator.bank_account_holder : null,
    failure: null,
    next_attempt_at: null,
    queued_at: new Date(),
    checked_at: status === 'VERIFIED' ? new Date() : null,
  };
  await db
    .insertInto('payout_account_verifications')
    .values({
      creator_id: creatorId,
      bank_name: creator.bank_name!,
      bank_account_number: creator.bank_account_number!,
      ...values,
    })
    .onConflict((conflict) => conflict.columns(['creator_id', 'bank_name', 'bank_account_number']).doUpdateSet(values))
    .execute();
}

let products = 0;

/**
 * A fan's mission for the creator, completed (on time) and its coins released to the creator at `at`: funds the fan,
 * holds the coins in escrow and releases them, all through the ledger.
 */
export async function releasedMission(
  db: Db,
  input: { creatorId: number; coins: number; at: Date; fanId?: number; productName?: string },
): Promise<{ missionId: number; fanId: number; transactionId: number }> {
  const fanId =
    input.fanId ??
    (
      await db
        .insertInto('users')
        .values({
          username: `fan-${randomUUID().slice(0, 8)}`,
          provider: 'local',
          roles: ['ROLE_USER'],
          password_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  products += 1;
  const product = await db
    .insertInto('mission_products')
    .values({
      creator_id: input.creatorId,
      type: 'BASIC',
      name: input.productName ?? `생일 축하 영상 ${products}`,
      coin_price: input.coins,
      minimum_cost: null,
      win_probability: null,
      description: 'a test mission',
      sort_order: products,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const requestedAt = new Date(input.at.getTime() - 60 * 60 * 1000);
  const mission = await db
    .insertInto('missions')
    .values({
      product_id: product.id,
      creator_id: input.creatorId,
      user_id: fanId,
      type: 'BASIC',
      status: 'COMPLETED',
      coin_price: input.coins,
      requested_at: requestedAt,
      accepted_at: requestedAt,
      perform_due_at: new Date(requestedAt.getTime() + 10 * 24 * 60 * 60 * 1000),
      completed_at: input.at,
      workflow_started_at: requestedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await purchase(db, {
    userId: fanId,
    coins: input.coins,
    paymentId: `payment-${randomUUID()}`,
    idempotencyKey: `purchase-${randomUUID()}`,
    now: new Date(requestedAt.getTime() - 1000),
  });
  await holdForMission(db, {
    userId: fanId,
    missionId: mission.id,
    coins: input.coins,
    idempotencyKey: `hold-${mission.id}`,
    now: requestedAt,
  });
  const release = await releaseToCreator(db, {
    missionId: mission.id,
    creatorId: input.creatorId,
    idempotencyKey: `release-${mission.id}`,
    now: input.at,
  });
  return { missionId: mission.id, fanId, transactionId: release.transactionId };
}

/** Finance's settlement run of a month (`POST /api/admin/settlement-runs`, 200): the ids of the statements it issued. */
export async function settleMonth(
  app: FastifyInstance,
  finance: TestAccount,
  month: { year: number; month: number },
): Promise<number[]> {
  const run = await app.inject({
    method: 'POST',
    url: '/api/admin/settlement-runs',
    headers: finance.headers,
    payload: month,
  });
  if (run.statusCode !== 200) throw new Error(`the settlement run of ${month.year}-${month.month}: ${run.body}`);
  return run.json<{ statementIds: number[] }>().statementIds;
}
