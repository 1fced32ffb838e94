import type { DomainEvent, DomainEventPayload, MissionRejectionReason, NotificationKind } from '@fanmission/contracts';
import { formatKoreaTime } from '@fanmission/contracts/time';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import { defineConsumer, type EventConsumer } from '../outbox';
import { moneyNotification } from './money';
import { createNotify, creatorParty, fanParty, type MemberNoticeLimits, notify, type NotificationDraft } from './write';

const DEADLINE_KINDS = {
  DECISION: 'MISSION_DECISION_DUE_SOON',
  PERFORM: 'MISSION_PERFORM_DUE_SOON',
  PRIZE: 'EVENT_PRIZE_DUE_SOON',
} as const satisfies Record<string, NotificationKind>;

/** A deadline reminder's kind and text parameters (the deadline in Korea time, the hours left before it). */
export function deadlineReminder(payload: DomainEventPayload<'mission.deadline-approaching'>): {
  kind: NotificationKind;
  params: Record<string, string | number>;
} {
  return {
    kind: DEADLINE_KINDS[payload.deadline],
    params: {
      product: payload.productName,
      due: formatKoreaTime(new Date(payload.dueAt)),
      hoursLeft: Math.round(payload.beforeMs / 3_600_000),
    },
  };
}

export const REJECTION_KINDS: Record<MissionRejectionReason, NotificationKind> = {
  REFUSED: 'MISSION_REFUSED',
  DECISION_EXPIRED: 'MISSION_DECISION_EXPIRED',
  PERFORM_EXPIRED: 'MISSION_PERFORM_EXPIRED',
  CANCELED: 'MISSION_CANCELED',
  // Applications not drawn are told by `event.drawn`, which carries the result; NOT_WON has no mission.rejected.
  NOT_WON: 'EVENT_NOT_WON',
};

/** The product type of a mission (EVENT missions get the lottery event's texts). */
export async function missionType(trx: Transaction<Database>, missionId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('missions').select('type').where('id', '=', missionId).executeTakeFirst();
  return row?.type;
}

/** The parties of a mission or event application: its fan, its creator. */
interface MissionParties {
  userId: number;
  creatorId: number;
  missionId: number;
}

/** What a consumer does with each notification an event gives: writes it (in the app, by push), or mails it. */
export type DeliverNotification = (trx: Transaction<Database>, notification: NotificationDraft) => Promise<void>;

/**
 * Every notification an event gives, to `deliver`: a request goes to the creator, a deadline near to the creator;
 * acceptance, completion and every way a mission ends refunded (refused, a deadline passed, cancelled) to the fan;
 * comments to the mission's parties and a reply to the comment's author; lottery applications, draws and
 * cancellations to the applicant; money moved in or out of a member's wallet from the ledger's transactions. One
 * rule for every channel: the in-app consumer and the mail consumer are both made from it.
 */
