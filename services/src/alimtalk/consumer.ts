import { isAlimtalkTopic, koreanMobileNumber, NOTIFICATION_KIND_TOPIC, notificationPath } from '@fanmission/contracts';
import type { DbExecutor } from '../db';
import { countAlimtalkSkipped } from '../metrics';
import { notificationConsumer, type NotificationDraft, reachesSomeone } from '../notifications';
import type { EventConsumer } from '../outbox';
import type { AlimtalkProvider } from './provider';
import { alimtalkMessage } from './templates';

/** The consumer's name: its checkpoint, its processed ids and its Kafka consumer group. */
export const ALIMTALK_CONSUMER = 'notification-alimtalk';

/**
 * Sends KakaoTalk 알림톡 for every notification of a transactional topic an event gives (the same rule as the app's
 * and the mail's: `notificationConsumer`), to the mobile number on the member's profile once he confirmed it with
 * its SMS code (an unconfirmed number, or an account whose e-mail is unverified, gets nothing: counted as skipped),
 * where his 알림톡 choice of the topic is on (the default): in his language, with a button to the page the notification opens. A provider that
 * cannot take it now rolls the event's handling back so it comes again (at least once, like the mails).
 */
export function createAlimtalkConsumer(provider: AlimtalkProvider): EventConsumer {
  const send = async (trx: DbExecutor, notification: NotificationDraft) => {
    if (!reachesSomeone(notification)) return;
    const topic = NOTIFICATION_KIND_TOPIC[notification.kind];
    if (!isAlimtalkTopic(topic)) return;
    const member = await trx
      .selectFrom('users as u')
      .leftJoin('notification_preferences as p', (join) =>
        join.onRef('p.user_id', '=', 'u.id').on('p.topic', '=', topic),
      )
      .select(['u.phone', 'u.phone_confirmed_at', 'u.roles', 'u.language', 'p.alimtalk'])
      .where('u.id', '=', notification.recipient.userId)
      .executeTakeFirst();
    const to = koreanMobileNumber(member?.phone);
    // Gone, no mobile number on the profile, or 알림톡 of this topic turned off.
    if (!member || !to || member.alimtalk === false) return;
    // Only a number the member confirmed with its SMS code (services/src/users/phone-confirmation.ts), of an account
    // whose e-mail is confirmed: a typed number may be anyone's. Counted, not sent.
    if (member.roles.includes('ROLE_UNVERIFIED')) return countAlimtalkSkipped('unverified_account');
    if (member.phone_confirmed_at === null) return countAlimtalkSkipped('unconfirmed_phone');
    const path = notificationPath({ kind: notification.kind, missionId: notification.missionId }) ?? '/notifications';
    const params = { actor: notification.actor?.name ?? '', ...notification.params };
    await provider.send({ to, message: alimtalkMessage(notification.kind, member.language, params, path) });
  };
  // One event a transaction: a failure sends again only the message of the event that failed.
  return notificationConsumer(ALIMTALK_CONSUMER, send, { eventsPerTransaction: 1 });
}
