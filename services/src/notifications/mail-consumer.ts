import { randomBytes } from 'node:crypto';
import {
  NOTIFICATION_KIND_TOPIC,
  notificationPath,
  type Language,
  type NotificationKind,
  type NotificationTopic,
} from '@fanmission/contracts';
import { isHiddenComment } from '../comments';
import type { Db, DbExecutor } from '../db';
import { translate } from '../i18n';
import { eventMessageId, renderMail, type MailDependencies } from '../mail';
import type { EventConsumer } from '../outbox';
import { notificationConsumer } from './consumer';
import { notificationText } from './service';
import { MEMBER_NOTICE_KINDS, type NotificationDraft, reachesSomeone } from './write';

/** The consumer's name: its checkpoint, its processed ids and its Kafka consumer group. */
export const NOTIFICATION_MAIL_CONSUMER = 'notification-mail';

/**
 * The answer to the member's own objection to his login block, which its page promised: mailed even when he turned
 * account notices' mails off (blocked, he cannot read it in the app).
 */
const ALWAYS_MAILED_KINDS: ReadonlySet<NotificationKind> = new Set([
  'BLOCK_OBJECTION_ACCEPTED',
  'BLOCK_OBJECTION_REJECTED',
]);

/**
 * How many mails of `MEMBER_NOTICE_KINDS` one recipient gets, and one sender causes, within an hour
 * (`NOTICE_MAILS_PER_RECIPIENT_PER_HOUR`, `NOTICE_MAILS_PER_SENDER_PER_HOUR` in docs/configuration.md).
 */
export interface NoticeMailLimits {
  perRecipientPerHour: number;
  perSenderPerHour: number;
}

export const DEFAULT_NOTICE_MAIL_LIMITS: NoticeMailLimits = { perRecipientPerHour: 3, perSenderPerHour: 10 };

const HOUR_MS = 3_600_000;

type GroupedKind = 'MISSION_COMMENTED' | 'COMMENT_REPLIED';

/** The words around a notification's text in its mail, per language. */
const COPY: Record<
  Language,
  {
    greeting: (name: string) => string;
    action: string;
    open: string;
    footer: string;
    grouped: Record<GroupedKind, (count: number) => string>;
  }
> = {
  ko: {
    grouped: {
      MISSION_COMMENTED: (count) => `미션에 새 댓글 ${count}개가 달렸습니다.`,
      COMMENT_REPLIED: (count) => `내 댓글에 새 답글 ${count}개가 달렸습니다.`,
    },
    greeting: (name) => `${name}님, 안녕하세요.`,
    action: '미션 보기',
    open: '자세히 보기',
    footer: '이 메일은 알림 설정에서 끌 수 있습니다 (프로필 수정 → 알림 설정).',
  },
  en: {
    grouped: {
      MISSION_COMMENTED: (count) => `${count} new comments on your missions.`,
      COMMENT_REPLIED: (count) => `${count} new replies to your comments.`,
    },
    greeting: (name) => `Hello ${name},`,
    action: 'View the mission',
    open: 'See details',
    footer: 'You can turn these mails off in your notification settings (Edit profile → Notification settings).',
  },
  ja: {
    grouped: {
      MISSION_COMMENTED: (count) => `ミッションに新しいコメントが${count}件あります。`,
      COMMENT_REPLIED: (count) => `あなたのコメントに新しい返信が${count}件あります。`,
    },
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
export function createNotificationMailConsumer(
  deps: MailDependencies & { noticeMailLimits?: NoticeMailLimits },
): EventConsumer {
  const limits = deps.noticeMailLimits ?? DEFAULT_NOTICE_MAIL_LIMITS;
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
    if (!member?.email || topic === 'MARKETING') return;
    if (member.mail === false && !ALWAYS_MAILED_KINDS.has(kind)) return;
    let grouped = 0;
    if (MEMBER_NOTICE_KINDS.has(kind)) {
      grouped = await admitNoticeMail(trx, notification, recipient.userId, limits);
      if (grouped < 0) return;
    }
    const language = member.language;
    const copy = COPY[language];
    const params = { actor: actor?.name ?? '', ...notification.params };
    const body =
      grouped > 1
        ? copy.grouped[kind as GroupedKind](grouped)
        : (await commentHiddenNow(trx, notification.missionCommentId))
          ? translate(
              language,
              `notification.hidden.${kind === 'COMMENT_REPLIED' ? kind : 'MISSION_COMMENTED'}`,
              params,
            )
          : notificationText(language, kind, params);
    const path =
      grouped > 1
        ? '/notifications'
        : (notificationPath({ kind, missionId: notification.missionId }) ?? '/notifications');
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
      unsubscribeUrl: `${deps.publicUrl}/api/v1/notification-mail/unsubscribe?token=${await unsubscribeToken(trx, recipient.userId, topic)}`,
    });
  };
  // A mail an event: one event a transaction, so a failure sends again only the mail of the event that failed.
  return notificationConsumer(NOTIFICATION_MAIL_CONSUMER, mail, { eventsPerTransaction: 1 });
}

/**
 * Whether a notice one member causes another is mailed, within the hour before it happened: at most
 * `perRecipientPerHour` such mails to its recipient and `perSenderPerHour` caused by its sender. Answers -1 when it is
 * held back (counted for the recipient and its kind), else how many notices the mail tells: 1, or the ones held back
 * since his last such mail of that kind plus this one (a grouped mail). The recipient's row is locked first, so two
 * notices to him are counted one after the other.
 */
