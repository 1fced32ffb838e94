import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import { enqueuePushDeliveries } from '../push';

export interface Party {
  userId: number;
  name: string;
}

/** The creator as a party: the account behind the creator profile, under the creator's display name. */
export async function creatorParty(trx: DbExecutor, creatorId: number): Promise<Party | undefined> {
  const row = await trx
    .selectFrom('creators')
    .select(['user_id', 'name'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
  return row && { userId: row.user_id, name: row.name };
}

export async function fanParty(trx: DbExecutor, userId: number): Promise<Party | undefined> {
  const row = await trx.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
  return row && { userId: row.id, name: row.username };
}

/** A notification an event gives one member, before it is written or mailed. */
export interface NotificationDraft {
  eventId: string;
  occurredAt: string;
  kind: NotificationKind;
  /** Undefined when the account is gone: nobody is told. */
  recipient: Party | undefined;
  actor: Party | undefined;
  missionId: number | null;
  missionCommentId?: number;
  params: Record<string, string | number>;
}

/** Whether the draft reaches anyone: a recipient whose account exists, never about what he did himself. */
export const reachesSomeone = (
  notification: Pick<NotificationDraft, 'recipient' | 'actor'>,
): notification is Pick<NotificationDraft, 'actor'> & { recipient: Party } =>
  !!notification.recipient && (!notification.actor || notification.actor.userId !== notification.recipient.userId);

/** The notices one member causes another: grouped in the app and limited per sender and recipient, mails too. */
export const MEMBER_NOTICE_KINDS: ReadonlySet<NotificationKind> = new Set(['MISSION_COMMENTED', 'COMMENT_REPLIED']);

/**
 * How many new rows of `MEMBER_NOTICE_KINDS` one recipient gets, and one sender's comments and replies write, within an
 * hour (`NOTICES_PER_RECIPIENT_PER_HOUR`, `NOTICES_PER_SENDER_PER_HOUR` in docs/configuration.md).
 */
export interface MemberNoticeLimits {
  perRecipientPerHour: number;
  perSenderPerHour: number;
}

export const DEFAULT_MEMBER_NOTICE_LIMITS: MemberNoticeLimits = { perRecipientPerHour: 20, perSenderPerHour: 30 };

const HOUR_MS = 3_600_000;

/**
 * Writes one notification and its push messages, once per event and recipient. A notice one member causes another
 * (`MEMBER_NOTICE_KINDS`) joins the recipient's unseen, unread notice of its kind about the same mission instead of
 * adding a row ("3 new replies"), with no push message of its own; past either hourly limit it joins his newest notice
 * of its kind of the last hour (about no one mission when they differ), or is not written (the comment stays on its
 * mission). A row a notice joins is written again as the newest (a live page is sent it as new), its push messages
 * carried over, so the header's count counts it once.
 */
export function createNotify(
  limits: MemberNoticeLimits = DEFAULT_MEMBER_NOTICE_LIMITS,
): (trx: DbExecutor, notification: NotificationDraft) => Promise<void> {
  return async (trx, notification) => {
    // A recipient whose account is gone gets nothing (an event must never stall the consumer), nor one who acted.
    if (!reachesSomeone(notification)) return;
    if (MEMBER_NOTICE_KINDS.has(notification.kind) && (await groupedOrLimited(trx, notification, limits))) return;
    const inserted = await trx
      .insertInto('notifications')
      .values(notificationValues(notification))
      .onConflict((conflict) => conflict.columns(['event_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Push messages go with a notification written now, never with one an event applied again left as it was.
    if (inserted) {
      await enqueuePushDeliveries(trx, {
        id: inserted.id,
        userId: notification.recipient.userId,
        kind: notification.kind,
      });
    }
  };
}

/** Writes notifications in the app with the default limits of member notices (tests, tools, money notices). */
export const notify = createNotify();

type Reaching = NotificationDraft & { recipient: Party };

const notificationValues = (notification: Reaching, about = notification) => ({
  user_id: notification.recipient.userId,
  kind: notification.kind,
  mission_id: about.missionId,
  mission_comment_id: about.missionCommentId ?? null,
  actor_user_id: notification.actor?.userId ?? null,
  params: JSON.stringify({ actor: notification.actor?.name ?? '', ...notification.params }),
  event_id: notification.eventId,
  created_at: new Date(notification.occurredAt),
});

/**
 * True when a member notice was grouped into a row the recipient has (or, past a limit, dropped, or already written by
 * this event): nothing more to write. False: it is written as a row of its own.
 */
async function groupedOrLimited(trx: DbExecutor, notification: Reaching, limits: MemberNoticeLimits): Promise<boolean> {
  const recipientId = notification.recipient.userId;
  const written = await trx
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', recipientId)
    .where((eb) =>
      eb.or([
        eb('event_id', '=', notification.eventId),
        sql<boolean>`${notification.eventId}::uuid = any(grouped_event_ids)`,
      ]),
    )
    .executeTakeFirst();
  if (written) return true;
  const seenUpTo =
    (
      await trx
        .selectFrom('notification_reads')
        .select('seen_up_to')
        .where('user_id', '=', recipientId)
        .executeTakeFirst()
    )?.seen_up_to ?? 0;
  const sameMission = await trx
    .selectFrom('notifications')
    .select(['id', 'group_count', 'mission_id', 'event_id', 'grouped_event_ids'])
    .where('user_id', '=', recipientId)
    .where('kind', '=', notification.kind)
    .where('mission_id', notification.missionId === null ? 'is' : '=', notification.missionId)
    .where('id', '>', seenUpTo)
    .where('read_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (sameMission) {
    await joinGroup(trx, notification, sameMission);
    return true;
  }
  const since = new Date(new Date(notification.occurredAt).getTime() - HOUR_MS);
  const rowsOf = async (column: 'user_id' | 'actor_user_id', id: number) =>
    Number(
      (
        await trx
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(column, '=', id)
          .where('kind', 'in', [...MEMBER_NOTICE_KINDS])
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const underLimits =
    (await rowsOf('user_id', recipientId)) < limits.perRecipientPerHour &&
    (!notification.actor || (await rowsOf('actor_user_id', notification.actor.userId)) < limits.perSenderPerHour);
  if (underLimits) return false;
  const newest = await trx
    .selectFrom('notifications')
    .select(['id', 'group_count', 'mission_id', 'event_id', 'grouped_event_ids'])
    .where('user_id', '=', recipientId)
    .where('kind', '=', notification.kind)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest) await joinGroup(trx, notification, newest);
  return true;
}

/** The notice joins `group`: one row more in its count, the newest notice's actor and words, written as the newest. */
async function joinGroup(
  trx: DbExecutor,
  notification: Reaching,
  group: { id: number; group_count: number; mission_id: number | null; event_id: string; grouped_event_ids: string[] },
): Promise<void> {
  const about =
    group.mission_id === notification.missionId
      ? notification
      : { ...notification, missionId: null, missionCommentId: undefined };
  const joined = await trx
    .insertInto('notifications')
    .values({
      ...notificationValues(notification, about),
      group_count: group.group_count + 1,
      grouped_event_ids: [...group.grouped_event_ids, group.event_id],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('push_deliveries')
    .set({ notification_id: joined.id })
    .where('notification_id', '=', group.id)
    .execute();
  await trx.deleteFrom('notifications').where('id', '=', group.id).execute();
}

/**
 * A refund request finance paid (by hand, or at the payment providers): no ledger transaction records it, so the
 * notification is written in the transaction that marks it paid.
 */
export async function notifyCoinRefundPaid(
  trx: DbExecutor,
  refund: { userId: number; paidAt: Date; params: Record<string, string | number> },
): Promise<void> {
  await notify(trx, {
    eventId: randomUUID(),
    occurredAt: refund.paidAt.toISOString(),
    kind: 'COIN_REFUND_PAID',
    recipient: { userId: refund.userId, name: '' },
    actor: undefined,
    missionId: null,
    params: refund.params,
  });
}
