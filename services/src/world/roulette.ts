import { createHmac } from 'node:crypto';
import { koreaMonthOf, koreaMonthRange } from '@fanmission/contracts';
import { fairness } from '../events';
import { WORLD_WIN_PROBABILITY, type Mission, type Row, type WorldContext } from './shape';

/*
 * The lucky roulettes of the history, provably fair as the live roulette is (services/src/events/roulette.ts,
 * docs/provably-fair.md): each fan has one committed server seed per Korea-time month he rolls in, a client seed, and
 * a nonce counting his rolls under the seed. Every roll's outcome is what `HMAC-SHA256(serverSeed,
 * "{clientSeed}:{nonce}")` gives at the product's win probability, so the verifier accepts each one. A fan's seed is
 * rotated when a month starts: the past month's seed is revealed then and a new one committed; the current month's
 * seed stays secret, as an unrotated seed does. All of it is computed in memory and written in bulk with the world.
 *
 * The seeds are derived from the world's seed (the same world from the same seed): a generated world is demo data
 * whose passwords are published too; the live roulette draws its seeds from the operating system.
 */

/** Seconds between a fan's rolls of one roulette, at most. */
const ROLL_GAP_MS = 60_000;

interface FanRoulette {
  seed: Row & { id: number; client_seed: string; next_nonce: number };
  server: Buffer;
  /** The seed's Korea-time month, `YYYY-MM`. */
  period: string;
  lastRoll: number;
}

const periodOf = (time: number) => {
  const { year, month } = koreaMonthOf(new Date(time));
  return { key: `${year}-${String(month).padStart(2, '0')}`, start: koreaMonthRange(year, month).start };
};

/**
 * Plays every LUCKY mission's rolls in time order, fan by fan: rolls until a win or until the fan's budget is spent.
 * A won mission is handed to `won` with its winning roll's time (its request); a lost one stays CREATED with its
 * request at its last roll. Returns the `roulette_seeds` rows.
 */
export function playRoulettes(
  world: WorldContext,
  missions: Mission[],
  won: (mission: Mission, wonAt: Date) => void,
): Row[] {
  const key = Buffer.from(Array.from({ length: 32 }, () => world.random.below(256)));
  const derive = (message: string) => createHmac('sha256', key).update(message).digest();
  const seeds: Row[] = [];
  const fans = new Map<number, FanRoulette>();
  const commit = (userId: number, period: string, clientSeed: string, at: Date): FanRoulette => {
    const server = derive(`server:${userId}:${period}`);
    const seed = {
      id: seeds.length + 1,
      user_id: userId,
      server_seed: `\\x${server.toString('hex')}`,
      commitment: fairness.commitmentOf(server),
      client_seed: clientSeed,
      next_nonce: 0,
      created_at: at,
      revealed_at: null as Date | null,
    };
    seeds.push(seed);
    return { seed, server, period, lastRoll: at.getTime() };
  };
  const rotate = (fan: FanRoulette, userId: number, period: { key: string; start: Date }): FanRoulette => {
    fan.seed.revealed_at = period.start;
    // The fan's client seed carries over, as rotating it live does.
    return { ...commit(userId, period.key, fan.seed.client_seed, period.start), lastRoll: fan.lastRoll };
  };

  const lucky = missions
    .filter((mission) => mission.product.type === 'LUCKY')
    .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime());
  for (const mission of lucky) {
    const { userId } = mission;
    const end = mission.requestedAt.getTime();
    const budget = mission.rollBudget;
    for (let roll = 0; roll < budget; roll++) {
      const known = fans.get(userId);
      // A minute apart, ending at the request, and always after the fan's previous roll (nonces follow time).
      const time = Math.max(end - (budget - 1 - roll) * ROLL_GAP_MS, (known?.lastRoll ?? -Infinity) + 1);
      const period = periodOf(time);
      let fan: FanRoulette;
      if (!known) fan = commit(userId, period.key, derive(`client:${userId}`).toString('hex', 0, 8), new Date(time));
      else fan = known.period === period.key ? known : rotate(known, userId, period);
      fans.set(userId, fan);
      const nonce = fan.seed.next_nonce;
      fan.seed.next_nonce = nonce + 1;
      fan.lastRoll = time;
      const success = fairness.rollWins(
        fairness.rollValue(fan.server, fan.seed.client_seed, nonce),
        WORLD_WIN_PROBABILITY,
      );
      mission.rolls.push({
        time: new Date(time),
        seedId: fan.seed.id,
        clientSeed: fan.seed.client_seed,
        nonce,
        success,
      });
      if (success) break;
    }
    const last = mission.rolls.at(-1)!.time;
    if (mission.rolls.at(-1)!.success) won(mission, last);
    else mission.requestedAt = last;
  }
  // A fan whose last seed belongs to a past month rotated it when the month ended: revealed, a new one committed.
  const current = periodOf(world.now.getTime()).key;
  for (const [userId, fan] of fans) {
    if (fan.period === current) continue;
    const { year, month } = koreaMonthOf(new Date(fan.lastRoll));
    rotate(fan, userId, periodOf(koreaMonthRange(year, month).end.getTime()));
  }
  return seeds;
}
