import { DAY_MS, DEADLINES } from '@fanmission/contracts';
import {
  earningsAccount,
  holdForMission,
  purchase,
  refundMission,
  releaseToCreator,
  walletAccount,
} from '@fanmission/ledger';
import { newSecretToken } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { domainEvent, recordEvents } from '../outbox';
import { applyCustomSettingsToProduct } from '../mission-products';
import { type MissionRow, penalizeCreator } from '../missions';
import { drawDemoPicture, storeDemoImage } from './demo-images';
import {
  type DemoCreatorProducts,
  DEMO_PRODUCTS,
  type DemoMission,
  DEMO_FAN_EMAIL,
  DEMO_FAN_COINS,
  DEMO_MISSIONS,
} from './demo-catalog';
/**
 * Mission products for the verified demo creators that have none yet (BASIC and LUCKY with drawn covers, a CUSTOM
 * product kept equal to the creator's custom settings), then the demo fan's missions not seeded yet, each in one
 * transaction with its coins moved through the ledger. Final missions (COMPLETED, REJECTED) need no workflow; the
 * ACCEPTED one is left without `workflow_started_at`, so the worker's reconciler starts its workflow with the stored
 * deadline. Running it again adds nothing.
 */
export async function seedDemoMissions(ctx: ServiceContext): Promise<void> {
  for (const creator of DEMO_PRODUCTS) await seedCreatorProducts(ctx, creator);

  const fan = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_FAN_EMAIL).executeTakeFirst();
  if (!fan) return;
  const seeded = await ctx.db
    .selectFrom('missions')
    .select('idempotency_key')
    .where('user_id', '=', fan.id)
    .where(
      'idempotency_key',
      'in',
      DEMO_MISSIONS.map((mission) => mission.key),
    )
    .execute();
  const done = new Set(seeded.map((row) => row.idempotency_key));
  // In the demo world the creators' products are the generator's: the fan's hand-made missions have none to ask.
  const offered = await ctx.db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .select(['c.url', 'p.name'])
    .where('p.type', '=', 'BASIC')
    .execute();
  const missing = DEMO_MISSIONS.filter(
    (mission) =>
      !done.has(mission.key) &&
      offered.some((product) => product.url === mission.creatorUrl && product.name === mission.productName),
  );
  if (missing.length === 0) return;
  const now = ctx.now();
  // Bought a month ago (one purchase, whatever the number of runs: the ledger keeps it once per key).
  await purchase(ctx.db, {
    userId: fan.id,
    coins: DEMO_FAN_COINS,
    paymentId: `demo-${fan.id}`,
    idempotencyKey: `demo-purchase:${fan.id}`,
    now: new Date(now.getTime() - 30 * DAY_MS),
  });
  for (const mission of missing) await seedMission(ctx, fan.id, mission, now);
}

