import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  DAY_MS,
  decideSettlement,
  koreaMonthRange,
  monthKey,
  type CreatorGrade,
  type MonthEarning,
} from '@fanmission/contracts';
import { BulkLedger, insertRecords, type LedgerEntry } from '@fanmission/ledger';
import { hashPassword } from '../auth';
import { bankTransferPaymentId } from '../coins';
import { carriedOverAmounts, issuedAmounts, statementBase } from '../income';
import type { Db } from '../db';
import { Random } from './random';

/** Members (fans), creators, missions of every state and comments of each size; the rest follows from these. */
export const WORLD_SIZES = {
  XS: { members: 400, creators: 40, missions: 2_000, comments: 2_000 },
  S: { members: 10_000, creators: 1_000, missions: 50_000, comments: 50_000 },
  M: { members: 100_000, creators: 10_000, missions: 500_000, comments: 500_000 },
  L: { members: 1_000_000, creators: 50_000, missions: 5_000_000, comments: 5_000_000 },
} as const;
export type WorldSize = keyof typeof WORLD_SIZES;

/** Every generated account's password (the demo accounts' too). */
export const WORLD_PASSWORD = 'fanmission1';
export const WORLD_OPERATOR_EMAIL = 'operator@world.local';
export const worldFanEmail = (index: number) => `fan${index}@world.local`;
export const worldCreatorEmail = (index: number) => `creator${index}@world.local`;

export interface WorldOptions {
  size: WorldSize;
  seed?: number;
  /** The world's present: its history covers the 12 months before. */
  now: Date;
  /** The event consumers whose checkpoints are set past the generated history (the runtime's `EVENT_CONSUMERS`). */
  consumers: readonly string[];
  log?: (line: string) => void;
}

export interface WorldReport {
  size: WorldSize;
  seconds: number;
  /** Rows written and the seconds spent writing them, per table. */
  tables: { table: string; rows: number; seconds: number }[];
}

const TAGS = ['노래', '토크', '게임', '요리', '댄스', '여행', 'ASMR', '운동', '그림', '음악', '공부', '먹방'];
const PAY_METHODS = [
  { method: 'kakaopay', provider: 'portone', weight: 0.4 },
  { method: 'card', provider: 'portone', weight: 0.35 },
  { method: 'paypal', provider: 'paypal', weight: 0.1 },
  { method: 'bank', provider: null, weight: 0.15 },
] as const;
const REJECTIONS = [
  { reason: 'REFUSED', weight: 0.4, kind: 'MISSION_REFUSED' },
  { reason: 'DECISION_EXPIRED', weight: 0.3, kind: 'MISSION_DECISION_EXPIRED' },
  { reason: 'PERFORM_EXPIRED', weight: 0.2, kind: 'MISSION_PERFORM_EXPIRED' },
  { reason: 'CANCELED', weight: 0.1, kind: 'MISSION_CANCELED' },
] as const;
const HISTORY_DAYS = 365;
const COIN_ITEMS = [
  { id: 1, point: 10, price: 1000 },
  { id: 2, point: 30, price: 3000 },
  { id: 3, point: 50, price: 5000 },
  { id: 4, point: 100, price: 10000 },
  { id: 5, point: 300, price: 30000 },
  { id: 6, point: 500, price: 50000 },
  { id: 7, point: 1000, price: 100000 },
];

type Row = Record<string, unknown>;
interface Product {
  id: number;
  creatorId: number;
  type: 'BASIC' | 'LUCKY' | 'CUSTOM' | 'EVENT';
  name: string;
  price: number;
}
interface Mission {
  id: number;
  product: Product;
  userId: number;
  status: string;
  price: number;
  isPrivate: boolean;
  requestedAt: Date;
  acceptedAt: Date | null;
  completedAt: Date | null;
  rejectedAt: Date | null;
  rejection: (typeof REJECTIONS)[number] | null;
  rolls: number;
  won: boolean;
}

/**
 * Generates a marketplace into an empty, migrated database, deterministically from the seed: members and creators
 * (a few creators hold most followers and missions, most fans buy once or twice), products of each type, follows,
 * likes, missions in every state with their coins where that state leaves them, comments, charges of every payment
 * method, withdrawals and partial refunds, lucky rolls, lottery events with applicants, notifications, and the
 * settlement of the past 12 months (the product's own `settleMonth`). Every coin movement is a ledger transaction
 * through `BulkLedger` (the ledger's own deciders), so `verify` is clean afterwards; the ledger's events are the
 * outbox history, marked delivered, and every consumer's checkpoint stands after them.
 */
