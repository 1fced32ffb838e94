import {
  type AcceptMissionRequest,
  DAY_MS,
  DEADLINES,
  type LuckyRollResponse,
  type MissionRequest,
  type MissionRequestResponse,
  type PerformMissionRequest,
  type RefuseMissionRequest,
} from '@fanmission/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { holdForMission, isLedgerError, luckyRoll, type LedgerEntry } from '@fanmission/ledger';
import { acceptMissionUpdate, performMissionUpdate, refuseMissionUpdate } from '@fanmission/workflows/missions';
import { creatorCannotRequest, requireRequestingFan, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { type DbExecutor, uniqueViolation } from '../db';
import { domainEvent, recordEvents } from '../outbox';
import { accessDenied, invalidFields, type FieldProblem } from '../http';
import { seededRoll } from '../events';
import {
  actionNotApplicable,
  actionRefused,
  creatorBlocked,
  customNotAvailable,
  priceChanged,
  idempotencyConflict,
  missionNotFound,
  notEnoughCoins,
  productInactive,
  productNotFound,
  rouletteClosed,
  wrongProductType,
} from './errors';
import { creatorBlockedByPenalties } from './penalties';
import * as repository from './repository';
import type { ProductForRequest } from './repository';
import type { MissionRow } from './table';
import { sendMissionUpdate, startMissionWorkflow, startMissionWorkflowAfterCommit } from './workflow-client';

/** The product a fan may request now: it exists, is on sale, its creator is verified and not blocked. */
async function requestableProduct(ctx: ServiceContext, productId: number): Promise<ProductForRequest> {
  const product = await repository.findProductForRequest(ctx.db, productId);
  if (!product || !product.creator_verified) throw productNotFound();
  if (!product.active) throw productInactive();
  if (await creatorBlockedByPenalties(ctx.db, product.creator_id, ctx.now())) {
    throw creatorBlocked();
  }
  return product;
}

/**
 * Requests a BASIC or CUSTOM mission: the mission and the coin hold commit together (or neither does), then the
 * mission's workflow starts after the answer (`startMissionWorkflowAfterCommit`; the reconciler covers a start that
 * never happens). BASIC missions are accepted at once (10 days to perform); CUSTOM ones wait up to 30
 * days for the creator's decision. A retry with the same Idempotency-Key answers with the first mission.
 */
export async function requestMission(
  ctx: ServiceContext,
  caller: Caller,
  body: MissionRequest,
  idempotencyKey: string | undefined,
): Promise<MissionRequestResponse> {
  requireRequestingFan(caller);
  const now = ctx.now();
  // The earlier mission of the key, the product and its creator's penalties, and the new mission's id: one round trip.
  const context = await repository.readRequestContext(ctx.db, {
    productId: body.missionProductId,
    userId: caller.id,
    idempotencyKey: idempotencyKey ?? null,
    now,
  });
  if (context.earlierMissionId !== null) {
    const earlier = await repository.findMission(ctx.db, context.earlierMissionId);
    if (earlier) return sameRequest(earlier, body);
  }
  const product = context.product;
  if (!product || !product.creator_verified) throw productNotFound();
  if (!product.active) throw productInactive();
  if (context.creatorBlocked) throw creatorBlocked();
  if (product.type !== 'BASIC' && product.type !== 'CUSTOM') {
    throw wrongProductType();
  }
  const coins = await checkRequest(ctx, caller, body, product);
  const custom = product.type === 'CUSTOM';
  const missionId = context.newMissionId!;
  const status = custom ? 'REQUESTED' : 'ACCEPTED';
  let mission: MissionRow;
  try {
    mission = await ctx.db.transaction().execute(async (trx) => {
      // The mission row and its `mission.requested` outbox event in one statement, then the hold.
      const inserted = await repository.insertRequestedMission(
        trx,
        {
          id: missionId,
          product_id: product.id,
          creator_id: product.creator_id,
          user_id: caller.id,
          type: product.type,
          status,
          coin_price: coins,
          is_private: body.private,
          to_friend: body.toFriend,
          recipient_name: body.to,
          sender_name: body.toFriend ? (body.from ?? null) : null,
          request_comment: body.requestComment,
          request_file_id: body.requestFileId ?? null,
          requested_at: now,
          decision_due_at: custom ? new Date(now.getTime() + DEADLINES.customDecisionDays * DAY_MS) : null,
          accepted_at: custom ? null : now,
          perform_due_at: custom ? null : new Date(now.getTime() + DEADLINES.missionPerformDays * DAY_MS),
          idempotency_key: idempotencyKey ?? null,
        },
        [
          requestedEvent(
            { id: missionId, creator_id: product.creator_id, user_id: caller.id, coin_price: coins, status },
            product,
            now,
          ),
        ],
      );
      await spend(() =>
        holdForMission(trx, {
          userId: caller.id,
          missionId: inserted.id,
          coins,
          idempotencyKey: `mission-hold:${inserted.id}`,
          now,
        }),
      );
      return inserted;
    });
  } catch (error) {
    if (idempotencyKey && uniqueViolation(error) === 'missions_idempotency_key') {
      const earlier = await repository.findMissionByIdempotencyKey(ctx.db, caller.id, idempotencyKey);
      if (earlier) return sameRequest(earlier, body);
    }
    throw error;
  }
  await startMissionWorkflowAfterCommit(ctx, mission);
  return { id: mission.id, status: mission.status };
}

/**
 * A retry under the same Idempotency-Key must be the same request: every field the first one stored, the
 * offer of a CUSTOM request included; a different request under a used key is 409, never a silent replay.
 */
function sameRequest(earlier: MissionRow, body: MissionRequest): MissionRequestResponse {
  const same =
    earlier.product_id === body.missionProductId &&
    earlier.is_private === body.private &&
    earlier.to_friend === body.toFriend &&
    earlier.recipient_name === body.to &&
    earlier.sender_name === (body.toFriend ? (body.from ?? null) : null) &&
    earlier.request_comment === body.requestComment &&
    earlier.request_file_id === (body.requestFileId ?? null) &&
    (body.coinPrice === undefined || earlier.type !== 'CUSTOM' || earlier.coin_price === body.coinPrice);
  if (!same) throw idempotencyConflict();
  return { id: earlier.id, status: earlier.status };
}

/** The request's rules beyond its schema; returns the coins to hold. */
async function checkRequest(
  ctx: ServiceContext,
  caller: Caller,
  body: MissionRequest,
  product: ProductForRequest,
): Promise<number> {
  const problems: FieldProblem[] = [];
  if (body.toFriend && !body.from) problems.push({ field: 'from', key: 'missions.senderNameRequired' });
  if (!body.toFriend && body.from) {
    problems.push({ field: 'from', key: 'missions.senderNameOnlyForFriend', rejectedValue: body.from });
  }
  let coins = product.coin_price ?? 0;
  if (product.type === 'CUSTOM') {
    if (!product.creator_available_custom) {
      throw customNotAvailable();
    }
    const minimum = product.minimum_cost ?? 1;
    if (body.coinPrice === undefined) problems.push({ field: 'coinPrice', key: 'missions.coinPriceRequired' });
    else if (body.coinPrice < minimum) {
      problems.push({
        field: 'coinPrice',
        key: 'missions.belowMinimumCost',
        params: { min: minimum },
        rejectedValue: body.coinPrice,
      });
    } else coins = body.coinPrice;
  } else if (body.coinPrice !== undefined) {
    problems.push({ field: 'coinPrice', key: 'missions.coinPriceOnlyCustom', rejectedValue: body.coinPrice });
  }
  if (product.type === 'CUSTOM' && body.expectedCoinPrice !== undefined) {
    problems.push({
      field: 'expectedCoinPrice',
      key: 'missions.expectedPriceOnlyBasic',
      rejectedValue: body.expectedCoinPrice,
    });
  }
  if (body.requestFileId !== undefined) {
    if (product.type === 'BASIC' && !product.allow_attachments) {
      problems.push({
        field: 'requestFileId',
        key: 'missions.attachmentNotAllowed',
        rejectedValue: body.requestFileId,
      });
    } else if (!(await repository.findOwnedFile(ctx.db, body.requestFileId, caller.id))) {
      problems.push({ field: 'requestFileId', key: 'missions.fileNotFound', rejectedValue: body.requestFileId });
    }
  }
  if (problems.length > 0) throw invalidFields(problems);
  // The hold is the price read here, so a fan who sends the price he saw never pays another one.
  if (product.type === 'BASIC' && body.expectedCoinPrice !== undefined && body.expectedCoinPrice !== coins) {
    throw priceChanged();
  }
  return coins;
}

/** Runs a ledger spend, answering its refusals as the request's errors. */
async function spend(operation: () => Promise<LedgerEntry>): Promise<LedgerEntry> {
  try {
    return await operation();
  } catch (error) {
    if (isLedgerError(error, 'NOT_ENOUGH_COINS')) throw notEnoughCoins();
    if (isLedgerError(error, 'COINS_FROZEN')) {
      throw creatorCannotRequest();
    }
    throw error;
  }
}

/** The `mission.requested` event of a mission (BASIC or CUSTOM request, or a lucky roulette won). */
function requestedEvent(
  mission: Pick<MissionRow, 'id' | 'creator_id' | 'user_id' | 'coin_price' | 'status'>,
  product: ProductForRequest,
  at: Date,
) {
  return domainEvent(
    'mission.requested',
    {
      missionId: mission.id,
      creatorId: mission.creator_id,
      userId: mission.user_id,
      productId: product.id,
      productType: product.type,
      productName: product.name,
      coinPrice: mission.coin_price,
      status: mission.status,
    },
    at,
  );
}

async function recordRequested(trx: DbExecutor, mission: MissionRow, product: ProductForRequest, at: Date) {
  await recordEvents(trx, [requestedEvent(mission, product, at)]);
}

/**
 * Opens a lucky roulette: a CREATED mission the fan rolls for. Opening the same product again while its roulette has
 * not been won returns the same mission.
 */
export async function openLuckyMission(
  ctx: ServiceContext,
  caller: Caller,
  productId: number,
): Promise<{ id: number }> {
  requireRequestingFan(caller);
  const product = await requestableProduct(ctx, productId);
  if (product.type !== 'LUCKY') throw wrongProductType();
  const open = await repository.findOpenLuckyMission(ctx.db, caller.id, product.id);
  if (open) return { id: open.id };
  const mission = await repository.insertMission(ctx.db, {
    product_id: product.id,
    creator_id: product.creator_id,
    user_id: caller.id,
    type: 'LUCKY',
    status: 'CREATED',
    coin_price: product.coin_price!,
    is_private: product.always_private,
  });
  return { id: mission.id };
}

/**
 * One roll of a lucky roulette: charges the roll's price and draws with the product's win probability, provably
 * fairly (the fan's committed server seed, his client seed and the roll's nonce; docs/provably-fair.md). A win holds the coins in the mission's escrow and accepts the mission
 * (10 days to perform), then its workflow starts; a loss is platform revenue. Rolls of one roulette run one at a time.
 */
export async function rollLuckyMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  idempotencyKey: string | undefined,
): Promise<LuckyRollResponse> {
  requireRequestingFan(caller);
  const found = await repository.findMission(ctx.db, missionId);
  if (!found || found.user_id !== caller.id || found.type !== 'LUCKY') throw missionNotFound();
  if (idempotencyKey) {
    const earlier = await repository.findRollByIdempotencyKey(ctx.db, caller.id, idempotencyKey);
    if (earlier) {
      if (earlier.mission_id !== missionId) throw idempotencyConflict();
      return { success: earlier.success };
    }
  }
  const product = await requestableProduct(ctx, found.product_id);
  const winProbability = Number(product.win_probability);
  const now = ctx.now();
  const { won, success } = await ctx.db.transaction().execute(async (trx) => {
    const mission = await repository.lockMission(trx, missionId);
    if (!mission || mission.status !== 'CREATED') {
      throw rouletteClosed();
    }
    // Provably fair (docs/provably-fair.md): decided by the fan's committed seed, his client seed and the nonce.
    const roll = await seededRoll(trx, caller.id, winProbability);
    const success = roll.success;
    const entry = await spend(() =>
      luckyRoll(trx, {
        userId: caller.id,
        missionId,
        coins: mission.coin_price,
        outcome: success ? 'WIN' : 'LOSS',
        idempotencyKey: idempotencyKey ? `lucky-roll:${caller.id}:${idempotencyKey}` : `lucky-roll:${randomUUID()}`,
        now,
      }),
    );
    await repository.insertRoll(trx, {
      mission_id: missionId,
      user_id: caller.id,
      coins: mission.coin_price,
      success,
      ledger_transaction_id: entry.transactionId,
      idempotency_key: idempotencyKey ?? null,
      seed_id: roll.seedId,
      client_seed: roll.clientSeed,
      nonce: roll.nonce,
      win_probability: winProbability.toFixed(1),
    });
    const parties = { missionId, creatorId: mission.creator_id, userId: caller.id };
    await recordEvents(trx, [
      domainEvent('mission.rolled', { ...parties, productName: product.name, coins: mission.coin_price, success }, now),
    ]);
    if (!success) return { won: null, success };
    const accepted: MissionRow = {
      ...mission,
      status: 'ACCEPTED',
      requested_at: now,
      accepted_at: now,
      perform_due_at: new Date(now.getTime() + DEADLINES.missionPerformDays * DAY_MS),
    };
    await repository.updateMission(trx, missionId, {
      status: accepted.status,
      requested_at: accepted.requested_at,
      accepted_at: accepted.accepted_at,
      perform_due_at: accepted.perform_due_at,
    });
    await recordRequested(trx, accepted, product, now);
    return { won: accepted, success };
  });
  if (won) await startMissionWorkflow(ctx, won);
  return { success };
}

