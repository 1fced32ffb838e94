import { DAY_MS, DEADLINES, type LuckyRollResponse } from '@fanmission/contracts';
import { randomUUID } from 'node:crypto';
import { luckyRoll, luckyRollFromMemory, type RememberAfterCommit } from '@fanmission/ledger';
import { requireRequestingFan, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { domainEvent } from '../outbox';
import { rollFromMemory, seededRoll } from '../events';
import { idempotencyConflict, missionNotFound, rouletteClosed, wrongProductType } from './errors';
import { takeOpenRequestSlot } from './capacity';
import * as repository from './repository';
import type { MissionRow } from './table';
import { startMissionWorkflow } from './workflow-client';
import { requestable, requestableProduct, requestedEvent, spend } from './service';

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
 * fairly (the fan's committed server seed, his client seed and the roll's nonce; docs/provably-fair.md). A win holds
 * the coins in the mission's escrow and accepts the mission (10 days to perform), then its workflow starts; a loss is
 * platform revenue. Rolls of one roulette run one at a time.
 * The hottest action of the product, so each step is one round trip: what it needs read at once, then in one
 * transaction the mission locked, the seed's nonce taken, the ledger's spend, and the roll inserted with its events.
 */
export async function rollLuckyMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  idempotencyKey: string | undefined,
): Promise<LuckyRollResponse> {
  requireRequestingFan(caller);
  const now = ctx.now();
  const context = await repository.readRollContext(ctx.db, {
    missionId,
    userId: caller.id,
    idempotencyKey: idempotencyKey ?? null,
    now,
  });
  if (!context.mission || context.mission.userId !== caller.id || context.mission.type !== 'LUCKY') {
    throw missionNotFound();
  }
  if (context.earlier) return sameRoll(context.earlier, missionId);
  const product = await requestable(caller, context.product, () => context.creatorBlocked);
  const winProbability = Number(product.win_probability);
  // A capped product's rolls take an open-request slot under its creator's lock (a roll may win): the usual way.
  if (context.mission.status === 'CREATED' && !product.capped) {
    const remembered = await rollFromRememberedState(ctx, caller, {
      missionId,
      coins: context.mission.coinPrice,
      product,
      winProbability,
      idempotencyKey,
      now,
    });
    if (remembered) return remembered;
  }
  // What this roll's transaction read and wrote of the fan's seed and wallet, remembered once it has committed.
  const memory: RememberAfterCommit = { pool: ctx.db, afterCommit: [] };
  const { won, success } = await ctx.db.transaction().execute(async (trx) => {
    const mission = await repository.lockMission(trx, missionId);
    // The same roll sent again while its first attempt was still under way (the client gave up on a paused or
    // unreachable API and retried on another) waited here for the mission's lock: it answers the first roll's
    // outcome, even once that roll has won and closed the roulette, and never rolls a second time. (Read after the
    // lock, by a statement of its own: one that joined the roll to the locked row would not see it.)
    const earlier = idempotencyKey && (await repository.findRollByIdempotencyKey(trx, caller.id, idempotencyKey));
    if (earlier) return { won: null, success: sameRoll(earlier, missionId).success };
    if (!mission || mission.status !== 'CREATED') {
      throw rouletteClosed();
    }
    // A roll may win, and a win is one more open request: a roll past a cap is refused before its coins move.
    await takeOpenRequestSlot(trx, product);
    // Provably fair (docs/provably-fair.md): decided by the fan's committed seed, his client seed and the nonce.
    const roll = await seededRoll(trx, caller.id, winProbability, memory);
    const success = roll.success;
    const parties = { missionId, creatorId: mission.creator_id, userId: caller.id };
    const rolled = domainEvent(
      'mission.rolled',
      { ...parties, productName: product.name, coins: mission.coin_price, success },
      now,
    );
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
    }
    // The spend before the last write: a loss credits a shard of platform revenue, whose row lock every roll of the
    // fans of that shard waits for until this transaction commits. Only the roll's own row, which names the ledger
    // transaction, and its events follow.
    const entry = await spend(() =>
      luckyRoll(
        trx,
        {
          userId: caller.id,
          missionId,
          coins: mission.coin_price,
          outcome: success ? 'WIN' : 'LOSS',
          idempotencyKey: ledgerKey(caller.id, idempotencyKey),
          now,
        },
        memory,
      ),
    );
    await repository.insertRoll(
      trx,
      {
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
      },
      accepted ? [rolled, requestedEvent(accepted, product, now)] : [rolled],
    );
    return { won: accepted, success };
  });
  for (const remember of memory.afterCommit) remember();
  if (won) await startMissionWorkflow(ctx, won);
  return { success };
}

const ledgerKey = (userId: number, idempotencyKey: string | undefined) =>
  idempotencyKey ? `lucky-roll:${userId}:${idempotencyKey}` : `lucky-roll:${randomUUID()}`;

/**
 * A losing roll in one statement, when this process remembers the fan's seed and wallet from his earlier rolls: the
 * outcome and the ledger transaction decided from memory, then checked and written at once by the database
 * (`insertRememberedLosingRoll`). Null when nothing usable is remembered, when the roll wins (a win also accepts the
 * mission: the usual way), or when the statement found anything moved since (what was remembered is forgotten):
 * the caller then rolls the usual way, which decides with the same nonce of the same seed.
 */
async function rollFromRememberedState(
  ctx: ServiceContext,
  caller: Caller,
  input: {
    missionId: number;
    coins: number;
    product: { name: string; creator_id: number };
    winProbability: number;
    idempotencyKey: string | undefined;
    now: Date;
  },
): Promise<LuckyRollResponse | null> {
  const { missionId, coins, now } = input;
  const roll = rollFromMemory(ctx.db, caller.id, input.winProbability);
  if (!roll || roll.success) return null;
  const ledger = await luckyRollFromMemory(ctx.db, {
    userId: caller.id,
    missionId,
    coins,
    outcome: 'LOSS',
    idempotencyKey: ledgerKey(caller.id, input.idempotencyKey),
    now,
  });
  if (!ledger) return null;
  const parties = { missionId, creatorId: input.product.creator_id, userId: caller.id };
  const rolled = domainEvent(
    'mission.rolled',
    { ...parties, productName: input.product.name, coins, success: false },
    now,
  );
  const transactionId = await repository.insertRememberedLosingRoll(
    ctx.db,
    {
      missionId,
      userId: caller.id,
      coins,
      seedId: roll.seedId,
      clientSeed: roll.clientSeed,
      nonce: roll.nonce,
      winProbability: input.winProbability.toFixed(1),
      idempotencyKey: input.idempotencyKey ?? null,
    },
    [rolled],
    ledger.appendArguments,
  );
  if (transactionId === 'STALE') {
    roll.forget();
    ledger.forget();
    return null;
  }
  roll.taken();
  ledger.committed(transactionId);
  return { success: false };
}

/** The answer to a key used before: the first roll's outcome, for the same mission only. */
function sameRoll(earlier: { mission_id: number; success: boolean }, missionId: number): LuckyRollResponse {
  if (earlier.mission_id !== missionId) throw idempotencyConflict();
  return { success: earlier.success };
}