export function notificationHandlers(deliver: DeliverNotification) {
  /** A notification to the fan of a mission from its creator (acceptance, completion, refunds, lottery results). */
  const notifyFan = async (
    trx: Transaction<Database>,
    event: { id: string; occurredAt: string },
    parties: MissionParties,
    kind: NotificationKind,
    params: Record<string, string | number>,
  ): Promise<void> =>
    deliver(trx, {
      eventId: event.id,
      occurredAt: event.occurredAt,
      kind,
      recipient: await fanParty(trx, parties.userId),
      actor: await creatorParty(trx, parties.creatorId),
      missionId: parties.missionId,
      params,
    });

  return {
    'mission.requested': async (trx, { id, occurredAt, payload }) =>
      deliver(trx, {
        eventId: id,
        occurredAt,
        kind: 'MISSION_REQUESTED',
        recipient: await creatorParty(trx, payload.creatorId),
        actor: await fanParty(trx, payload.userId),
        missionId: payload.missionId,
        params: { product: payload.productName, coins: payload.coinPrice },
      }),
    // A deadline the creator's mission waits on is near: the fan who waits is the other party.
    'mission.deadline-approaching': async (trx, { id, occurredAt, payload }) =>
      deliver(trx, {
        eventId: id,
        occurredAt,
        ...deadlineReminder(payload),
        recipient: await creatorParty(trx, payload.creatorId),
        actor: await fanParty(trx, payload.userId),
        missionId: payload.missionId,
      }),
    // A day after the answer, the fan who has not reviewed it is asked to (the creator is the actor, by his name).
    'mission.review-reminder': async (trx, { id, occurredAt, payload }) =>
      deliver(trx, {
        eventId: id,
        occurredAt,
        kind: 'MISSION_REVIEW_REMINDER',
        recipient: await fanParty(trx, payload.userId),
        actor: await creatorParty(trx, payload.creatorId),
        missionId: payload.missionId,
        params: { product: payload.productName },
      }),
    // The creator's message with an acceptance, his reason with a refusal, reach the fan in the notification.
    'mission.accepted': async (trx, event) =>
      notifyFan(trx, event, event.payload, 'MISSION_ACCEPTED', {
        product: event.payload.productName,
        ...(event.payload.feedback && { message: event.payload.feedback }),
      }),
    'mission.completed': async (trx, event) =>
      notifyFan(
        trx,
        event,
        event.payload,
        event.payload.productType === 'EVENT' ? 'EVENT_PRIZE_DELIVERED' : 'MISSION_COMPLETED',
        { product: event.payload.productName },
      ),
    'mission.rejected': async (trx, event) => {
      const { payload } = event;
      const kind =
        payload.reason === 'PERFORM_EXPIRED' && (await missionType(trx, payload.missionId)) === 'EVENT'
          ? 'EVENT_PRIZE_EXPIRED'
          : REJECTION_KINDS[payload.reason];
      await notifyFan(trx, event, payload, kind, {
        product: payload.productName,
        coins: payload.refundedCoins,
        ...(payload.reason === 'REFUSED' && payload.feedback && { message: payload.feedback }),
      });
    },
    // A comment goes to the mission's requester and creator, a reply to the parent comment's author; never oneself.
    'mission.commented': async (trx, { id, occurredAt, payload }) => {
      // The mission's creator writes as his creator name (as his comment shows), anyone else as his nickname.
      const creator = await creatorParty(trx, payload.creatorId);
      const actor = creator?.userId === payload.authorId ? creator : await fanParty(trx, payload.authorId);
      const about = { missionId: payload.missionId, missionCommentId: payload.commentId };
      const params = { excerpt: payload.excerpt };
      if (payload.parentAuthorId !== null) {
        await deliver(trx, {
          eventId: id,
          occurredAt,
          kind: 'COMMENT_REPLIED',
          recipient: await fanParty(trx, payload.parentAuthorId),
          actor,
          ...about,
          params,
        });
        return;
      }
      for (const recipient of [await fanParty(trx, payload.userId), creator]) {
        await deliver(trx, { eventId: id, occurredAt, kind: 'MISSION_COMMENTED', recipient, actor, ...about, params });
      }
    },
    // Each reporter is told what the operator made of his report; the mission's page is the link (the comment may be
    // hidden now).
    'mission.comment-reports-decided': async (trx, { id, occurredAt, payload }) => {
      const kind = payload.outcome === 'UPHELD' ? 'COMMENT_REPORT_UPHELD' : 'COMMENT_REPORT_DISMISSED';
      for (const reporterId of payload.reporterIds) {
        await deliver(trx, {
          eventId: id,
          occurredAt,
          kind,
          recipient: await fanParty(trx, reporterId),
          actor: undefined,
          missionId: payload.missionId,
          params: {},
        });
      }
    },
    // The creator is told an operator's decision on his adult flag, and why (his profile editor shows it too).
    'creator.adult-flag-decided': async (trx, { id, occurredAt, payload }) => {
      const kind =
        payload.change === 'FLAGGED'
          ? 'CREATOR_ADULT_FLAGGED'
          : payload.change === 'CLEAR_DECLINED'
            ? 'CREATOR_ADULT_CLEAR_DECLINED'
            : 'CREATOR_ADULT_CLEARED';
      await deliver(trx, {
        eventId: id,
        occurredAt,
        kind,
        recipient: await creatorParty(trx, payload.creatorId),
        actor: undefined,
        missionId: null,
        params: { reason: payload.reason },
      });
    },
    // A blocked member is told an operator's decision on his objection, with the operator's words (he cannot log in
    // while blocked: the mail is how a refusal reaches him; an accepted one also waits in the app for his next login).
    'member.block-objection-decided': async (trx, { id, occurredAt, payload }) => {
      await deliver(trx, {
        eventId: id,
        occurredAt,
        kind: payload.decision === 'ACCEPTED' ? 'BLOCK_OBJECTION_ACCEPTED' : 'BLOCK_OBJECTION_REJECTED',
        recipient: await fanParty(trx, payload.userId),
        actor: undefined,
        missionId: null,
        params: payload.note ? { message: payload.note } : {},
      });
    },
    'event.applied': async (trx, event) =>
      notifyFan(trx, event, event.payload, 'EVENT_APPLIED', { title: event.payload.title }),
    'event.drawn': async (trx, event) =>
      notifyFan(trx, event, event.payload, event.payload.won ? 'EVENT_WON' : 'EVENT_NOT_WON', {
        title: event.payload.title,
      }),
    'event.canceled': async (trx, event) =>
      notifyFan(trx, event, event.payload, 'EVENT_CANCELED', { title: event.payload.title }),
    // Money that moved in or out of a member's wallet without his waiting on the page (services/src/notifications/money.ts).
    // The bank's result of a creator's settlement payout (services/src/income/transfer-batches.ts): paid ("11.29 입금 ·
    // KB국민은행 ****0004"), or failed with the bank's reason and a request to check his payout account.
    'creator.settlement-transfer-settled': async (trx, { id, occurredAt, payload }) => {
      const [, month, day] = payload.transferDate.split('-');
      await deliver(trx, {
        eventId: id,
        occurredAt,
        kind: payload.result === 'PAID' ? 'SETTLEMENT_PAID' : 'SETTLEMENT_TRANSFER_FAILED',
        recipient: await creatorParty(trx, payload.creatorId),
        actor: undefined,
        missionId: null,
        params: {
          date: `${month}.${day}`,
          bank: payload.bankName,
          account: payload.accountLast4,
          amount: payload.amount.toLocaleString('en-US'),
          reason: payload.reason ?? '-',
        },
      });
    },
    'ledger.transaction.appended': async (trx, { id, occurredAt, payload }) => {
      const money = moneyNotification(payload);
      if (!money) return;
      await deliver(trx, {
        eventId: id,
        occurredAt,
        kind: money.kind,
        recipient: await fanParty(trx, money.userId),
        actor: undefined,
        missionId: null,
        params: money.params,
      });
    },
  } satisfies EventConsumer['handlers'];
}

/**
 * Whether an event may notify someone, decided from the event alone: not the ledger's transactions that tell nobody
 * (a lucky roll's, a mission's hold), which are most of them.
 */
export const mayNotify = (event: DomainEvent): boolean =>
  event.type !== 'ledger.transaction.appended' ||
  moneyNotification((event as DomainEvent<'ledger.transaction.appended'>).payload) !== null;

/** A consumer that gives every event's notifications through `deliver` (in the app, by mail, by 알림톡). */
export const notificationConsumer = (
  name: string,
  deliver: DeliverNotification,
  options: Pick<EventConsumer, 'eventsPerTransaction'> = {},
): EventConsumer => defineConsumer(name, notificationHandlers(deliver), { ...options, concerns: mayNotify });

/** The notifications in the app (and their push messages), member notices under the default limits. */
export const notificationsConsumer = notificationConsumer('notifications', notify);

/** The notifications in the app with the member notice limits of the configuration (the same consumer, by name). */
export const createNotificationsConsumer = (limits: MemberNoticeLimits): EventConsumer =>
  notificationConsumer('notifications', createNotify(limits));
