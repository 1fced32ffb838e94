import type { MissionRejectionReason, NotificationKind } from '@fanmission/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import { defineConsumer } from '../outbox';

interface Party {
  userId: number;
  name: string;
}

/** The creator as a party: the account behind the creator profile, under the creator's display name. */
async function creatorParty(trx: Transaction<Database>, creatorId: number): Promise<Party | undefined> {
  const row = await trx
    .selectFrom('creators')
    .select(['user_id', 'name'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
  return row && { userId: row.user_id, name: row.name };
}

async function fanParty(trx: Transaction<Database>, userId: number): Promise<Party | undefined> {
  const row = await trx.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
  return row && { userId: row.id, name: row.username };
}

async function notify(
  trx: Transaction<Database>,
  notification: {
    eventId: string;
    occurredAt: string;
    kind: NotificationKind;
    recipient: Party | undefined;
    actor: Party | undefined;
    missionId: number;
    params: Record<string, string | number>;
  },
): Promise<void> {
  // A recipient whose account is gone gets nothing; an event must never stall the consumer.
  if (!notification.recipient) return;
  await trx
    .insertInto('notifications')
    .values({
      user_id: notification.recipient.userId,
      kind: notification.kind,
      mission_id: notification.missionId,
      mission_comment_id: null,
      actor_user_id: notification.actor?.userId ?? null,
      params: JSON.stringify({ actor: notification.actor?.name ?? '', ...notification.params }),
      event_id: notification.eventId,
      created_at: new Date(notification.occurredAt),
    })
    .onConflict((conflict) => conflict.columns(['event_id', 'user_id']).doNothing())
    .execute();
}

const REJECTION_KINDS: Record<MissionRejectionReason, NotificationKind> = {
  REFUSED: 'MISSION_REFUSED',
  DECISION_EXPIRED: 'MISSION_DECISION_EXPIRED',
  PERFORM_EXPIRED: 'MISSION_PERFORM_EXPIRED',
  CANCELED: 'MISSION_CANCELED',
};

/**
 * Fan and creator notifications from mission events: a request goes to the creator; acceptance, completion and
 * every way a mission ends refunded (refused, a deadline passed, cancelled) go to the fan.
 */
export const notificationsConsumer = defineConsumer('notifications', {
  'mission.requested': async (trx, { id, occurredAt, payload }) =>
    notify(trx, {
      eventId: id,
      occurredAt,
      kind: 'MISSION_REQUESTED',
      recipient: await creatorParty(trx, payload.creatorId),
      actor: await fanParty(trx, payload.userId),
      missionId: payload.missionId,
      params: { product: payload.productName, coins: payload.coinPrice },
    }),
  'mission.accepted': async (trx, { id, occurredAt, payload }) =>
    notify(trx, {
      eventId: id,
      occurredAt,
      kind: 'MISSION_ACCEPTED',
      recipient: await fanParty(trx, payload.userId),
      actor: await creatorParty(trx, payload.creatorId),
      missionId: payload.missionId,
      params: { product: payload.productName },
    }),
  'mission.completed': async (trx, { id, occurredAt, payload }) =>
    notify(trx, {
      eventId: id,
      occurredAt,
      kind: 'MISSION_COMPLETED',
      recipient: await fanParty(trx, payload.userId),
      actor: await creatorParty(trx, payload.creatorId),
      missionId: payload.missionId,
      params: { product: payload.productName },
    }),
  'mission.rejected': async (trx, { id, occurredAt, payload }) =>
    notify(trx, {
      eventId: id,
      occurredAt,
      kind: REJECTION_KINDS[payload.reason],
      recipient: await fanParty(trx, payload.userId),
      actor: await creatorParty(trx, payload.creatorId),
      missionId: payload.missionId,
      params: { product: payload.productName, coins: payload.refundedCoins },
    }),
});