/** The mission the creator acts on: 404 when it does not exist or is private to others, 403 when not his. */
async function creatorsMission(ctx: ServiceContext, caller: Caller, missionId: number): Promise<MissionRow> {
  const mission = await repository.findMission(ctx.db, missionId);
  if (!mission) throw missionNotFound();
  if (mission.creator_id !== caller.creatorId) {
    if (mission.is_private && mission.user_id !== caller.id) throw missionNotFound();
    throw accessDenied();
  }
  return mission;
}

type MissionAction = 'accept' | 'refuse' | 'perform';

/**
 * Runs a creator's action once per Idempotency-Key: a retry (same key, same mission and action) is answered with the
 * first result instead of being decided again; the same key for another mission or action is a conflict. The key
 * also becomes the Update's id, so a retry racing the first attempt (or following its 503) gets Temporal's answer
 * to that first Update.
 */
async function oncePerKey(
  ctx: ServiceContext,
  caller: Caller,
  mission: MissionRow,
  action: MissionAction,
  idempotencyKey: string | undefined,
  send: (updateId: string | undefined) => Promise<{ id: number }>,
): Promise<{ id: number }> {
  if (!idempotencyKey) return send(undefined);
  const earlier = await repository.findActionKey(ctx.db, caller.id, idempotencyKey);
  if (earlier) {
    if (earlier.mission_id !== mission.id || earlier.action !== action) throw idempotencyConflict();
    return { id: mission.id };
  }
  const keyHash = createHash('sha256').update(idempotencyKey).digest('base64url');
  const result = await send(`${action}-${caller.id}-${keyHash}`);
  await repository.insertActionKey(ctx.db, {
    user_id: caller.id,
    idempotency_key: idempotencyKey,
    mission_id: mission.id,
    action,
  });
  return result;
}

