import { DAY_MS } from '@fanmission/contracts';
import { sql } from 'kysely';
import { runPeriodically, type PeriodicTask } from '../background';
import type { ServiceContext } from '../context';
import { domainEvent, recordEvents } from '../outbox';

/*
 * The day-after reminder to review (docs/rules/reviews.md): once a mission has been COMPLETED for a day, not refunded
 * and not reviewed, its requester is told once, through the outbox (`mission.review-reminder`: the notification, its
 * push and mail follow the member's channels). The mission's workflow has ended by then, so the API's background loop
 * sends them. A mission answered more than REMINDER_WINDOW_DAYS ago is left alone (a loop that was down does not send
 * a burst of stale reminders). Every API process may run the loop: the reminder's row is taken with the event in one
 * transaction, so each mission is reminded once.
 */

const REMINDER_AFTER_MS = DAY_MS;
const REMINDER_WINDOW_DAYS = 3;
const BATCH = 500;

/** Sends the reminders due at `now`; answers how many were sent. */
export async function sendReviewReminders(ctx: ServiceContext, now: Date = ctx.now()): Promise<number> {
  const due = await ctx.db
    .selectFrom('missions as m')
    .innerJoin('mission_products as p', 'p.id', 'm.product_id')
    .select(['m.id', 'm.creator_id', 'm.user_id', 'p.name'])
    .where('m.status', '=', 'COMPLETED')
    .where('m.completed_at', '<=', new Date(now.getTime() - REMINDER_AFTER_MS))
    .where('m.completed_at', '>', new Date(now.getTime() - REMINDER_WINDOW_DAYS * DAY_MS))
    .where(sql<boolean>`coalesce(m.refunded_coins, 0) = 0`)
    .where(sql<boolean>`not exists (select 1 from mission_reviews r where r.mission_id = m.id)`)
    .where(sql<boolean>`not exists (select 1 from mission_review_reminders s where s.mission_id = m.id)`)
    .where(sql<boolean>`not exists (select 1 from creators c where c.id = m.creator_id and c.user_id = m.user_id)`)
    .orderBy('m.completed_at')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const mission of due) {
    const taken = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('mission_review_reminders')
        .values({ mission_id: mission.id, sent_at: now })
        .onConflict((conflict) => conflict.doNothing())
        .returning('mission_id')
        .executeTakeFirst();
      if (!row) return false;
      await recordEvents(trx, [
        domainEvent(
          'mission.review-reminder',
          { missionId: mission.id, creatorId: mission.creator_id, userId: mission.user_id, productName: mission.name },
          now,
        ),
      ]);
      return true;
    });
    if (taken) sent += 1;
  }
  return sent;
}

/** The API's loop: now, then every 10 minutes. */
export function startReviewReminders(ctx: ServiceContext): PeriodicTask {
  return runPeriodically(() => sendReviewReminders(ctx).then(() => 0), {
    intervalMs: 10 * 60_000,
    log: ctx.log,
    countMessage: 'sent review reminders',
    failureMessage: 'sending review reminders failed',
  });
}
