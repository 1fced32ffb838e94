import { NOTIFICATION_KIND_TOPIC, notificationPath, type Language } from '@fanmission/contracts';
import { isHiddenComment } from '../comments';
import type { DbExecutor } from '../db';
import { translate } from '../i18n';
import { eventMessageId, renderMail, type MailDependencies } from '../mail';
import type { EventConsumer } from '../outbox';
import { notificationConsumer } from './consumer';
import { notificationText } from './service';
import { type NotificationDraft, reachesSomeone } from './write';

/** The consumer's name: its checkpoint, its processed ids and its Kafka consumer group. */
export const NOTIFICATION_MAIL_CONSUMER = 'notification-mail';

/** The words around a notification's text in its mail, per language. */
const COPY: Record<Language, { greeting: (name: string) => string; action: string; open: string; footer: string }> = {
  ko: {
    greeting: (name) => `${name}님, 안녕하세요.`,
    action: '미션 보기',
    open: '자세히 보기',
    footer: '이 메일은 알림 설정에서 끌 수 있습니다 (프로필 수정 → 알림 설정).',
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    action: 'View the mission',
    open: 'See details',
    footer: 'You can turn these mails off in your notification settings (Edit profile → Notification settings).',
  },
  ja: {
    greeting: (name) => `${name}さん、こんにちは。`,
    action: 'ミッションを見る',
    open: '詳細を見る',
    footer: 'このメールは通知設定でオフにできます(プロフィール編集 → 通知設定)。',
  },
};

/**
 * Mails every notification an event gives (the same rule as the app's: `notificationConsumer`) where the member's mail
 * choice for its topic is on (the default, marketing aside): the creator a new request and each deadline near, the
 * fan his request's acceptance, completion and every way it ends refunded, lottery applications and draws, comments
 * and replies, money moved in or out of his wallet. The text is the notification's, in the recipient's language (a
 * comment already hidden is not quoted); the link opens the page the notification opens. A failing mail server rolls
 * the event's handling back so it comes again (at least once, like the other mails).
 */
export function createNotificationMailConsumer(deps: MailDependencies): EventConsumer {
  const mail = async (trx: DbExecutor, notification: NotificationDraft) => {
    if (!reachesSomeone(notification)) return;
    const { recipient, actor, kind } = notification;
    const topic = NOTIFICATION_KIND_TOPIC[kind];
    const member = await trx
      .selectFrom('users as u')
      .leftJoin('notification_preferences as p', (join) =>
        join.onRef('p.user_id', '=', 'u.id').on('p.topic', '=', topic),
      )
      .select(['u.email', 'u.username', 'u.language', 'p.mail'])
      .where('u.id', '=', recipient.userId)
      .executeTakeFirst();
    // Gone, without an address, or mail of this topic turned off (marketing is never mailed from here).
    if (!member?.email || member.mail === false || topic === 'MARKETING') return;
    const language = member.language;
    const params = { actor: actor?.name ?? '', ...notification.params };
    const body = (await commentHiddenNow(trx, notification.missionCommentId))
      ? translate(language, `notification.hidden.${kind === 'COMMENT_REPLIED' ? kind : 'MISSION_COMMENTED'}`, params)
      : notificationText(language, kind, params);
    const path = notificationPath({ kind, missionId: notification.missionId }) ?? '/notifications';
    const copy = COPY[language];
    await deps.mailer.send({
      ...renderMail(
        member.email,
        {
          subject: `[Fanmission] ${translate(language, `push.title.${topic}`)}`,
          greeting: copy.greeting,
          body,
          action: path.startsWith('/mission-detail/') ? copy.action : copy.open,
          footer: copy.footer,
        },
        { kind: 'notification', name: member.username, link: `${deps.publicUrl}${path}` },
      ),
      messageId: eventMessageId('notification', notification.eventId, deps.publicUrl, recipient.userId),
    });
  };
  // A mail an event: one event a transaction, so a failure sends again only the mail of the event that failed.
  return notificationConsumer(NOTIFICATION_MAIL_CONSUMER, mail, { eventsPerTransaction: 1 });
}

/** Whether the comment a notification is about is hidden already (its words are then never repeated). */
async function commentHiddenNow(trx: DbExecutor, commentId: number | undefined): Promise<boolean> {
  if (commentId === undefined) return false;
  const comment = await trx
    .selectFrom('mission_comments')
    .select(['moderation', 'reports_count'])
    .where('id', '=', commentId)
    .executeTakeFirst();
  return !comment || isHiddenComment(comment);
}
