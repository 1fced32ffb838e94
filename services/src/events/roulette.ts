import { randomBytes } from 'node:crypto';
import type { Page, PageQuery, RouletteRoll, RouletteSeed, RouletteSeedRotation } from '@fanmission/contracts';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { pageOffset, toPage } from '../http';
import { commitmentOf, newServerSeed, rollValue, rollWins } from './fairness';
import type { RouletteSeedsTable } from './table';
import type { Selectable } from 'kysely';
import type { RememberAfterCommit } from '@fanmission/ledger';

/*
 * The provably fair lucky roulette (docs/provably-fair.md): each fan has one active committed server seed, a client
 * seed he may change and a nonce per roll. Rotating reveals the active seed and commits to a new one.
 */

type SeedRow = Selectable<RouletteSeedsTable>;

const newClientSeed = () => randomBytes(8).toString('hex');

/** The fan's active seed, created on first use; `lock` holds it for the rest of the transaction. */
async function activeSeed(db: DbExecutor, userId: number, lock: boolean): Promise<SeedRow> {
  const query = db
    .selectFrom('roulette_seeds')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revealed_at', 'is', null);
  const found = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (found) return found;
  const seed = newServerSeed();
  await db
    .insertInto('roulette_seeds')
    .values({ user_id: userId, server_seed: seed, commitment: commitmentOf(seed), client_seed: newClientSeed() })
    // Two first uses at once: one inserts, the other reads it below.
    .onConflict((conflict) => conflict.column('user_id').where('revealed_at', 'is', null).doNothing())
    .execute();
  return (await (lock ? query.forUpdate() : query).executeTakeFirst())!;
}

const seedView = (seed: SeedRow): RouletteSeed => ({
  commitment: seed.commitment,
  clientSeed: seed.client_seed,
  nextNonce: seed.next_nonce,
});

export interface SeededRoll {
  seedId: number;
  clientSeed: string;
  nonce: number;
  success: boolean;
}

/**
 * Decides one roll with the fan's seed inside the caller's transaction (which must then record the roll with these
 * values): `HMAC-SHA256(serverSeed, "{clientSeed}:{nonce}")` first 8 bytes / 2^64 < winProbability / 100. With
 * `memory`, the seed as this roll left it is remembered once the caller has committed (`rollFromMemory`).
 */
export async function seededRoll(
  trx: DbExecutor,
  userId: number,
  winProbability: number,
  memory?: RememberAfterCommit,
): Promise<SeededRoll> {
  // The nonce taken in one round trip (the row stays locked to the end of the transaction); a fan's first roll
  // creates his seed first.
  const take = () =>
    trx
      .updateTable('roulette_seeds')
      .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
      .where('user_id', '=', userId)
      .where('revealed_at', 'is', null)
      .returning(['id', 'server_seed', 'client_seed', 'next_nonce'])
      .executeTakeFirst();
  let seed = await take();
  if (!seed) {
    await activeSeed(trx, userId, false);
    seed = (await take())!;
  }
  const taken = seed;
  if (memory) {
    memory.afterCommit.push(() =>
      seedMemoryFor(memory.pool).remember(userId, {
        seedId: taken.id,
        serverSeed: taken.server_seed,
        clientSeed: taken.client_seed,
        nextNonce: taken.next_nonce,
      }),
    );
  }
  const nonce = seed.next_nonce - 1;
  return {
    seedId: seed.id,
    clientSeed: seed.client_seed,
    nonce,
    success: rollWins(rollValue(seed.server_seed, seed.client_seed, nonce), winProbability),
  };
}

/** A fan's active seed as this process last took a nonce from it. */
interface RememberedSeed {
  seedId: number;
  serverSeed: Uint8Array;
  clientSeed: string;
  nextNonce: number;
}

/** Fans remembered at most per pool (the oldest forgotten first). */
const MAX_REMEMBERED_SEEDS = 20_000;

class SeedMemory {
  private readonly seeds = new Map<number, RememberedSeed>();
  get(userId: number): RememberedSeed | undefined {
    return this.seeds.get(userId);
  }
  remember(userId: number, seed: RememberedSeed): void {
    this.seeds.delete(userId);
    this.seeds.set(userId, seed);
    if (this.seeds.size > MAX_REMEMBERED_SEEDS) this.seeds.delete(this.seeds.keys().next().value!);
  }
  forget(userId: number): void {
    this.seeds.delete(userId);
  }
}

const seedMemories = new WeakMap<object, SeedMemory>();