export async function generateWorld(db: Db, options: WorldOptions): Promise<WorldReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const shape = WORLD_SIZES[options.size];
  const random = new Random(options.seed ?? 39);
  const now = options.now;
  const since = now.getTime() - HISTORY_DAYS * DAY_MS;
  const at = (time: number) => new Date(Math.min(time, now.getTime() - 60_000));
  const tables: WorldReport['tables'] = [];
  const write = async (table: string, rows: Row[], overriding = true) => {
    const start = performance.now();
    await insertRecords(db, table, rows, { overriding });
    const seconds = (performance.now() - start) / 1000;
    tables.push({ table, rows: rows.length, seconds });
    log(`${table}: ${rows.length} rows, ${Math.round(rows.length / Math.max(seconds, 0.001))} rows/s`);
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => random.below(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };

  const { rows: used } = await sql<{ used: boolean }>`select exists (select 1 from users) as used`.execute(db);
  if (used[0]!.used) throw new Error('the world generator writes into an empty database only');
  const ledger = await BulkLedger.open(db);
  const passwordHash = await hashPassword(WORLD_PASSWORD);

  // Accounts: the operator (1), creators (2 .. C+1), fans after them.
  const operatorId = 1;
  const creatorUser = (creator: number) => 1 + creator;
  const fanUser = (fan: number) => 2 + shape.creators + fan;
  const users: Row[] = [];
  const user = (id: number, email: string, roles: string[], createdAt: Date) =>
    users.push({
      id,
      email,
      username: email.split('@')[0],
      password_hash: passwordHash,
      provider: 'local',
      language: random.chance(0.7) ? 'ko' : random.pick(['en', 'ja']),
      roles,
      email_verified_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    });
  user(operatorId, WORLD_OPERATOR_EMAIL, ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'], new Date(since - DAY_MS));
  const joined = () => at(since - 30 * DAY_MS + random.below(HISTORY_DAYS * DAY_MS));
  for (let creator = 1; creator <= shape.creators; creator++) {
    user(creatorUser(creator), worldCreatorEmail(creator), ['ROLE_USER', 'ROLE_CREATOR'], new Date(since - DAY_MS));
  }
  for (let fan = 1; fan <= shape.members; fan++) user(fanUser(fan), worldFanEmail(fan), ['ROLE_USER'], joined());
  for (let creator = 1; creator <= shape.creators; creator++) {
    ledger.member(creatorUser(creator), { isCreator: true, coinsFrozenAt: null });
  }
  for (let fan = 1; fan <= shape.members; fan++) ledger.member(fanUser(fan), { isCreator: false, coinsFrozenAt: null });

  // Creators, in order of popularity (creator 1 the most followed), their tags and products.
  const creators: Row[] = [];
  const creatorTags: Row[] = [];
  const products: Product[] = [];
  const productsOf = new Map<number, Product[]>();
  for (let creator = 1; creator <= shape.creators; creator++) {
    const rank = creator / shape.creators;
    const custom = random.chance(0.3);
    creators.push({
      id: creator,
      user_id: creatorUser(creator),
      name: `크리에이터 ${creator}`,
      url: `creator${creator}`,
      verified: random.chance(0.95),
      grade: rank <= 0.05 ? 'DIAMOND' : rank <= 0.25 ? 'GOLD' : 'SILVER',
      description: `Creator ${creator}: songs, talk and missions`,
      review_status: 'APPROVED',
      reviewed_at: new Date(since - DAY_MS),
      available_custom: custom,
      minimum_cost: custom ? 300 : null,
      bank_name: 'KB',
      bank_account_holder: `크리에이터 ${creator}`,
      bank_account_number: String(100000000 + creator),
      business_type: 'NONE',
      created_at: new Date(since - DAY_MS),
      updated_at: new Date(since - DAY_MS),
    });
    const tagIds = new Set([1 + random.skewed(TAGS.length, 2), 1 + random.below(TAGS.length)]);
    for (const tag of tagIds) creatorTags.push({ creator_id: creator, tag_id: tag });
    const own: Product[] = [];
    const add = (type: Product['type'], name: string, price: number) => {
      const product = { id: products.length + 1, creatorId: creator, type, name, price };
      products.push(product);
      own.push(product);
    };
    for (let basic = random.tail(1, 4); basic > 0; basic--) add('BASIC', `영상 편지 ${basic}`, 50 * random.tail(1, 20));
    add('LUCKY', '럭키 룰렛', 10 * random.tail(1, 5));
    if (custom) add('CUSTOM', '맞춤 미션', 300);
    if (rank <= 0.1 || random.chance(0.02)) add('EVENT', '추첨 이벤트', 0);
    productsOf.set(creator, own);
  }
  const productRows = products.map((product) => ({
    id: product.id,
    creator_id: product.creatorId,
    type: product.type,
    name: product.name,
    coin_price: product.type === 'BASIC' || product.type === 'LUCKY' ? product.price : null,
    minimum_cost: product.type === 'CUSTOM' ? product.price : null,
    win_probability: product.type === 'LUCKY' ? '5.0' : null,
    sort_order: product.id,
    created_at: new Date(since - DAY_MS),
    updated_at: new Date(since - DAY_MS),
  }));

  // Follows: most fans follow a few creators, the popular creators most of them.
  const follows: Row[] = [];
  for (let fan = 1; fan <= shape.members; fan++) {
    const followed = new Set<number>();
    for (let count = random.tail(0, 30); count > 0; count--) followed.add(1 + random.skewed(shape.creators, 4));
    for (const creator of followed) follows.push({ user_id: fanUser(fan), creator_id: creator, created_at: joined() });
  }

  // Missions of BASIC, CUSTOM and LUCKY products, at times over the year; their states follow from their age.
  const missions: Mission[] = [];
  for (let index = 0; index < shape.missions; index++) {
    const creator = 1 + random.skewed(shape.creators, 4);
    const offered = productsOf.get(creator)!.filter((product) => product.type !== 'EVENT');
    const product = random.pick(offered);
    const requestedAt = at(since + random.below(HISTORY_DAYS * DAY_MS));
    missions.push(missionFor(random, product, fanUser(1 + random.skewed(shape.members, 3)), requestedAt, now));
  }
  missions.sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime());
  missions.forEach((mission, index) => (mission.id = index + 1));

  // Lottery events: one per EVENT product, applied for by fans; old ones drawn and closed.
  const lotteryEvents: Row[] = [];
  const applications: Row[] = [];
  for (const product of products.filter((candidate) => candidate.type === 'EVENT')) {
    const applyStart = at(since + random.below(HISTORY_DAYS * DAY_MS));
    const applyEnd = new Date(applyStart.getTime() + 7 * DAY_MS);
    const eventEnd = new Date(applyEnd.getTime() + 14 * DAY_MS);
    const open = applyEnd.getTime() > now.getTime();
    const applicants = new Set<number>();
    for (let count = random.tail(5, 300); count > 0; count--) applicants.add(fanUser(1 + random.below(shape.members)));
    const drawNumber = Math.min(3, applicants.size);
    const entries = [...applicants];
    entries.forEach((userId, index) => {
      const picked = !open && index < drawNumber;
      const mission: Mission = {
        id: missions.length + 1,
        product,
        userId,
        status: open ? 'REQUESTED' : picked ? 'COMPLETED' : 'REJECTED',
        price: 0,
        isPrivate: false,
        requestedAt: at(applyStart.getTime() + random.below(7 * DAY_MS)),
        acceptedAt: picked ? applyEnd : null,
        completedAt: picked ? at(applyEnd.getTime() + 3 * DAY_MS) : null,
        rejectedAt: !open && !picked ? applyEnd : null,
        rejection: null,
        rolls: 0,
        won: false,
      };
      missions.push(mission);
      applications.push({
        mission_id: mission.id,
        product_id: product.id,
        user_id: userId,
        name: `응모자 ${userId}`,
        phone: `0101234${String(userId % 10000).padStart(4, '0')}`,
        picked,
      });
    });
    const seed = Buffer.from(Array.from({ length: 32 }, () => random.below(256)));
    const day = (date: Date) => date.toISOString().slice(0, 10);
    lotteryEvents.push({
      product_id: product.id,
      creator_id: product.creatorId,
      title: `${product.name} ${product.id}`,
      description: 'A draw among the applicants',
      draw_number: Math.max(1, drawNumber),
      apply_start: day(applyStart),
      apply_end: day(applyEnd),
      event_end: day(eventEnd),
      status: open ? 'APPLYING' : 'CLOSED',
      server_seed: `\\x${seed.toString('hex')}`,
      commitment: createHash('sha256').update(seed).digest('hex'),
      entries: open ? null : entries,
      entries_hash: open ? null : createHash('sha256').update(entries.join(',')).digest('hex'),
      next_choice: open ? 0 : drawNumber,
      applying_at: applyStart,
      drawn_at: open ? null : applyEnd,
      closed_at: open ? null : eventEnd,
      workflow_started_at: applyStart,
      created_at: applyStart,
      updated_at: open ? applyStart : eventEnd,
    });
  }

  // The coins, in time order: charges when a wallet runs short, holds, rolls, releases and refunds.
  const payments: Row[] = [];
  const bankTransfers: Row[] = [];
  const deposits: Row[] = [];
  const refunds: Row[] = [];
  const rolls: Row[] = [];
  const refundedCoins = new Map<number, number>();
  const charge = (userId: number, coins: number, time: Date, regret = false) => {
    // Fans buy ahead: the smallest pack that covers the need twice over, when there is one.
    const item = COIN_ITEMS.find((candidate) => candidate.point >= 2 * coins) ?? COIN_ITEMS.at(-1)!;
    const pay = weighted(random, PAY_METHODS);
    const paymentId = `world-${payments.length + bankTransfers.length + 1}`;
    const depositId = deposits.length + 1;
    let bankTransferId: number | null = null;
    if (pay.provider === null) {
      bankTransferId = bankTransfers.length + 1;
      bankTransfers.push({
        id: bankTransferId,
        user_id: userId,
        coin_item_id: item.id,
        depositor_name: `입금자 ${userId}`,
        depositor_phone: '01012345678',
        amount: item.price,
        status: 'paid',
        decided_by: operatorId,
        decided_at: time,
        created_at: new Date(time.getTime() - 3_600_000),
        updated_at: time,
      });
    } else {
      payments.push({
        id: paymentId,
        user_id: userId,
        coin_item_id: item.id,
        provider: pay.provider,
        pay_method: pay.method,
        currency: pay.provider === 'paypal' ? 'USD' : 'KRW',
        amount: pay.provider === 'paypal' ? item.point * 8 : item.price,
        status: 'paid',
        provider_payment_id: paymentId,
        point: item.point,
        created_at: new Date(time.getTime() - 60_000),
        updated_at: time,
        paid_at: time,
      });
    }
    const outcome = ledger.run('Purchase', {
      userId,
      coins: item.point,
      paymentId: bankTransferId === null ? paymentId : bankTransferPaymentId(bankTransferId),
      payMethod: pay.method,
      coinItemId: item.id,
      idempotencyKey: `world:purchase:${paymentId}`,
      now: time,
    });
    const entry = entryOf(outcome);
    deposits.push({
      id: depositId,
      user_id: userId,
      coin_item_id: item.id,
      payment_id: bankTransferId === null ? paymentId : null,
      bank_transfer_id: bankTransferId,
      ledger_transaction_id: entry.transactionId,
      created_at: time,
    });
    if (regret && bankTransferId === null) {
      const withdrawnAt = new Date(time.getTime() + DAY_MS);
      const withdrawal = entryOf(
        ledger.run('WithdrawPurchase', {
          userId,
          paymentId,
          idempotencyKey: `world:withdraw:${paymentId}`,
          now: withdrawnAt,
        }),
      );
      refunds.push(
        refundRow(refunds.length + 1, userId, 'WITHDRAWAL', depositId, withdrawal, item.point, 0, withdrawnAt, now),
      );
    }
  };
  const spendable = (userId: number) => ledger.balance(`wallet:${userId}`);
  const ensure = (userId: number, coins: number, time: Date) => {
    while (spendable(userId) < coins) charge(userId, coins - spendable(userId), new Date(time.getTime() - 120_000));
  };

  type Step = { time: number; order: number; run: () => void };
  const steps: Step[] = [];
  const step = (time: Date | null, order: number, run: () => void) => {
    if (time) steps.push({ time: time.getTime(), order, run });
  };
  for (const mission of missions) {
    if (mission.product.type === 'EVENT') continue;
    const parties = { missionId: mission.id, userId: mission.userId };
    if (mission.product.type === 'LUCKY') {
      for (let roll = 1; roll <= mission.rolls; roll++) {
        const time = new Date(mission.requestedAt.getTime() + roll * 60_000 - mission.rolls * 60_000);
        const win = mission.won && roll === mission.rolls;
        step(time, 0, () => {
          ensure(mission.userId, mission.price, time);
          const key = `world:roll:${mission.id}:${roll}`;
          const entry = entryOf(
            ledger.run('LuckyRoll', {
              ...parties,
              coins: mission.price,
              outcome: win ? 'WIN' : 'LOSS',
              idempotencyKey: key,
              now: time,
            }),
          );
          rolls.push({
            mission_id: mission.id,
            user_id: mission.userId,
            coins: mission.price,
            success: win,
            ledger_transaction_id: entry.transactionId,
            idempotency_key: key,
            win_probability: '5.0',
            created_at: time,
          });
        });
      }
    } else {
      step(mission.requestedAt, 0, () => {
        ensure(mission.userId, mission.price, mission.requestedAt);
        entryOf(
          ledger.run('HoldForMission', {
            ...parties,
            coins: mission.price,
            idempotencyKey: `world:hold:${mission.id}`,
            now: mission.requestedAt,
          }),
        );
      });
    }
    step(mission.completedAt, 1, () => {
      const entry = entryOf(
        ledger.run('ReleaseToCreator', {
          missionId: mission.id,
          creatorId: mission.product.creatorId,
          idempotencyKey: `world:release:${mission.id}`,
          now: mission.completedAt!,
        }),
      );
      settlement.released(mission.product.creatorId, entry, mission.id);
    });
    if (mission.rejection && mission.rejectedAt) {
      const rejectedAt = mission.rejectedAt;
      const reason = mission.rejection.reason;
      step(rejectedAt, 1, () => {
        const entry = entryOf(
          ledger.run('RefundMission', {
            missionId: mission.id,
            reason,
            idempotencyKey: `world:refund:${mission.id}`,
            now: rejectedAt,
          }),
        );
        refundedCoins.set(mission.id, -entry.postings.find((posting) => posting.amount < 0)!.amount);
      });
    }
  }
  // A few charges taken back within the week, and a few members leaving with a partial refund of their cash coins.
  for (let fan = 1; fan <= shape.members; fan++) {
    if (random.chance(0.01)) {
      const time = at(since + random.below(HISTORY_DAYS * DAY_MS));
      step(time, 0, () => charge(fanUser(fan), 10 * random.tail(1, 10), time, true));
    }
    if (random.chance(0.05)) {
      const time = at(since + random.below(HISTORY_DAYS * DAY_MS));
      step(time, 0, () =>
        entryOf(
          ledger.run('GrantBonus', {
            userId: fanUser(fan),
            coins: 10,
            reason: 'FREE_COIN_EVENT',
            coinItemId: 8,
            idempotencyKey: `world:bonus:${fan}`,
            now: time,
          }),
        ),
      );
    }
    if (random.chance(0.01)) {
      const time = at(now.getTime() - random.below(60) * DAY_MS);
      step(time, 2, () => {
        const outcome = ledger.run('PartialRefund', {
          userId: fanUser(fan),
          idempotencyKey: `world:partial-refund:${fan}`,
          now: time,
        });
        if ('refusal' in outcome) return;
        const coins = -outcome.entry.postings.find((posting) => posting.amount < 0)!.amount;
        const fee = outcome.entry.metadata.feeCoins as number;
        refunds.push(
          refundRow(refunds.length + 1, fanUser(fan), 'PARTIAL_REFUND', null, outcome.entry, coins, fee, time, now),
        );
      });
    }
  }
  // The monthly settlement of the past 12 months, a day after each month's end.
  const settlement = new WorldSettlement(ledger, creators, operatorId, now);
  const months = pastMonths(now, 12);
  for (const { year, month } of months) {
    const runAt = new Date(koreaMonthRange(year, month).end.getTime() + DAY_MS);
    step(runAt, 3, () => settlement.settle(year, month, runAt, months.at(-1)!));
  }
  steps.sort((a, b) => a.time - b.time || a.order - b.order);
  const coinsStarted = performance.now();
  for (const { run } of steps) {
    run();
    await ledger.flushIfFull();
  }
  const { accounts, lots } = await ledger.finish();
  const coinSeconds = (performance.now() - coinsStarted) / 1000;
  for (const [table, rows] of [
    ['ledger_transactions', ledger.written.transactions],
    ['ledger_postings', ledger.written.postings],
    ['ledger_lot_movements', ledger.written.lotMovements],
    ['ledger_accounts', accounts],
    ['ledger_lots', lots],
  ] as const) {
    tables.push({ table, rows, seconds: coinSeconds });
    log(`${table}: ${rows} rows, ${Math.round(rows / coinSeconds)} rows/s (the ledger's bulk path, all its tables)`);
  }

  // The domain's rows, now that the ledger transactions they refer to exist.
  await write('users', users);
  await write(
    'tags',
    TAGS.map((name, index) => ({ id: index + 1, name, created_at: new Date(since - DAY_MS) })),
  );
  await write('creators', creators);
  await write('creator_tags', creatorTags, false);
  await write('mission_products', productRows);
  await write('follows', follows, false);
  await write('payments', payments, false);
  await write('bank_transfers', bankTransfers);
  await write('coin_deposits', deposits);
  await write('coin_refunds', refunds);
  await write(
    'missions',
    missions.map((mission) => missionRow(mission, refundedCoins)),
  );
  await write(
    'lucky_rolls',
    rolls.map((roll, index) => ({ id: index + 1, ...roll })),
  );
  await write('lottery_events', lotteryEvents, false);
  await write('event_applications', applications, false);
  const { comments, likes } = socialOf(random, missions, shape, fanUser, at);
  await write('mission_comments', comments);
  await write('mission_likes', likes, false);
  const creatorUserOf = (creatorId: number) => creatorUser(creatorId);
  await write('notifications', notificationsOf(missions, creatorUserOf, uuid));

  await sql`
    update missions m set likes_count = l.n from (select mission_id, count(*) as n from mission_likes group by 1) l
    where l.mission_id = m.id`.execute(db);
  await sql`
    update missions m set comments_count = c.n
    from (select mission_id, count(*) as n from mission_comments group by 1) c where c.mission_id = m.id`.execute(db);
  await sql`
    insert into creator_popularity (creator_id, follower_count, like_count, completed_count, expired_count)
    select c.id,
      (select count(*) from follows f where f.creator_id = c.id),
      (select coalesce(sum(m.likes_count), 0) from missions m where m.creator_id = c.id),
      (select count(*) from missions m where m.creator_id = c.id and m.status = 'COMPLETED'),
      (select count(*) from missions m where m.creator_id = c.id and m.rejection_reason like '%EXPIRED')
    from creators c
    on conflict (creator_id) do update set follower_count = excluded.follower_count,
      like_count = excluded.like_count, completed_count = excluded.completed_count,
      expired_count = excluded.expired_count`.execute(db);
  for (const table of ['users', 'tags', 'creators', 'mission_products', 'bank_transfers', 'coin_deposits']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      db,
    );
  }
  for (const table of ['coin_refunds', 'missions', 'lucky_rolls', 'mission_comments']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest(1, (select max(id) from ${sql.table(table)})))`.execute(
      db,
    );
  }

  // The settlement feed as its consumer builds it from each MISSION_RELEASE, and the statements of the past months.
  await sql`
    insert into settlement_feed_entries (ledger_transaction_id, creator_id, month, mission_id, coins, occurred_at)
    select t.id, substr(p.account, 10)::bigint, to_char(t.occurred_at at time zone 'Asia/Seoul', 'YYYY-MM'),
      (t.metadata ->> 'missionId')::bigint, p.amount, t.occurred_at
    from ledger_transactions t join ledger_postings p on p.transaction_id = t.id and p.account like 'earnings:%'
    where t.type = 'MISSION_RELEASE'`.execute(db);
  await sql`
    insert into settlement_feed (creator_id, month, coins, missions)
    select creator_id, month, sum(coins), count(*) from settlement_feed_entries group by 1, 2`.execute(db);
  await write('settlement_statements', settlement.statements, false);
  await write('settlement_statement_lines', settlement.lines, false);
  await write('settlement_carryovers', settlement.carryovers, false);
  await write('settlement_runs', settlement.runs);
  await sql`select setval(pg_get_serial_sequence('settlement_statements', 'id'), greatest(1, (select max(id) from settlement_statements)))`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('settlement_runs', 'id'), greatest(1, (select max(id) from settlement_runs)))`.execute(
    db,
  );

  // History: every event so far delivered, and every consumer past it.
  await sql`update outbox set sent_at = recorded_at where sent_at is null`.execute(db);
  for (const consumer of options.consumers) {
    await sql`
      insert into event_consumer_checkpoints (consumer, transaction_id, position)
      select ${consumer}, coalesce(max(transaction_id), '0'), coalesce(max(position), 0) from outbox
      on conflict (consumer) do update set transaction_id = excluded.transaction_id, position = excluded.position`.execute(
      db,
    );
  }
  await sql`analyze`.execute(db);
  return { size: options.size, seconds: (performance.now() - started) / 1000, tables };
}

