import { eventMessageId } from '../mail';
import { defineConsumer, type EventConsumer } from '../outbox';
import { payoutAccountChangedMail } from './payout-account-mail';
import type { ReviewMailDependencies } from './review-mail-consumer';

/** The consumer's name: its checkpoint, its processed ids and its Kafka consumer group. */
export const PAYOUT_ACCOUNT_MAIL_CONSUMER = 'payout-account-mail';

/**
 * Mails the creator each change of his payout account (ko/en/ja, his language) from its
 * `creator.payout-account-changed` outbox event, so the mail exists exactly when the change does: a failing mail
 * server rolls the event's transaction back and the event comes again (parked as a dead letter after its attempts),
 * the change itself is never undone. At least once, like the review mail (`review-mail-consumer.ts`).
 */
export function createPayoutAccountMailConsumer(deps: ReviewMailDependencies): EventConsumer {
  return defineConsumer(
    PAYOUT_ACCOUNT_MAIL_CONSUMER,
    {
      'creator.payout-account-changed': async (trx, event) => {
        const target = await trx
          .selectFrom('payout_account_changes as p')
          .innerJoin('creators as c', 'c.id', 'p.creator_id')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .selectAll('p')
          .select(['c.name', 'c.user_id', 'u.email', 'u.language'])
          .where('p.id', '=', event.payload.changeId)
          .executeTakeFirst();
        // A creator deleted since, or without an address: nobody to tell.
        if (!target?.email) return;
        await deps.mailer.send({
          ...payoutAccountChangedMail(
            target.language,
            target.email,
            target.name,
            {
              at: target.changed_at,
              byCreator: target.actor_id === target.user_id,
              from: {
                bankName: target.from_bank_name,
                bankAccountNumber: target.from_bank_account_number,
                overseas: target.from_payout_overseas,
              },
              to: {
                bankName: target.to_bank_name,
                bankAccountNumber: target.to_bank_account_number,
                overseas: target.to_payout_overseas,
              },
            },
            `${deps.publicUrl}/forgot-password`,
          ),
          messageId: eventMessageId('payout_account_changed', event.id, deps.publicUrl),
        });
      },
    },
    // A mail an event: one event a transaction, so a failure sends again only the mail of the event that failed.
    { eventsPerTransaction: 1 },
  );
}
