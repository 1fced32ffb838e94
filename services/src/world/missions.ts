import { DAY_MS, DEADLINES, SETTLEMENT, koreaMonthRange } from '@fanmission/contracts';
import { generateEvents } from './events';
import { playRoulettes } from './roulette';
import type { Random } from './random';
import { REJECTIONS, weighted, type Mission, type Product, type WorldContext } from './shape';

/** Missions of BASIC, CUSTOM and LUCKY products over the history, and the lottery events with their applicants. */
export function generateMissions(world: WorldContext, products: Product[], productsOf: Map<number, Product[]>) {
  const { shape, random, since, now, at, fanUser } = world;
  // Missions of BASIC, CUSTOM and LUCKY products, at times over the history; their states follow from their age.
  const missions: Mission[] = [];
  for (let index = 0; index < shape.missions; index++) {
    const creator = 1 + random.skewed(shape.creators, 4);
    const offered = productsOf.get(creator)!.filter((product) => product.type !== 'EVENT');
    const product = random.pick(offered);
    const requestedAt = at(since + random.below(shape.days * DAY_MS));
    missions.push(missionFor(random, product, fanUser(1 + random.skewed(shape.members, 3)), requestedAt, now));
  }
  // The named creators (the README's) earn in every settled month: performed missions worth twice the settlement's
  // minimum, so each month's statement is issued with amounts, never carried over.
  for (let creator = 1; creator <= world.cast.creators.length; creator++) {
    const basic = productsOf.get(creator)!.filter((product) => product.type === 'BASIC');
    for (const { year, month } of world.months) {
      const { start, end } = koreaMonthRange(year, month);
      const from = Math.max(start.getTime(), since);
      let coins = missions
        .filter((mission) => mission.product.creatorId === creator && mission.completedAt)
        .filter((mission) => mission.completedAt! >= start && mission.completedAt! < end)
        .reduce((sum, mission) => sum + mission.price, 0);
      for (let tries = 0; coins < 2 * SETTLEMENT.minimumCoins && tries < 200; tries++) {
        const requestedAt = at(from + random.below(Math.max(1, Math.floor((end.getTime() - from) * 0.6))));
        const fan = fanUser(1 + random.skewed(shape.members, 3));
        const mission = missionFor(random, random.pick(basic), fan, requestedAt, now);
        if (mission.status !== 'COMPLETED' || mission.completedAt! >= end) continue;
        missions.push(mission);
        coins += mission.price;
      }
    }
  }
  const rouletteSeeds = playRoulettes(world, missions, (mission, wonAt) =>
    acceptLuckyMission(random, mission, wonAt, now),
  );
  missions.sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime());
  missions.forEach((mission, index) => (mission.id = index + 1));

  const { lotteryEvents, applications, draws } = generateEvents(world, products, missions);
  return { missions, lotteryEvents, applications, draws, rouletteSeeds };
}

/** A mission's state from its age: old ones have ended (mostly performed), recent ones are still under way. */
function missionFor(random: Random, product: Product, userId: number, requestedAt: Date, now: Date): Mission {
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
    rollBudget: 0,
    rolls: [],
  };
  if (product.type === 'LUCKY') {
    // The fan's seeds decide the rolls once every roulette of the history is known (./roulette.ts).
    mission.status = 'CREATED';
    mission.rollBudget = random.tail(1, 15, 2);
    return mission;
  }
  return missionLifecycle(random, mission, now);
}

/** A lucky mission won at `wonAt` (its winning roll): accepted then, its life follows as any other's. */
function acceptLuckyMission(random: Random, mission: Mission, wonAt: Date, now: Date): void {
  mission.requestedAt = wonAt;
  mission.status = 'ACCEPTED';
  mission.acceptedAt = wonAt;
  missionLifecycle(random, mission, now);
}

/** What became of a requested (or won) mission by `now`, from its age. */
function missionLifecycle(random: Random, mission: Mission, now: Date): Mission {
  const { product, requestedAt } = mission;
  const later = (days: number) => {
    const time = requestedAt.getTime() + days * DAY_MS * (0.2 + 0.8 * random.next());
    return time < now.getTime() ? new Date(time) : null;
  };
  // BASIC missions are accepted on request (services/src/missions/service.ts); CUSTOM ones wait for the decision.
  if (product.type === 'BASIC') mission.acceptedAt = requestedAt;
  const performDue = (accepted: Date) => accepted.getTime() + DEADLINES.missionPerformDays * DAY_MS;
  const ending = random.next();
  if (ending < 0.75) {
    mission.acceptedAt ??= later(3);
    mission.completedAt = mission.acceptedAt ? later(10) : null;
    if (mission.completedAt && mission.acceptedAt && mission.completedAt < mission.acceptedAt) {
      mission.completedAt = mission.acceptedAt;
    }
  } else {
    const rejection = weighted(random, REJECTIONS);
    // Only a CUSTOM request waits for a decision that can expire; the others can only run out of time to perform.
    const undecidable = product.type !== 'CUSTOM' && rejection.reason === 'DECISION_EXPIRED';
    mission.rejection = product.type === 'LUCKY' || undecidable ? REJECTIONS[2] : rejection;
    const past = (time: number) => (time < now.getTime() ? new Date(time) : null);
    if (mission.rejection.reason === 'PERFORM_EXPIRED') {
      mission.acceptedAt ??= later(3);
      mission.rejectedAt = mission.acceptedAt ? past(performDue(mission.acceptedAt)) : null;
    } else if (mission.rejection.reason === 'DECISION_EXPIRED') {
      mission.rejectedAt = past(requestedAt.getTime() + DEADLINES.customDecisionDays * DAY_MS);
    } else {
      mission.rejectedAt = later(13);
      if (mission.rejectedAt && mission.acceptedAt && mission.rejectedAt < mission.acceptedAt) {
        mission.rejectedAt = mission.acceptedAt;
      }
    }
    if (!mission.rejectedAt) mission.rejection = null;
  }
  // A mission still open has its deadline ahead; one past it has expired at the deadline, as its workflow does.
  if (!mission.completedAt && !mission.rejectedAt) {
    const due = mission.acceptedAt
      ? performDue(mission.acceptedAt)
      : requestedAt.getTime() + DEADLINES.customDecisionDays * DAY_MS;
    if (due <= now.getTime() - 60_000) {
      mission.rejection = REJECTIONS[mission.acceptedAt ? 2 : 1];
      mission.rejectedAt = new Date(due);
    }
  } else if (
    mission.completedAt &&
    mission.acceptedAt &&
    mission.completedAt.getTime() >= performDue(mission.acceptedAt)
  ) {
    mission.completedAt = new Date(performDue(mission.acceptedAt) - 3_600_000);
  }
  if (mission.completedAt) mission.status = 'COMPLETED';
  else if (mission.rejectedAt) mission.status = 'REJECTED';
  else if (mission.acceptedAt) mission.status = 'ACCEPTED';
  return mission;
}