function entryOf(outcome: { entry: LedgerEntry } | { refusal: unknown }): LedgerEntry {
  if ('refusal' in outcome) throw new Error(`the world's ledger refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.entry;
}

function pastMonths(now: Date, count: number): { year: number; month: number }[] {
  const months: { year: number; month: number }[] = [];
  const korea = new Date(now.getTime() + 9 * 3_600_000);
  let year = korea.getUTCFullYear();
  let month = korea.getUTCMonth() + 1;
  for (let index = 0; index < count; index++) {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
    months.unshift({ year, month });
  }
  return months;
}

function weighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  let pick = random.next();
  return items.find((item) => (pick -= item.weight) < 0) ?? items[0]!;
}

/** A mission's state from its age: old ones have ended (mostly performed), recent ones are still under way. */
function missionFor(random: Random, product: Product, userId: number, requestedAt: Date, now: Date): Mission {
  const later = (days: number) => {
    const time = requestedAt.getTime() + days * DAY_MS * (0.2 + 0.8 * random.next());
    return time < now.getTime() ? new Date(time) : null;
  };
  const mission: Mission = {
    id: 0,
    product,
    userId,
    status: 'REQUESTED',
    price: product.type === 'CUSTOM' ? product.price * random.tail(1, 5) : product.price,
    isPrivate: random.chance(0.1),
    requestedAt,
    acceptedAt: null,
    completedAt: null,
    rejectedAt: null,
    rejection: null,
    rolls: 0,
    won: false,
  };
  if (product.type === 'LUCKY') {
    mission.rolls = random.tail(1, 15);
    mission.won = random.chance(0.4);
    if (!mission.won) {
      mission.status = 'CREATED';
      return mission;
    }
    mission.status = 'ACCEPTED';
    mission.acceptedAt = requestedAt;
  }
  const ending = random.next();
  if (ending < 0.75) {
    mission.acceptedAt ??= later(3);
    mission.completedAt = mission.acceptedAt ? later(10) : null;
    if (mission.completedAt && mission.acceptedAt && mission.completedAt < mission.acceptedAt) {
      mission.completedAt = mission.acceptedAt;
    }
  } else {
    const rejection = weighted(random, REJECTIONS);
    const lucky = product.type === 'LUCKY';
    mission.rejection = lucky ? REJECTIONS[2] : rejection;
    if (mission.rejection.reason === 'PERFORM_EXPIRED') mission.acceptedAt ??= later(3);
    mission.rejectedAt = later(mission.rejection.reason === 'DECISION_EXPIRED' ? 30 : 13);
    if (mission.rejectedAt && mission.acceptedAt && mission.rejectedAt < mission.acceptedAt) {
      mission.rejectedAt = new Date(mission.acceptedAt.getTime() + 10 * DAY_MS);
      if (mission.rejectedAt > now) mission.rejectedAt = null;
    }
    if (!mission.rejectedAt) mission.rejection = null;
  }
  if (mission.completedAt) mission.status = 'COMPLETED';
  else if (mission.rejectedAt) mission.status = 'REJECTED';
  else if (mission.acceptedAt) mission.status = 'ACCEPTED';
  return mission;
}

function missionRow(mission: Mission, refundedCoins: Map<number, number>): Row {
  const creatorId = mission.product.creatorId;
  const decisionDue = new Date(mission.requestedAt.getTime() + 30 * DAY_MS);
  return {
    id: mission.id,
    product_id: mission.product.id,
    creator_id: creatorId,
    user_id: mission.userId,
    type: mission.product.type,
    status: mission.status,
    coin_price: mission.price,
    is_private: mission.isPrivate,
    request_comment: `미션 ${mission.id} 부탁해요`,
    response_comment: mission.completedAt ? '감사합니다!' : null,
    rejection_reason:
      mission.status === 'REJECTED' ? (mission.product.type === 'EVENT' ? 'NOT_WON' : mission.rejection!.reason) : null,
    refunded_coins: refundedCoins.get(mission.id) ?? null,
    created_at: mission.requestedAt,
    requested_at: mission.status === 'CREATED' ? null : mission.requestedAt,
    decision_due_at: mission.status === 'REQUESTED' ? decisionDue : null,
    accepted_at: mission.acceptedAt,
    perform_due_at: mission.acceptedAt ? new Date(mission.acceptedAt.getTime() + 10 * DAY_MS) : null,
    completed_at: mission.completedAt,
    rejected_at: mission.rejectedAt,
    workflow_started_at: mission.status === 'CREATED' ? null : mission.requestedAt,
    updated_at: mission.completedAt ?? mission.rejectedAt ?? mission.acceptedAt ?? mission.requestedAt,
  };
}

function refundRow(
  id: number,
  userId: number,
  kind: 'WITHDRAWAL' | 'PARTIAL_REFUND',
  depositId: number | null,
  entry: LedgerEntry,
  coins: number,
  fee: number,
  time: Date,
  now: Date,
): Row {
  const paid = time.getTime() < now.getTime() - 7 * DAY_MS;
  return {
    id,
    user_id: userId,
    kind,
    coin_deposit_id: depositId,
    ledger_transaction_id: entry.transactionId,
    coins,
    fee_coins: fee,
    amount: (coins - fee) * 100,
    status: paid ? 'paid' : 'requested',
    requested_at: time,
    due_on: new Date(time.getTime() + 7 * DAY_MS).toISOString().slice(0, 10),
    paid_at: paid ? new Date(time.getTime() + 3 * DAY_MS) : null,
    bank_name: kind === 'PARTIAL_REFUND' ? 'KB' : null,
    bank_account_holder: kind === 'PARTIAL_REFUND' ? `회원 ${userId}` : null,
    bank_account_number: kind === 'PARTIAL_REFUND' ? String(200000000 + userId) : null,
    updated_at: time,
  };
}

/** Comments and likes: most on the popular creators' public missions, some comments replies to others. */
function socialOf(
  random: Random,
  missions: Mission[],
  shape: (typeof WORLD_SIZES)[WorldSize],
  fanUser: (fan: number) => number,
  at: (time: number) => Date,
) {
  const visible = missions.filter((mission) => !mission.isPrivate && mission.status !== 'CREATED');
  const byCreator = new Map<number, Mission[]>();
  for (const mission of visible) {
    const list = byCreator.get(mission.product.creatorId) ?? [];
    list.push(mission);
    byCreator.set(mission.product.creatorId, list);
  }
  const creatorIds = [...byCreator.keys()].sort((a, b) => a - b);
  const popularMission = () => random.pick(byCreator.get(creatorIds[random.skewed(creatorIds.length)]!)!);
  const comments: Row[] = [];
  const lastComment = new Map<number, number>();
  for (let id = 1; id <= shape.comments; id++) {
    const mission = popularMission();
    const parent = lastComment.get(mission.id);
    const reply = parent !== undefined && random.chance(0.2);
    comments.push({
      id,
      mission_id: mission.id,
      user_id: fanUser(1 + random.below(shape.members)),
      parent_id: reply ? parent : null,
      content: `댓글 ${id}: 멋져요!`,
      created_at: at(mission.requestedAt.getTime() + random.below(30 * DAY_MS)),
    });
    if (!reply) lastComment.set(mission.id, id);
  }
  const likes: Row[] = [];
  const liked = new Set<string>();
  for (let count = 0; count < shape.missions; count++) {
    const mission = popularMission();
    const userId = fanUser(1 + random.below(shape.members));
    const key = `${mission.id}:${userId}`;
    if (liked.has(key)) continue;
    liked.add(key);
    likes.push({ mission_id: mission.id, user_id: userId, created_at: mission.completedAt ?? mission.requestedAt });
  }
  return { comments, likes };
}

/** What the notifications consumer writes for each mission's events: its request to the creator, its end to the fan. */
function notificationsOf(missions: Mission[], creatorUser: (creatorId: number) => number, uuid: () => string): Row[] {
  const rows: Row[] = [];
  const notify = (userId: number, actor: number, kind: string, mission: Mission, time: Date) =>
    rows.push({
      user_id: userId,
      kind,
      mission_id: mission.id,
      actor_user_id: actor,
      params: { product: mission.product.name, coins: mission.price },
      event_id: uuid(),
      created_at: time,
    });
  for (const mission of missions) {
    if (mission.product.type === 'EVENT' || mission.status === 'CREATED') continue;
    const creator = creatorUser(mission.product.creatorId);
    notify(creator, mission.userId, 'MISSION_REQUESTED', mission, mission.requestedAt);
    if (mission.acceptedAt) notify(mission.userId, creator, 'MISSION_ACCEPTED', mission, mission.acceptedAt);
    if (mission.completedAt) notify(mission.userId, creator, 'MISSION_COMPLETED', mission, mission.completedAt);
    if (mission.rejection && mission.rejectedAt) {
      notify(mission.userId, creator, mission.rejection.kind, mission, mission.rejectedAt);
    }
  }
  return rows;
}

/**
 * The monthly settlement as the product's run (services/src/income/settlement.ts) decides it, for a world whose
 * releases are known in memory: per creator, the month's releases not on a statement yet and the earlier months
 * carried over, paid by one statement (and one SETTLEMENT_PAYOUT) at or above the minimum, else carried over. The
 * statements before last month are approved and paid.
 */
class WorldSettlement {
  readonly statements: Row[] = [];
  readonly lines: Row[] = [];
  readonly carryovers: Row[] = [];
  readonly runs: Row[] = [];
  private readonly unsettled = new Map<
    number,
    { transactionId: number; missionId: number; coins: number; at: Date }[]
  >();
  private readonly carried = new Map<number, (MonthEarning & { statementId: number })[]>();

  constructor(
    private readonly ledger: BulkLedger,
    private readonly creators: Row[],
    private readonly operatorId: number,
    private readonly now: Date,
  ) {}

  released(creatorId: number, entry: LedgerEntry, missionId: number): void {
    const coins = entry.postings.find((posting) => posting.account === `earnings:${creatorId}`)!.amount;
    const list = this.unsettled.get(creatorId) ?? [];
    list.push({ transactionId: entry.transactionId, missionId, coins, at: entry.occurredAt });
    this.unsettled.set(creatorId, list);
  }

  settle(year: number, month: number, runAt: Date, lastMonth: { year: number; month: number }): void {
    const { end } = koreaMonthRange(year, month);
    const key = monthKey(year, month);
    const paid = year !== lastMonth.year || month !== lastMonth.month;
    let issued = 0;
    let carriedOver = 0;
    for (const creator of this.creators) {
      const creatorId = creator.id as number;
      const releases = this.unsettled.get(creatorId) ?? [];
      const lines = releases.filter((release) => release.at < end);
      this.unsettled.set(
        creatorId,
        releases.filter((release) => release.at >= end),
      );
      const carried = this.carried.get(creatorId) ?? [];
      const monthCoins = lines.reduce((sum, line) => sum + line.coins, 0);
      if (monthCoins === 0 && carried.length === 0) continue;
      const grade = creator.grade as CreatorGrade;
      const account = { overseas: false, foreigner: false };
      const pending: MonthEarning[] = [
        ...carried.map(({ month: carriedMonth, coins, grade: carriedGrade }) => ({
          month: carriedMonth,
          coins,
          grade: carriedGrade,
        })),
        ...(monthCoins > 0 ? [{ month: key, coins: monthCoins, grade }] : []),
      ];
      const decision = decideSettlement(pending, account);
      const statementId = this.statements.length + 1;
      const base = statementBase({
        id: statementId,
        creator: {
          id: creatorId,
          bank_name: creator.bank_name as string,
          bank_account_holder: creator.bank_account_holder as string,
          bank_account_number: creator.bank_account_number as string,
        },
        year,
        month,
        grade,
        monthCoins,
        account,
        now: runAt,
      });
      if (decision.kind === 'CARRY_OVER') {
        this.statements.push({ ...base, ...carriedOverAmounts(monthCoins, grade, account) });
        carried.push({ month: key, coins: monthCoins, grade, statementId });
        this.carried.set(creatorId, carried);
        carriedOver += 1;
      } else {
        const { amounts } = decision;
        const payout = entryOf(
          this.ledger.run('SettlementPayout', {
            creatorId,
            coins: amounts.totalEarningCoin,
            statementId: String(statementId),
            metadata: { year, month },
            idempotencyKey: `settlement:${key}:creator:${creatorId}`,
            now: runAt,
          }),
        );
        const paidAt = new Date(Math.min(runAt.getTime() + 10 * DAY_MS, this.now.getTime() - 60_000));
        this.statements.push({
          ...base,
          ...issuedAmounts(amounts, monthCoins, year, month, payout.transactionId),
          ...(paid && {
            status: 'PAID',
            approved_at: runAt,
            approved_by_user_id: this.operatorId,
            paid_at: paidAt,
            paid_by_user_id: this.operatorId,
            transfer_reference: `WORLD-${statementId}`,
            transfer_date: paidAt.toISOString().slice(0, 10),
          }),
        });
        for (const earlier of carried) {
          this.carryovers.push({ carried_statement_id: earlier.statementId, paid_by_statement_id: statementId });
        }
        this.carried.delete(creatorId);
        issued += 1;
      }
      for (const line of lines) {
        this.lines.push({
          ledger_transaction_id: line.transactionId,
          statement_id: statementId,
          mission_id: line.missionId,
          coins: line.coins,
          released_at: line.at,
        });
      }
    }
    this.runs.push({
      id: this.runs.length + 1,
      year,
      month,
      trigger: 'SCHEDULE',
      issued,
      carried_over: carriedOver,
      unchanged: 0,
      grade_proposals: 0,
      created_at: runAt,
    });
  }
}
