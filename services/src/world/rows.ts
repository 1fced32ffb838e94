import { DAY_MS, DEADLINES } from '@fanmission/contracts';
import type { LedgerEntry } from '@fanmission/ledger';
import type { Random } from './random';
import { commentText, requestText, responseText } from './texts';
import { WORLD_BANK, WORLD_WIN_PROBABILITY, type Mission, type Row, type WorldShape } from './shape';
/**
 * A mission's row. A mission that ended unperformed had its whole escrow refunded: its price (a lucky one's escrow
 * is its winning roll, at its price); the coin history checks each refund against it (./coins.ts).
 */
export function missionRow(mission: Mission): Row {
  const creatorId = mission.product.creatorId;
  const decisionDue = new Date(mission.requestedAt.getTime() + DEADLINES.customDecisionDays * DAY_MS);
  const event = mission.product.type === 'EVENT';
  const open = mission.status === 'REQUESTED' || mission.status === 'ACCEPTED';
  const performDays = event ? DEADLINES.prizeAfterAnnouncementDays : DEADLINES.missionPerformDays;
  return {
    id: mission.id,
    product_id: mission.product.id,
    creator_id: creatorId,
    user_id: mission.userId,
    type: mission.product.type,
    status: mission.status,
    coin_price: mission.price,
    is_private: mission.isPrivate,
    request_comment: requestText(mission.id),
    response_comment: mission.completedAt ? responseText(mission.id) : null,
    rejection_reason:
      mission.status === 'REJECTED' ? (mission.product.type === 'EVENT' ? 'NOT_WON' : mission.rejection!.reason) : null,
    refunded_coins: refundedCoinsOf(mission),
    created_at: mission.requestedAt,
    requested_at: mission.status === 'CREATED' ? null : mission.requestedAt,
    decision_due_at: mission.status === 'REQUESTED' && !event ? decisionDue : null,
    accepted_at: mission.acceptedAt,
    perform_due_at: mission.acceptedAt ? new Date(mission.acceptedAt.getTime() + performDays * DAY_MS) : null,
    completed_at: mission.completedAt,
    rejected_at: mission.rejectedAt,
    // An open mission is left to the worker's reconciler, which starts its workflow; an event's applications
    // belong to the event's workflow.
    workflow_started_at: mission.status === 'CREATED' || (open && !event) ? null : mission.requestedAt,
    updated_at: mission.completedAt ?? mission.rejectedAt ?? mission.acceptedAt ?? mission.requestedAt,
  };
}

/** Comments and likes: most on the popular creators' public missions, some comments replies to others. */
export function socialOf(
  random: Random,
  missions: Mission[],
  shape: WorldShape,
  fanUser: (fan: number) => number,
  at: (time: number) => Date,
) {
  // Fans like and comment on what a creator performed: a public, completed mission (a refused or expired one was never
  // answered, and reads oddly with "so cute!" under it).
  const visible = missions.filter((mission) => !mission.isPrivate && mission.status === 'COMPLETED');
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
      content: commentText(id, reply),
      event_id: null,
      win_point: 0,
      created_at: at(mission.requestedAt.getTime() + random.below(30 * DAY_MS)),
    });
    if (!reply) lastComment.set(mission.id, id);
  }
  const likes: Row[] = [];
  // A like's (mission, member) as one number: a member's id is below 2^24 (L: about 1,050,000), a mission's below 2^29.
  const liked = new Set<number>();
  for (let count = 0; count < shape.missions; count++) {
    const mission = popularMission();
    const userId = fanUser(1 + random.below(shape.members));
    const key = mission.id * 2 ** 24 + userId;
    if (liked.has(key)) continue;
    liked.add(key);
    likes.push({ mission_id: mission.id, user_id: userId, created_at: mission.completedAt ?? mission.requestedAt });
  }
  return { comments, likes };
}

/**
 * What the notifications consumer writes for each mission's events: its request to the creator, its end to the fan,
 * with the actor's name in the parameters as the consumer puts it there (services/src/notifications/consumer.ts: a
 * creator's name, a fan's username), for the texts that name him.
 */
