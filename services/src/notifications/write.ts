import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@fanmission/contracts';
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

/** Writes one notification and its push messages, once per event and recipient. */
export async function notify(trx: DbExecutor, notification: NotificationDraft): Promise<void> {
  // A recipient whose account is gone gets nothing (an event must never stall the consumer), nor one who acted.
  if (!reachesSomeone(notification)) return;
  const inserted = await trx
    .insertInto('notifications')
    .values({
      user_id: notification.recipient.userId,
      kind: notification.kind,
      mission_id: notification.missionId,
      mission_comment_id: notification.missionCommentId ?? null,
      actor_user_id: notification.actor?.userId ?? null,
      params: JSON.stringify({ actor: notification.actor?.name ?? '', ...notification.params }),
      event_id: notification.eventId,
      created_at: new Date(notification.occurredAt),
    })
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