async function seedCreatorProducts(ctx: ServiceContext, demo: DemoCreatorProducts): Promise<void> {
  const creator = await ctx.db
    .selectFrom('creators')
    .select(['id', 'user_id', 'verified'])
    .where('url', '=', demo.url)
    .executeTakeFirst();
  if (!creator?.verified) return;
  const existing = await ctx.db
    .selectFrom('mission_products')
    .select('id')
    .where('creator_id', '=', creator.id)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const covers = await Promise.all(demo.products.map((product) => drawDemoPicture(demo.colours, product.motif)));
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const sortOrders = { BASIC: 0, LUCKY: 0 };
    for (const [index, product] of demo.products.entries()) {
      const cover = await storeDemoImage(ctx, trx, creator.user_id, covers[index]!, 'cover.png');
      sortOrders[product.type] += 1;
      await trx
        .insertInto('mission_products')
        .values({
          creator_id: creator.id,
          type: product.type,
          name: product.name,
          coin_price: product.coinPrice,
          minimum_cost: null,
          win_probability: product.type === 'LUCKY' ? product.winProbability! : null,
          always_private: false,
          allow_attachments: product.allowAttachments ?? false,
          description: product.description,
          description_picture_file_id: cover,
          active: true,
          sort_order: sortOrders[product.type],
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    if (demo.customMinimumCost !== undefined) {
      await trx
        .updateTable('creators')
        .set({ available_custom: true, minimum_cost: demo.customMinimumCost })
        .where('id', '=', creator.id)
        .execute();
      await applyCustomSettingsToProduct(
        trx,
        creator.id,
        { availableCustom: true, minimumCost: demo.customMinimumCost },
        now,
        'ko',
      );
    }
  });
}

async function seedMission(ctx: ServiceContext, fanId: number, demo: DemoMission, now: Date): Promise<void> {
  const product = await ctx.db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .select(['p.id', 'p.creator_id', 'p.name', 'p.coin_price', 'c.user_id as creator_user_id'])
    .where('c.url', '=', demo.creatorUrl)
    .where('p.type', '=', 'BASIC')
    .where('p.name', '=', demo.productName)
    .executeTakeFirst();
  if (!product) return;
  const coins = product.coin_price ?? 0;
  const requestedAt = new Date(now.getTime() - demo.requestedDaysAgo * DAY_MS);
  const performDueAt = new Date(requestedAt.getTime() + DEADLINES.missionPerformDays * DAY_MS);
  // COMPLETED: performed two days after the request; REJECTED: at its deadline.
  const completedAt = new Date(requestedAt.getTime() + 2 * DAY_MS);
  const answer =
    demo.state === 'COMPLETED' ? await drawDemoPicture(['#ffffff', '#ffd166'], demo.answerMotif ?? 'star') : null;

  await ctx.db.transaction().execute(async (trx) => {
    const mission = await trx
      .insertInto('missions')
      .values({
        product_id: product.id,
        creator_id: product.creator_id,
        user_id: fanId,
        type: 'BASIC',
        status: 'ACCEPTED',
        coin_price: coins,
        is_private: demo.private ?? false,
        to_friend: false,
        recipient_name: demo.recipient,
        sender_name: null,
        request_comment: demo.requestComment,
        request_file_id: null,
        requested_at: requestedAt,
        accepted_at: requestedAt,
        perform_due_at: performDueAt,
        created_at: requestedAt,
        idempotency_key: demo.key,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await holdForMission(trx, {
      userId: fanId,
      missionId: mission.id,
      coins,
      idempotencyKey: `mission-hold:${mission.id}`,
      now: requestedAt,
    });
    const parties = { missionId: mission.id, creatorId: product.creator_id, userId: fanId };
    await recordEvents(trx, [
      domainEvent(
        'mission.requested',
        {
          ...parties,
          productId: product.id,
          productType: 'BASIC',
          productName: product.name,
          coinPrice: coins,
          status: 'ACCEPTED',
        },
        requestedAt,
      ),
    ]);
    if (demo.state === 'COMPLETED') {
      await completeMission(ctx, trx, mission, { ...demo, answer: answer! }, product, completedAt);
      if (demo.shareLink) {
        // Its token is shown to nobody (only the hash is kept): the fan sees the link active, and revokes or renews it.
        await trx
          .insertInto('mission_share_links')
          .values({ mission_id: mission.id, token_hash: newSecretToken().hash, created_by: fanId, revoked_at: null })
          .execute();
      }
    } else if (demo.state === 'REJECTED') {
      await expireMission(trx, mission, product.name, performDueAt);
    }
  });
}

async function completeMission(
  ctx: ServiceContext,
  trx: DbExecutor,
  mission: MissionRow,
  demo: DemoMission & { answer: Buffer },
  product: { name: string; creator_user_id: number },
  at: Date,
): Promise<void> {
  const picture = await storeDemoImage(ctx, trx, product.creator_user_id, demo.answer, 'answer.png');
  const release = await releaseToCreator(trx, {
    missionId: mission.id,
    creatorId: mission.creator_id,
    idempotencyKey: `mission-release:${mission.id}`,
    now: at,
  });
  await trx
    .updateTable('missions')
    .set({
      status: 'COMPLETED',
      response_comment: demo.responseComment ?? null,
      picture_file_id: picture,
      completed_at: at,
      updated_at: at,
    })
    .where('id', '=', mission.id)
    .execute();
  const earnings = earningsAccount(mission.creator_id);
  await recordEvents(trx, [
    domainEvent(
      'mission.completed',
      {
        missionId: mission.id,
        creatorId: mission.creator_id,
        userId: mission.user_id,
        productName: product.name,
        productType: 'BASIC',
        coins: release.postings.find((posting) => posting.account === earnings)?.amount ?? 0,
        completedAt: at.toISOString(),
        onTime: true,
      },
      at,
    ),
  ]);
}

/** Not performed in 10 days: refunded in full, the creator warned (penalty level 1), as the workflow does. */
async function expireMission(trx: DbExecutor, mission: MissionRow, productName: string, at: Date): Promise<void> {
  const refund = await refundMission(trx, {
    missionId: mission.id,
    reason: 'REJECTED',
    idempotencyKey: `mission-refund:${mission.id}`,
    now: at,
  });
  const refundedCoins =
    refund.postings.find((posting) => posting.account === walletAccount(mission.user_id))?.amount ?? 0;
  await trx
    .updateTable('missions')
    .set({
      status: 'REJECTED',
      rejection_reason: 'PERFORM_EXPIRED',
      refunded_coins: refundedCoins,
      rejected_at: at,
      updated_at: at,
    })
    .where('id', '=', mission.id)
    .execute();
  await recordEvents(trx, [
    domainEvent(
      'mission.rejected',
      {
        missionId: mission.id,
        creatorId: mission.creator_id,
        userId: mission.user_id,
        productName,
        reason: 'PERFORM_EXPIRED',
        feedback: null,
        refundedCoins,
      },
      at,
    ),
  ]);
  await penalizeCreator(trx, { creatorId: mission.creator_id, missionId: mission.id, at });
}
