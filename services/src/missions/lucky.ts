import { DAY_MS, DEADLINES, type LuckyRollResponse } from '@fanmission/contracts';
import { randomUUID } from 'node:crypto';
import { luckyRoll } from '@fanmission/ledger';
import { requireRequestingFan, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { domainEvent, recordEvents } from '../outbox';
import { seededRoll } from '../events';
import { idempotencyConflict, missionNotFound, rouletteClosed, wrongProductType } from './errors';
import * as repository from './repository';
import type { MissionRow } from './table';
import { startMissionWorkflow } from './workflow-client';
import { requestableProduct, spend, recordRequested } from './service';

// LUCKY missions: a fan's roll of a creator's lucky roulette (paid through the ledger, decided by the provably fair
// roll) and the mission a won roll opens.

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
  const product = await requestableProduct(ctx, caller, productId);
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
  const product = await requestableProduct(ctx, caller, found.product_id);
  const winProbability = Number(product.win_probability);
  const now = ctx.now();
  const { won, success } = await ctx.db.transaction().execute(async (trx) => {
    const mission = await repository.lockMission(trx, missionId);
    // The same roll sent again while its first attempt was still under way (the client gave up on a paused or
    // unreachable API and retried on another) waited here for the mission's lock: it answers the first roll's
    // outcome, even once that roll has won and closed the roulette, and never rolls a second time.
    if (idempotencyKey) {
      const first = await repository.findRollByIdempotencyKey(trx, caller.id, idempotencyKey);
      if (first) {
        if (first.mission_id !== missionId) throw idempotencyConflict();
        return { won: null, success: first.success };
      }
    }
    if (!mission || mission.status !== 'CREATED') {
      throw rouletteClosed();
    }
    // Provably fair (docs/provably-fair.md): decided by the fan's committed seed, his client seed and the nonce.
    const roll = await seededRoll(trx, caller.id, winProbability);
    const success = roll.success;
    const parties = { missionId, creatorId: mission.creator_id, userId: caller.id };
    await recordEvents(trx, [
      domainEvent('mission.rolled', { ...parties, productName: product.name, coins: mission.coin_price, success }, now),
    ]);
    let accepted: MissionRow | null = null;
    if (success) {
      accepted = {
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
    }
    // The spend last: a loss credits a shard of platform revenue, whose row lock every roll of the fans of that shard
    // waits for until this transaction commits. Only the roll's own row, which names the ledger transaction, follows.
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
    return { won: accepted, success };
  });
  if (won) await startMissionWorkflow(ctx, won);
  return { success };
}