async function admitNoticeMail(
  trx: DbExecutor,
  notification: NotificationDraft,
  recipientId: number,
  limits: NoticeMailLimits,
): Promise<number> {
  const at = new Date(notification.occurredAt);
  const since = new Date(at.getTime() - HOUR_MS);
  const senderId = notification.actor?.userId ?? null;
  await trx.selectFrom('users').select('id').where('id', '=', recipientId).forUpdate().execute();
  const toRecipient = await trx
    .selectFrom('notice_mails')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('recipient_id', '=', recipientId)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  const bySender =
    senderId === null
      ? 0
      : Number(
          (
            await trx
              .selectFrom('notice_mails')
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .where('sender_id', '=', senderId)
              .where('sent_at', '>', since)
              .executeTakeFirstOrThrow()
          ).count,
        );
  if (Number(toRecipient.count) >= limits.perRecipientPerHour || bySender >= limits.perSenderPerHour) {
    await trx
      .insertInto('notice_mails_held')
      .values({ recipient_id: recipientId, kind: notification.kind, held: 1, since: at })
      .onConflict((oc) =>
        oc.columns(['recipient_id', 'kind']).doUpdateSet((eb) => ({ held: eb('notice_mails_held.held', '+', 1) })),
      )
      .execute();
    return -1;
  }
  const held = await trx
    .deleteFrom('notice_mails_held')
    .where('recipient_id', '=', recipientId)
    .where('kind', '=', notification.kind)
    .returning('held')
    .executeTakeFirst();
  await trx
    .insertInto('notice_mails')
    .values({ recipient_id: recipientId, sender_id: senderId, kind: notification.kind, sent_at: at })
    .execute();
  return (held?.held ?? 0) + 1;
}

/**
 * Sends the notices held back by the limits as one grouped mail per recipient and kind, once the recipient is under
 * his hourly limit again (no notice mail to him within the hour before `now`), even when no new notice comes to carry
 * them. The API process runs it every few minutes (runtime/start-api.ts). Each row is taken under the recipient's row
 * lock and deleted as its mail is counted, so two processes never send it twice; the mail names no sender and quotes
 * nothing, and its subject is the topic's fixed title.
 */
export async function sendHeldNoticeMails(
  deps: MailDependencies & { db: Db; noticeMailLimits?: NoticeMailLimits },
  now: Date,
): Promise<number> {
  const limits = deps.noticeMailLimits ?? DEFAULT_NOTICE_MAIL_LIMITS;
  const since = new Date(now.getTime() - HOUR_MS);
  const due = await deps.db
    .selectFrom('notice_mails_held')
    .select(['recipient_id', 'kind'])
    .where('since', '<=', now)
    .orderBy('since')
    .limit(500)
    .execute();
  let sent = 0;
  for (const row of due) {
    await deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', row.recipient_id).forUpdate().execute();
      const recent = await trx
        .selectFrom('notice_mails')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('recipient_id', '=', row.recipient_id)
        .where('sent_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= limits.perRecipientPerHour) return;
      const held = await trx
        .deleteFrom('notice_mails_held')
        .where('recipient_id', '=', row.recipient_id)
        .where('kind', '=', row.kind)
        .returning('held')
        .executeTakeFirst();
      if (!held || !MEMBER_NOTICE_KINDS.has(row.kind)) return;
      const topic = NOTIFICATION_KIND_TOPIC[row.kind];
      const member = await trx
        .selectFrom('users as u')
        .leftJoin('notification_preferences as p', (join) =>
          join.onRef('p.user_id', '=', 'u.id').on('p.topic', '=', topic),
        )
        .select(['u.email', 'u.username', 'u.language', 'p.mail'])
        .where('u.id', '=', row.recipient_id)
        .executeTakeFirst();
      if (!member?.email || member.mail === false) return;
      await trx
        .insertInto('notice_mails')
        .values({ recipient_id: row.recipient_id, sender_id: null, kind: row.kind, sent_at: now })
        .execute();
      const copy = COPY[member.language];
      await deps.mailer.send({
        ...renderMail(
          member.email,
          {
            subject: `[Fanmission] ${translate(member.language, `push.title.${topic}`)}`,
            greeting: copy.greeting,
            body: copy.grouped[row.kind as GroupedKind](held.held),
            action: copy.open,
            footer: copy.footer,
          },
          { kind: 'notification', name: member.username, link: `${deps.publicUrl}/notifications` },
        ),
        unsubscribeUrl: `${deps.publicUrl}/api/v1/notification-mail/unsubscribe?token=${await unsubscribeToken(trx, row.recipient_id, topic)}`,
      });
      sent += 1;
    });
  }
  return sent;
}

/** The member's one-click unsubscribe token of a topic's mails, made the first time it is needed. */
async function unsubscribeToken(trx: DbExecutor, userId: number, topic: NotificationTopic): Promise<string> {
  await trx
    .insertInto('mail_unsubscribe_tokens')
    .values({ user_id: userId, topic, token: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.columns(['user_id', 'topic']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('mail_unsubscribe_tokens')
    .select('token')
    .where('user_id', '=', userId)
    .where('topic', '=', topic)
    .executeTakeFirstOrThrow();
  return row.token;
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
