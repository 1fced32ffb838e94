import type { PushSubscriptionRequest } from '@fanmission/contracts';
import type { Db, DbExecutor } from '../db';

/** A member's browsers at most: registering one more forgets the one registered longest ago. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * Stores a browser's subscription for the member, or refreshes it. A browser another member had subscribed moves to
 * this one: its row is replaced, and with it every message still waiting for it (they were the other member's).
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: PushSubscriptionRequest,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id'])
      .where('endpoint', '=', subscription.endpoint)
      .forUpdate()
      .executeTakeFirst();
    if (existing && existing.user_id !== userId) {
      await trx.deleteFrom('push_subscriptions').where('id', '=', existing.id).execute();
    }
    const expiresAt = subscription.expirationTime == null ? null : new Date(subscription.expirationTime);
    await trx
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        expires_at: expiresAt,
        created_at: now,
        refreshed_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet({
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          expires_at: expiresAt,
          refreshed_at: now,
        }),
      )
      .execute();
    const kept = trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('refreshed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', kept).execute();
  });
}

/** Forgets one browser of the member; another member's browser is left alone (and nothing says it exists). */
export async function removeSubscription(db: DbExecutor, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/**
 * Forgets every browser of the member: when all his sessions are revoked (a logout, a password change or reset) or
 * his account is deleted, no device of his is to be told anything until he signs in on it again.
 */
export async function removeMemberSubscriptions(db: DbExecutor, userId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}