export function* notificationsOf(
  missions: Mission[],
  creatorUser: (creatorId: number) => number,
  uuid: () => string,
  actorName: (userId: number) => string,
): Generator<Row> {
  const notification = (userId: number, actor: number, kind: string, mission: Mission, time: Date): Row => ({
    user_id: userId,
    kind,
    mission_id: mission.id,
    actor_user_id: actor,
    params: { actor: actorName(actor), product: mission.product.name, coins: mission.price },
    event_id: uuid(),
    created_at: time,
  });
  for (const mission of missions) {
    if (mission.product.type === 'EVENT' || mission.status === 'CREATED') continue;
    const creator = creatorUser(mission.product.creatorId);
    yield notification(creator, mission.userId, 'MISSION_REQUESTED', mission, mission.requestedAt);
    if (mission.acceptedAt)
      yield notification(mission.userId, creator, 'MISSION_ACCEPTED', mission, mission.acceptedAt);
    if (mission.completedAt) {
      yield notification(mission.userId, creator, 'MISSION_COMPLETED', mission, mission.completedAt);
    }
    if (mission.rejection && mission.rejectedAt) {
      yield notification(mission.userId, creator, mission.rejection.kind, mission, mission.rejectedAt);
    }
  }
}

/**
 * A refund's row: a charge taken back within the week (back to its pay method), or a member's partial refund of his
 * cash coins, sent the way the money came (services/src/money-out/rules.ts): the provider methods he paid with back
 * there, bank deposits to his own account (held under his deposits' depositor name, as the holder look-up confirms).
 */
export function refundRow(
  id: number,
  userId: number,
  kind: 'WITHDRAWAL' | 'PARTIAL_REFUND',
  depositId: number | null,
  entry: LedgerEntry,
  coins: number,
  fee: number,
  time: Date,
  now: Date,
  how: { payMethod: string } | { paidWith: string[] },
): Row {
  const paid = time.getTime() < now.getTime() - 7 * DAY_MS;
  const providerMethods = 'paidWith' in how ? how.paidWith.filter((method) => method !== 'withoutbankbook').sort() : [];
  const toAccount = 'paidWith' in how && how.paidWith.includes('withoutbankbook');
  const destination =
    'payMethod' in how
      ? { destination_kind: 'ORIGINAL_METHOD', destination_methods: [how.payMethod] }
      : toAccount
        ? {
            destination_kind: providerMethods.length > 0 ? 'SPLIT' : 'BANK_ACCOUNT',
            destination_methods: providerMethods.length > 0 ? providerMethods : null,
          }
        : { destination_kind: 'ORIGINAL_METHOD', destination_methods: providerMethods };
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
    bank_name: toAccount ? WORLD_BANK : null,
    bank_account_holder: toAccount ? `입금자 ${userId}` : null,
    bank_account_number: toAccount ? String(200000000 + userId) : null,
    bank_account_verified_as: toAccount ? 'DEPOSITOR_NAME' : null,
    bank_account_verified_at: toAccount ? time : null,
    ...destination,
    updated_at: time,
  };
}

/** The lucky rolls the coin history played, each as the live roulette records it (services/src/events/roulette.ts). */
export function* luckyRollRows(missions: Mission[]): Generator<Row> {
  for (const mission of missions) {
    for (const [index, roll] of mission.rolls.entries()) {
      if (!roll.written) continue;
      yield {
        id: roll.written.id,
        mission_id: mission.id,
        user_id: mission.userId,
        coins: mission.price,
        success: roll.success,
        ledger_transaction_id: roll.written.transactionId,
        idempotency_key: `world:roll:${mission.id}:${index + 1}`,
        seed_id: roll.seedId,
        client_seed: roll.clientSeed,
        nonce: roll.nonce,
        win_probability: WORLD_WIN_PROBABILITY.toFixed(1),
        created_at: roll.time,
      };
    }
  }
}

/** The coins a mission's refund gave back: all it held, its price; null when it had none. */
export function refundedCoinsOf(mission: Mission): number | null {
  return mission.product.type !== 'EVENT' && mission.rejection && mission.rejectedAt ? mission.price : null;
}
