import { sql, type Transaction } from 'kysely';
import type { Database } from '../db';
import { defineConsumer } from '../outbox';

type Counter = 'follower_count' | 'like_count' | 'completed_count' | 'expired_count';

/**
 * Moves one of a creator's popularity counters (read by the search sorts). A counter never goes below zero, whatever
 * order two transports or a redelivery bring events in; a creator who no longer exists is skipped, so one deleted
 * account cannot stall the consumer.
 */
async function bump(trx: Transaction<Database>, creatorId: number, counter: Counter, delta: 1 | -1): Promise<void> {
  const column = sql.ref(counter);
  await sql`
    insert into creator_popularity (creator_id, ${column}, updated_at)
    select ${creatorId}, ${Math.max(delta, 0)}, now()
    where exists (select 1 from creators where id = ${creatorId})
    on conflict (creator_id) do update
      set ${column} = greatest(${sql.ref(`creator_popularity.${counter}`)} + ${delta}, 0), updated_at = now()`.execute(
    trx,
  );
}

/** Creator popularity counters: followers, likes of the creator's missions, missions completed and expired. */
export const creatorPopularityConsumer = defineConsumer('creator-popularity', {
  'creator.followed': (trx, event) => bump(trx, event.payload.creatorId, 'follower_count', 1),
  'creator.unfollowed': (trx, event) => bump(trx, event.payload.creatorId, 'follower_count', -1),
  'mission.liked': (trx, event) => bump(trx, event.payload.creatorId, 'like_count', 1),
  'mission.unliked': (trx, event) => bump(trx, event.payload.creatorId, 'like_count', -1),
  'mission.completed': (trx, event) => bump(trx, event.payload.creatorId, 'completed_count', 1),
  'mission.rejected': async (trx, event) => {
    if (event.payload.reason === 'PERFORM_EXPIRED') await bump(trx, event.payload.creatorId, 'expired_count', 1);
  },
});
