import { createHash } from 'node:crypto';
import { DAY_MS } from '@fanmission/contracts';
import type { Random } from './random';
import { HISTORY_DAYS, REJECTIONS, weighted, type Mission, type Product, type Row, type WorldContext } from './shape';

/** Missions of BASIC, CUSTOM and LUCKY products over the year, and the lottery events with their applicants. */
export function generateMissions(world: WorldContext, products: Product[], productsOf: Map<number, Product[]>) {
  const { shape, random, since, now, at, fanUser } = world;
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

  return { missions, lotteryEvents, applications };
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
