import { DAY_MS, DEADLINES, type MissionRequest, type MissionRequestResponse } from '@fanmission/contracts';
import { holdForMission, isLedgerError, type LedgerEntry } from '@fanmission/ledger';
import { requireAdultAccess } from '../adult-content';
import { creatorCannotRequest, requireRequestingFan, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { uniqueViolation } from '../db';
import { domainEvent } from '../outbox';
import { invalidFields, type FieldProblem } from '../http';
import {
  creatorBlocked,
  customNotAvailable,
  priceChanged,
  idempotencyConflict,
  notEnoughCoins,
  productInactive,
  productNotFound,
  wrongProductType,
} from './errors';
import { requireNotPaused, takeOpenRequestSlot } from './capacity';
import { creatorBlockedByPenalties } from './penalties';
import * as repository from './repository';
import type { ProductForRequest } from './repository';
import type { MissionRow } from './table';
import { startMissionWorkflowAfterCommit } from './workflow-client';
/**
 * The product a fan may request now: it exists, is on sale, its creator is verified and not blocked; an adult-flagged
 * creator's only for a member verified as an adult.
 */
export async function requestableProduct(
  ctx: ServiceContext,
  caller: Caller,
  productId: number,
): Promise<ProductForRequest> {
  const product = await repository.findProductForRequest(ctx.db, productId, ctx.now());
  return requestable(caller, product, () => creatorBlockedByPenalties(ctx.db, product!.creator_id, ctx.now()));
}

/**
 * The product, if the caller may request it: 404 for a product that is not there or whose creator is not verified,
 * the adult gate, 409 for an inactive product, a creator a penalty blocks (`blocked`) or a paused creator.
 */
export async function requestable(
  caller: Caller,
  product: ProductForRequest | undefined,
  blocked: () => boolean | Promise<boolean>,
): Promise<ProductForRequest> {
  if (!product || !product.creator_verified) throw productNotFound();
  requireAdultAccess(caller, { creatorId: product.creator_id, adult: product.creator_adult });
  if (!product.active) throw productInactive();
  if (await blocked()) throw creatorBlocked();
  requireNotPaused(product);
  return product;
}

/**
 * Requests a BASIC or CUSTOM mission: the mission and the coin hold commit together (or neither does), after the
 * slot a cap on open requests leaves it (`takeOpenRequestSlot`); then the
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
  const product = await requestable(caller, context.product, () => context.creatorBlocked);
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
      await takeOpenRequestSlot(trx, product);
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
export async function spend(operation: () => Promise<LedgerEntry>): Promise<LedgerEntry> {
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
export function requestedEvent(
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
