import { eventMessageId, type MailDependencies } from '../mail';
import { defineConsumer, type EventConsumer } from '../outbox';
import { bankDepositInstructionsMail } from './bank-transfer-mail';
import { instructionsOf } from './bank-transfers';

/** The consumer's name: its checkpoint, its processed ids and its Kafka consumer group. */
export const BANK_DEPOSIT_MAIL_CONSUMER = 'bank-deposit-mail';

/**
 * Mails a member how to pay the bank-deposit request he made (ko/en/ja, his language) from its
 * `payment.bank-transfer-requested` outbox event: the request and its event commit together, and a failing mail server
 * rolls the event's handling back so it comes again (at least once, like the review mail).
 */
export function createBankDepositMailConsumer(deps: MailDependencies): EventConsumer {
  return defineConsumer(
    BANK_DEPOSIT_MAIL_CONSUMER,
    {
      'payment.bank-transfer-requested': async (trx, event) => {
        const target = await trx
          .selectFrom('bank_transfers as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select([
            't.amount',
            't.point',
            't.pay_to_bank_name',
            't.pay_to_account_number',
            't.pay_to_account_holder',
            't.pay_due_at',
            'u.username',
            'u.email',
            'u.language',
          ])
          .where('t.id', '=', event.payload.bankTransferId)
          .executeTakeFirst();
        const instructions = target && instructionsOf(target);
        // A member deleted since, or without an address: nobody to tell.
        if (!target?.email || !instructions) return;
        await deps.mailer.send({
          ...bankDepositInstructionsMail(
            target.language,
            target.email,
            target.username,
            { coins: target.point, instructions },
            `${deps.publicUrl}/coin-history`,
          ),
          messageId: eventMessageId('bank_deposit_instructions', event.id, deps.publicUrl),
        });
      },
    },
    // A mail an event: one event a transaction, so a failure sends again only the mail of the event that failed.
    { eventsPerTransaction: 1 },
  );
}
