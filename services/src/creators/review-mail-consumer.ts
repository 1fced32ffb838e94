import { eventMessageId, type MailDependencies } from '../mail';
import { defineConsumer, type EventConsumer } from '../outbox';
import { creatorReviewMail } from './review-mail';

export type ReviewMailDependencies = MailDependencies;

/** The consumer's name: its checkpoint, its processed ids and its Kafka consumer group. */
export const REVIEW_MAIL_CONSUMER = 'creator-review-mail';

/**
 * Mails a review decision to the creator (ko/en/ja, his language) from its `creator.reviewed` outbox event, not from
 * the operator's request: the decision and its event commit together, and this consumer sends the mail afterwards.
 * A failing mail server makes the handler throw, so the event's transaction (its processed id included) rolls back and
 * the event is delivered again (after the transport's attempts it is parked as a dead letter, never dropped); the
 * decision itself is never repeated or undone by it. Delivery is at least once: a crash between the SMTP answer and
 * the commit sends the mail again.
 */
export function createReviewMailConsumer(deps: ReviewMailDependencies): EventConsumer {
  return defineConsumer(
    REVIEW_MAIL_CONSUMER,
    {
      'creator.reviewed': async (trx, event) => {
        const { creatorId, reviewStatus, reason } = event.payload;
        const target = await trx
          .selectFrom('creators as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .select(['c.name', 'u.email', 'u.language'])
          .where('c.id', '=', creatorId)
          .executeTakeFirst();
        // A creator (or member) deleted since, or without an address: nobody to tell.
        if (!target?.email) return;
        const approved = reviewStatus === 'APPROVED';
        const link = approved ? `${deps.publicUrl}/creator/${creatorId}` : `${deps.publicUrl}/newbie-creator-mypage`;
        await deps.mailer.send({
          ...creatorReviewMail(
            target.language,
            target.email,
            target.name,
            approved ? { approved: true } : { approved: false, reason: reason ?? '' },
            link,
          ),
          messageId: eventMessageId('creator_review', event.id, deps.publicUrl),
        });
      },
    },
    // A mail an event: one event a transaction, so a failure sends again only the mail of the event that failed.
    { eventsPerTransaction: 1 },
  );
}
