import { NOTIFICATION_KIND_TOPIC, type NotificationKind } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import { marketingSendableAt } from './preferences';

/**
 * Writes one push message per browser of the recipient whose choices let the notification's topic through, in the
 * transaction that wrote the notification: the notification and its messages exist together or not at all, and a
 * notification written again (an event applied twice) is not passed here, so it has its messages once.
 */
export async function enqueuePushDeliveries(
  trx: DbExecutor,
  notification: { id: number; userId: number; kind: NotificationKind },
  now: Date = new Date(),
): Promise<void> {
  const topic = NOTIFICATION_KIND_TOPIC[notification.kind];
  let dueAt = now;
  if (topic === 'MARKETING') {
    const consent = await trx
      .selectFrom('marketing_consents')
      .select(['consented_at', 'night_consented_at'])
      .where('user_id', '=', notification.userId)
      .executeTakeFirst();
    const sendable = marketingSendableAt(
      { consentedAt: consent?.consented_at ?? null, nightConsentedAt: consent?.night_consented_at ?? null },
      now,
    );
    if (!sendable) return;
    dueAt = sendable;
  }
  await sql`
    insert into push_deliveries (notification_id, subscription_id, due_at, created_at)
    select ${notification.id}, s.id, ${dueAt}, ${now}
    from push_subscriptions s
    where s.user_id = ${notification.userId}
      and not exists (
        select 1 from notification_preferences p
        where p.user_id = s.user_id and p.topic = ${topic} and not p.push
      )
    on conflict (notification_id, subscription_id) do nothing`.execute(trx);
}
