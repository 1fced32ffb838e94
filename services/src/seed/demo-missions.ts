import { DEADLINES } from '@fanmission/contracts';
import {
  earningsAccount,
  holdForMission,
  purchase,
  refundMission,
  releaseToCreator,
  walletAccount,
} from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { domainEvent, recordEvents } from '../outbox';
import { applyCustomSettingsToProduct } from '../mission-products';
import { type MissionRow, penalizeCreator } from '../missions';
import { drawDemoPicture, storeDemoImage, type DemoMotif } from './demo-images';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoProduct {
  type: 'BASIC' | 'LUCKY';
  name: string;
  /** BASIC: the description; LUCKY: the perform item. */
  description: string;
  coinPrice: number;
  /** LUCKY: percent. */
  winProbability?: number;
  allowAttachments?: boolean;
  motif: DemoMotif;
}

interface DemoCreatorProducts {
  url: string;
  colours: [string, string];
  products: DemoProduct[];
  /** A CUSTOM product (and the creator's custom settings) with this minimum offer. */
  customMinimumCost?: number;
}

/** Products of the verified demo creators (by creator url). */
export const DEMO_PRODUCTS: DemoCreatorProducts[] = [
  {
    url: 'starlight',
    colours: ['#6a5af9', '#f7a8d8'],
    customMinimumCost: 100,
    products: [
      {
        type: 'BASIC',
        name: '생일 축하 노래',
        description: '이름을 넣어 생일 축하 노래를 불러 드려요. 받는 분의 이름을 꼭 적어 주세요!',
        coinPrice: 50,
        motif: 'note',
      },
      {
        type: 'BASIC',
        name: '응원 음성 메시지',
        description: '시험, 면접, 새 출발을 앞둔 분께 힘이 되는 응원 메시지를 음성으로 보내 드립니다.',
        coinPrice: 30,
        allowAttachments: true,
        motif: 'heart',
      },
      {
        type: 'LUCKY',
        name: '럭키 별빛 라이브',
        description: '당첨되면 신청곡 한 소절을 라이브로 불러 드려요.',
        coinPrice: 10,
        winProbability: 5,
        motif: 'star',
      },
    ],
  },
  {
    url: 'skydance',
    colours: ['#2fb4ff', '#c1f0ff'],
    customMinimumCost: 150,
    products: [
      {
        type: 'BASIC',
        name: '포인트 안무 영상',
        description: '원하는 K-POP 곡의 포인트 안무를 영상으로 보내 드려요.',
        coinPrice: 80,
        motif: 'star',
      },
      {
        type: 'LUCKY',
        name: '럭키 댄스 챌린지',
        description: '당첨되면 이름을 부르며 댄스 챌린지 영상을 찍어 드려요.',
        coinPrice: 10,
        winProbability: 3.5,
        motif: 'clover',
      },
    ],
  },
  {
    url: 'cookingbear',
    colours: ['#ff9f43', '#ffe1b5'],
    products: [
      {
        type: 'BASIC',
        name: '냉장고 파먹기 레시피',
        description: '냉장고 속 재료 세 가지를 알려 주시면 10분 레시피를 사진과 함께 보내 드립니다.',
        coinPrice: 40,
        motif: 'bowl',
      },
      {
        type: 'LUCKY',
        name: '럭키 도시락 메뉴',
        description: '당첨되면 일주일 도시락 메뉴를 짜 드려요.',
        coinPrice: 5,
        winProbability: 10,
        motif: 'gift',
      },
    ],
  },
  {
    url: 'gameking',
    colours: ['#1e272e', '#576574'],
    products: [
      {
        type: 'BASIC',
        name: '닉네임 응원 영상',
        description: '방송 중에 닉네임을 불러 드리고 응원 영상을 남겨 드려요.',
        coinPrice: 60,
        motif: 'gamepad',
      },
      {
        type: 'LUCKY',
        name: '럭키 듀오 한 판',
        description: '당첨되면 함께 게임 한 판을 플레이해요.',
        coinPrice: 20,
        winProbability: 0.5,
        motif: 'clover',
      },
    ],
  },
  {
    url: 'nightwhisper',
    colours: ['#3d1c4f', '#8e44ad'],
    products: [
      {
        type: 'BASIC',
        name: '잠들기 전 ASMR',
        description: '이름을 불러 드리는 10분 수면 ASMR을 보내 드려요.',
        coinPrice: 70,
        motif: 'moon',
      },
    ],
  },
];

type DemoMissionState = 'COMPLETED' | 'ACCEPTED' | 'REJECTED';

interface DemoMission {
  /** Stored as the mission's idempotency key of the demo fan: seeded once. */
  key: string;
  creatorUrl: string;
  /** The creator's BASIC product of that name. */
  productName: string;
  state: DemoMissionState;
  /** Days before the seeding the fan requested it. */
  requestedDaysAgo: number;
  recipient: string;
  requestComment: string;
  private?: boolean;
  /** COMPLETED: the creator's answer. */
  responseComment?: string;
  answerMotif?: DemoMotif;
}

export const DEMO_FAN_EMAIL = 'fan@fanmission.local';
/** Coins the demo fan bought (once), enough for the seeded missions and some to try requests with. */
export const DEMO_FAN_COINS = 1_000;

/** The demo fan's missions: two delivered, one in progress (its workflow is started by the reconciler), one expired. */
export const DEMO_MISSIONS: DemoMission[] = [
  {
    key: 'demo-mission-completed-song',
    creatorUrl: 'starlight',
    productName: '생일 축하 노래',
    state: 'COMPLETED',
    requestedDaysAgo: 6,
    recipient: '지민',
    requestComment: '친구 지민이의 생일이에요! 밝은 노래로 축하해 주세요.',
    responseComment: '지민 님, 생일 축하드려요! 오늘 하루 별빛처럼 반짝이길 바라요.',
    answerMotif: 'note',
  },
  {
    key: 'demo-mission-completed-recipe',
    creatorUrl: 'cookingbear',
    productName: '냉장고 파먹기 레시피',
    state: 'COMPLETED',
    requestedDaysAgo: 4,
    recipient: '팬하나',
    requestComment: '계란, 양파, 김치가 있어요. 간단한 요리 부탁드려요!',
    responseComment: '김치 양파 계란볶음밥 레시피예요. 마지막에 참기름 한 방울 잊지 마세요!',
    answerMotif: 'bowl',
  },
  {
    key: 'demo-mission-accepted-dance',
    creatorUrl: 'skydance',
    productName: '포인트 안무 영상',
    state: 'ACCEPTED',
    requestedDaysAgo: 2,
    recipient: '팬하나',
    requestComment: '요즘 유행하는 챌린지 곡의 포인트 안무를 배우고 싶어요.',
  },
  {
    key: 'demo-mission-rejected-game',
    creatorUrl: 'gameking',
    productName: '닉네임 응원 영상',
    state: 'REJECTED',
    requestedDaysAgo: 15,
    recipient: '팬하나',
    requestComment: '대회 나가기 전에 응원 한마디 부탁드려요!',
    private: true,
  },
];

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
  const missing = DEMO_MISSIONS.filter((mission) => !done.has(mission.key));
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