export async function acceptMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: AcceptMissionRequest,
  idempotencyKey?: string,
): Promise<{ id: number }> {
  const mission = await creatorsMission(ctx, caller, missionId);
  if (mission.type !== 'CUSTOM') throw actionNotApplicable();
  return oncePerKey(ctx, caller, mission, 'accept', idempotencyKey, (updateId) =>
    sendMissionUpdate(
      ctx,
      mission,
      acceptMissionUpdate,
      [{ feedback: body.feedback || null }],
      decided,
      updateId,
      decidedBy,
    ),
  );
}

export async function refuseMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: RefuseMissionRequest,
  idempotencyKey?: string,
): Promise<{ id: number }> {
  const mission = await creatorsMission(ctx, caller, missionId);
  if (mission.type !== 'CUSTOM') throw actionNotApplicable();
  return oncePerKey(ctx, caller, mission, 'refuse', idempotencyKey, (updateId) =>
    sendMissionUpdate(ctx, mission, refuseMissionUpdate, [{ feedback: body.feedback }], decided, updateId, decidedBy),
  );
}

export async function performMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: PerformMissionRequest,
  idempotencyKey?: string,
): Promise<{ id: number }> {
  const mission = await creatorsMission(ctx, caller, missionId);
  if (idempotencyKey) {
    // A retry of a perform that went through is answered before the mission's new state would refuse it.
    const earlier = await repository.findActionKey(ctx.db, caller.id, idempotencyKey);
    if (earlier) {
      if (earlier.mission_id !== mission.id || earlier.action !== 'perform') throw idempotencyConflict();
      return { id: mission.id };
    }
  }
  if (mission.status === 'CREATED' || mission.status === 'REQUESTED') throw actionRefused('NOT_ACCEPTED');
  const media =
    body.videoId !== undefined
      ? { kind: 'video' as const, fileId: body.videoId, field: 'videoId', fileKind: 'video' }
      : body.pictureId !== undefined
        ? { kind: 'picture' as const, fileId: body.pictureId, field: 'pictureId', fileKind: 'image' }
        : { kind: 'voice' as const, fileId: body.voiceId!, field: 'voiceId', fileKind: 'audio' };
  const file = await repository.findOwnedFile(ctx.db, media.fileId, caller.id);
  if (!file) throw invalidFields([{ field: media.field, key: 'missions.fileNotFound', rejectedValue: media.fileId }]);
  if (file.kind !== media.fileKind) {
    throw invalidFields([{ field: media.field, key: 'missions.unknownFileFormat', rejectedValue: media.fileId }]);
  }
  return oncePerKey(ctx, caller, mission, 'perform', idempotencyKey, (updateId) =>
    sendMissionUpdate(
      ctx,
      mission,
      performMissionUpdate,
      [{ responseComment: body.responseComment, media: { kind: media.kind, fileId: media.fileId } }],
      (current) =>
        current.status === 'COMPLETED'
          ? 'ALREADY_PERFORMED'
          : current.rejection_reason === 'PERFORM_EXPIRED'
            ? 'PERFORM_DEADLINE_PASSED'
            : 'NOT_ACCEPTED',
      updateId,
      (current, id) => (current.perform_update_id === id ? { id: current.id } : undefined),
    ),
  );
}

/** The answer of the accept or refuse Update whose decision the mission records (its own answer was lost). */
const decidedBy = (current: MissionRow, updateId: string) =>
  current.decision_update_id === updateId ? { id: current.id } : undefined;

/** A finished mission's answer to a late accept or refuse. */
const decided = (current: MissionRow) =>
  current.rejection_reason === 'DECISION_EXPIRED'
    ? ('DECISION_DEADLINE_PASSED' as const)
    : ('ALREADY_DECIDED' as const);
