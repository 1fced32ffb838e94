import { DAY_MS, DEADLINES, eventSchedule, koreaDate } from '@fanmission/contracts';
import { fairness } from '../events';
import type { Mission, Product, Row, WorldContext } from './shape';

/**
 * Lottery events: one per EVENT product, applied for by fans. The three most popular creators' events are under way
 * (one APPLYING, one DRAWING, one DRAWN with all but one of its winners' prizes performed); the others, at times over
 * the history, are CLOSED. The open ones are left without `workflow_started_at`, so the worker's reconciler
 * (services/src/events/reconciler.ts) starts their workflows at the stored dates.
 */
export function generateEvents(world: WorldContext, products: Product[], missions: Mission[]) {
  const { shape, random, since, now, at, fanUser } = world;
  const lotteryEvents: Row[] = [];
  const applications: Row[] = [];
  const draws: Row[] = [];
  const events = products.filter((candidate) => candidate.type === 'EVENT');
  const day = (time: number) => koreaDate(new Date(time));
  events.forEach((product, index) => {
    const phase = (['APPLYING', 'DRAWING', 'DRAWN'] as const)[index] ?? 'CLOSED';
    const start =
      phase === 'APPLYING'
        ? now.getTime() - 3 * DAY_MS
        : phase === 'DRAWING'
          ? now.getTime() - 10 * DAY_MS
          : phase === 'DRAWN'
            ? now.getTime() - 12 * DAY_MS
            : since + random.below(Math.max(1, shape.days - 30) * DAY_MS);
    const dates = {
      applyStart: day(start),
      applyEnd: day(start + 7 * DAY_MS),
      eventEnd: day(phase === 'DRAWN' ? now.getTime() + 10 * DAY_MS : start + 21 * DAY_MS),
    };
    const schedule = eventSchedule(dates);
    const applyEnd = schedule.applyEndAt;
    const drawnAt = new Date(applyEnd.getTime() + 2 * DAY_MS);
    const prizeDueAt = new Date(drawnAt.getTime() + DEADLINES.prizeAfterAnnouncementDays * DAY_MS);
    const applicants = new Set<number>();
    for (let count = random.tail(8, 300); count > 0; count--) applicants.add(fanUser(1 + random.below(shape.members)));
    const drawNumber = Math.min(3, applicants.size);
    const drawn = phase === 'DRAWN' || phase === 'CLOSED';
    const applied: Mission[] = [...applicants].map((userId, order) => {
      const picked = drawn && order < drawNumber;
      // A DRAWN event has a prize still to perform: one served to every winner would have closed it.
      const serving = phase === 'DRAWN' && order === drawNumber - 1;
      const mission: Mission = {
        id: missions.length + 1,
        product,
        userId,
        status: !drawn ? 'REQUESTED' : serving ? 'ACCEPTED' : picked ? 'COMPLETED' : 'REJECTED',
        price: 0,
        isPrivate: false,
        requestedAt: at(schedule.applyStartAt.getTime() + random.below(applyEnd.getTime() - start)),
        acceptedAt: picked ? drawnAt : null,
        completedAt: picked && !serving ? at(drawnAt.getTime() + DAY_MS + random.below(DAY_MS)) : null,
        rejectedAt: drawn && !picked ? drawnAt : null,
        rejection: null,
        rollBudget: 0,
        rolls: [],
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
      if (picked) {
        const pick = { product_id: product.id, choice: null, mission_id: mission.id, manual: true, action: 'PICK' };
        draws.push({ ...pick, seq: order + 1, created_at: new Date(drawnAt.getTime() - 60_000) });
      }
      return mission;
    });
    const seed = Buffer.from(Array.from({ length: 32 }, () => random.below(256)));
    const entries = fairness.sortedEntries(applied.map((mission) => mission.id));
    const frozen = phase !== 'APPLYING';
    const closedAt = phase === 'CLOSED' ? schedule.eventEndAt : null;
    lotteryEvents.push({
      product_id: product.id,
      creator_id: product.creatorId,
      title: `${product.name} ${index + 1}탄`,
      description: '응모하신 분들 중 추첨으로 직접 영상을 보내 드려요!',
      draw_number: Math.max(1, drawNumber),
      apply_start: dates.applyStart,
      apply_end: dates.applyEnd,
      event_end: dates.eventEnd,
      status: phase,
      server_seed: `\\x${seed.toString('hex')}`,
      commitment: fairness.commitmentOf(seed),
      entries: frozen ? entries : null,
      entries_hash: frozen ? fairness.entriesHashOf(entries) : null,
      next_choice: 0,
      applying_at: schedule.applyStartAt,
      drawing_at: frozen ? applyEnd : null,
      drawn_at: drawn ? drawnAt : null,
      prize_due_at: drawn ? prizeDueAt : null,
      closed_at: closedAt,
      workflow_started_at: phase === 'CLOSED' ? schedule.applyStartAt : null,
      created_at: new Date(schedule.applyStartAt.getTime() - DAY_MS),
      updated_at: closedAt ?? (drawn ? drawnAt : frozen ? applyEnd : schedule.applyStartAt),
    });
  });
  return { lotteryEvents, applications, draws };
}