function seedMemoryFor(pool: object): SeedMemory {
  let memory = seedMemories.get(pool);
  if (!memory) {
    memory = new SeedMemory();
    seedMemories.set(pool, memory);
  }
  return memory;
}

/** A roll decided from a remembered seed: its statement must take exactly this nonce of exactly this seed. */
export interface RememberedRoll extends SeededRoll {
  /** The caller's statement took the nonce: remember the next one. */
  taken(): void;
  /** The caller's statement found the seed moved: forget it. */
  forget(): void;
}

/**
 * Decides the fan's next roll from his seed as this process remembers it, without a round trip; null when nothing is
 * remembered. The caller's statement must check that the seed is still active with this client seed and this next
 * nonce before it records the roll (migration 0730_lucky_roll_one_statement does), so the outcome is the one the
 * locked seed would give.
 */
export function rollFromMemory(pool: object, userId: number, winProbability: number): RememberedRoll | null {
  const memory = seedMemoryFor(pool);
  const seed = memory.get(userId);
  if (!seed) return null;
  const nonce = seed.nextNonce;
  return {
    seedId: seed.seedId,
    clientSeed: seed.clientSeed,
    nonce,
    success: rollWins(rollValue(seed.serverSeed, seed.clientSeed, nonce), winProbability),
    taken: () => memory.remember(userId, { ...seed, nextNonce: nonce + 1 }),
    forget: () => memory.forget(userId),
  };
}

export async function getRouletteSeed(ctx: ServiceContext, caller: Caller): Promise<RouletteSeed> {
  return await ctx.db.transaction().execute(async (trx) => seedView(await activeSeed(trx, caller.id, false)));
}

export async function setClientSeed(ctx: ServiceContext, caller: Caller, clientSeed: string): Promise<RouletteSeed> {
  return await ctx.db.transaction().execute(async (trx) => {
    const seed = await activeSeed(trx, caller.id, true);
    await trx.updateTable('roulette_seeds').set({ client_seed: clientSeed }).where('id', '=', seed.id).execute();
    return seedView({ ...seed, client_seed: clientSeed });
  });
}

export async function rotateSeed(ctx: ServiceContext, caller: Caller): Promise<RouletteSeedRotation> {
  return await ctx.db.transaction().execute(async (trx) => {
    const old = await activeSeed(trx, caller.id, true);
    await trx.updateTable('roulette_seeds').set({ revealed_at: ctx.now() }).where('id', '=', old.id).execute();
    const next = await activeSeed(trx, caller.id, true);
    // The fan's client seed carries over; he may change it at any time.
    await trx.updateTable('roulette_seeds').set({ client_seed: old.client_seed }).where('id', '=', next.id).execute();
    return {
      revealedServerSeed: old.server_seed.toString('hex'),
      revealedCommitment: old.commitment,
      commitment: next.commitment,
    };
  });
}

/** `GET /users/me/rolls/page`: the fan's rolls, newest first, with their seeds once revealed. */
export async function rollPage(ctx: ServiceContext, caller: Caller, query: PageQuery): Promise<Page<RouletteRoll>> {
  const base = ctx.db
    .selectFrom('lucky_rolls as r')
    .innerJoin('missions as m', 'm.id', 'r.mission_id')
    .innerJoin('mission_products as p', 'p.id', 'm.product_id')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .leftJoin('roulette_seeds as s', 's.id', 'r.seed_id')
    .where('r.user_id', '=', caller.id);
  const [rows, total] = await Promise.all([
    base
      .select([
        'r.id',
        'r.mission_id',
        'm.product_id',
        'p.name',
        'c.id as creator_id',
        'c.name as creator_name',
        'r.coins',
        'r.win_probability',
        's.commitment',
        'r.client_seed',
        'r.nonce',
        'r.success',
        'r.created_at',
        's.server_seed',
        's.revealed_at',
      ])
      .orderBy('r.id', 'desc')
      .offset(pageOffset(query))
      .limit(query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return toPage(
    rows.map((row) => ({
      id: row.id,
      missionId: row.mission_id,
      productId: row.product_id,
      productName: row.name,
      creatorId: row.creator_id,
      creatorName: row.creator_name,
      coins: row.coins,
      winProbability: row.win_probability === null ? null : Number(row.win_probability),
      commitment: row.commitment,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      success: row.success,
      created: row.created_at.toISOString(),
      serverSeed: row.revealed_at && row.server_seed ? row.server_seed.toString('hex') : null,
    })),
    Number(total.count),
    query,
  );
}
