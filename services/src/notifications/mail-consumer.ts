import { NOTIFICATION_KIND_TOPIC, type Language, type NotificationKind } from '@fanmission/contracts';
import { translate } from '../i18n';
import { renderMail, type MailDependencies } from '../mail';
import type { DbExecutor } from '../db';
import { defineConsumer, type EventConsumer } from '../outbox';
import { deadlineReminder, missionType, REJECTION_KINDS } from './consumer';
import { notificationText } from './service';
import { creatorParty, fanParty, type Party } from './write';

/** The consumer's name: its checkpoint, its processed ids and its Kafka consumer group. */
export const NOTIFICATION_MAIL_CONSUMER = 'notification-mail';

/** The words around a notification's text in its mail, per language. */
const COPY: Record<Language, { greeting: (name: string) => string; action: string; footer: string }> = {
  ko: {
    greeting: (name) => `${name}님, 안녕하세요.`,
    action: '미션 보기',
    footer: '이 메일은 알림 설정에서 끌 수 있습니다 (프로필 수정 → 알림 설정).',
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    action: 'View the mission',
    footer: 'You can turn these mails off in your notification settings (Edit profile → Notification settings).',
  },
  ja: {
    greeting: (name) => `${name}さん、こんにちは。`,
    action: 'ミッションを見る',
    footer: 'このメールは通知設定でオフにできます(プロフィール編集 → 通知設定)。',
  },
};

/**
 * Mails what matters most about a mission, where the member's mail choice for its topic is on (the default): the
 * creator a new request and each reminder of a deadline near, the fan its acceptance, its completion and every way it ends refunded. The text is the
 * notification's, in the recipient's language; the link opens the mission. A failing mail server rolls the event's
 * handling back so it comes again (at least once, like the other mails).
 */
export function createNotificationMailConsumer(deps: MailDependencies): EventConsumer {
  const mail = async (
    trx: DbExecutor,
    about: {
      kind: NotificationKind;
      recipient: Party | undefined;
      actor: Party | undefined;
      missionId: number;
      params: Record<string, string | number>;
    },
  ) => {
    const { recipient, actor } = about;
    if (!recipient || (actor && actor.userId === recipient.userId)) return;
    const topic = NOTIFICATION_KIND_TOPIC[about.kind];
    const member = await trx
      .selectFrom('users as u')
      .leftJoin('notification_preferences as p', (join) =>
        join.onRef('p.user_id', '=', 'u.id').on('p.topic', '=', topic),
      )
      .select(['u.email', 'u.username', 'u.language', 'p.mail'])
      .where('u.id', '=', recipient.userId)
      .executeTakeFirst();
    // Gone, without an address, or mail of this topic turned off.
    if (!member?.email || member.mail === false) return;
    const language = member.language;
    const copy = COPY[language];
    await deps.mailer.send(
      renderMail(
        member.email,
        {
          subject: `[Fanmission] ${translate(language, `push.title.${topic}`)}`,
          greeting: copy.greeting,
          body: notificationText(language, about.kind, { actor: actor?.name ?? '', ...about.params }),
          action: copy.action,
          footer: copy.footer,
        },
        { kind: 'notification', name: member.username, link: `${deps.publicUrl}/mission-detail/${about.missionId}` },
      ),
    );
  };

  return defineConsumer(
    NOTIFICATION_MAIL_CONSUMER,
    {
      'mission.requested': async (trx, { payload }) =>
        mail(trx, {
          kind: 'MISSION_REQUESTED',
          recipient: await creatorParty(trx, payload.creatorId),
          actor: await fanParty(trx, payload.userId),
          missionId: payload.missionId,
          params: { product: payload.productName, coins: payload.coinPrice },
        }),
      // A deadline near: the creator is reminded by mail too (his mail choice for deadline reminders).
      'mission.deadline-approaching': async (trx, { payload }) =>
        mail(trx, {
          ...deadlineReminder(payload),
          recipient: await creatorParty(trx, payload.creatorId),
          actor: await fanParty(trx, payload.userId),
          missionId: payload.missionId,
        }),
      'mission.accepted': async (trx, { payload }) =>
        mail(trx, {
          kind: 'MISSION_ACCEPTED',
          recipient: await fanParty(trx, payload.userId),
          actor: await creatorParty(trx, payload.creatorId),
          missionId: payload.missionId,
          params: { product: payload.productName, ...(payload.feedback && { message: payload.feedback }) },
        }),
      'mission.completed': async (trx, { payload }) =>
        mail(trx, {
          kind: payload.productType === 'EVENT' ? 'EVENT_PRIZE_DELIVERED' : 'MISSION_COMPLETED',
          recipient: await fanParty(trx, payload.userId),
          actor: await creatorParty(trx, payload.creatorId),
          missionId: payload.missionId,
          params: { product: payload.productName },
        }),
      'mission.rejected': async (trx, { payload }) => {
        // Lottery applications not drawn are told in-app only (the draw's result is not a mission's end).
        if (payload.reason === 'NOT_WON') return;
        const kind =
          payload.reason === 'PERFORM_EXPIRED' && (await missionType(trx, payload.missionId)) === 'EVENT'
            ? 'EVENT_PRIZE_EXPIRED'
            : REJECTION_KINDS[payload.reason];
        await mail(trx, {
          kind,
          recipient: await fanParty(trx, payload.userId),
          actor: await creatorParty(trx, payload.creatorId),
          missionId: payload.missionId,
          params: {
            product: payload.productName,
            coins: payload.refundedCoins,
            ...(payload.reason === 'REFUSED' && payload.feedback && { message: payload.feedback }),
          },
        });
      },
    },
    // A mail an event: one event a transaction, so a failure sends again only the mail of the event that failed.
    { eventsPerTransaction: 1 },
  );
}
