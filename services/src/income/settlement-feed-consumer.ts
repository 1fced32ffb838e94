import { koreaDate, type DomainEvent } from '@fanmission/contracts';
import { accountKind } from '@fanmission/ledger';
import { countLedgerTransaction } from '../metrics';
import { defineConsumer, type EventConsumer } from '../outbox';

const EARNINGS_PREFIX = 'earnings:';

/**
 * The settlement feed: every MISSION_RELEASE as an entry, and per creator per Korea-time month the
 * coins earned, which the settlement issue turns into statements. The creator is the owner of the credited earnings
 * account, the coins its posting: the ledger's own record, not the caller's metadata.
 */
const settlementFeed = defineConsumer('settlement-feed', {
  'ledger.transaction.appended': async (trx, { payload }) => {
    if (payload.transactionType !== 'MISSION_RELEASE') return;
    const earnings = payload.postings.find(
      (posting) => accountKind(posting.account) === 'EARNINGS' && posting.amount > 0,
    );
    if (!earnings) throw new Error(`MISSION_RELEASE ${payload.transactionId} credits no earnings account`);
    const creatorId = Number(earnings.account.slice(EARNINGS_PREFIX.length));
    const month = koreaDate(new Date(payload.occurredAt)).slice(0, 7);
    const missionId = typeof payload.metadata.missionId === 'number' ? payload.metadata.missionId : null;
    const entry = await trx
      .insertInto('settlement_feed_entries')
      .values({
        ledger_transaction_id: payload.transactionId,
        creator_id: creatorId,
        month,
        mission_id: missionId,
        coins: earnings.amount,
        occurred_at: new Date(payload.occurredAt),
      })
      .onConflict((conflict) => conflict.column('ledger_transaction_id').doNothing())
      .returning('ledger_transaction_id')
      .executeTakeFirst();
    // Two events for one ledger transaction cannot happen, but the entry's key makes sure it counts once anyway.
    if (!entry) return;
    await trx
      .insertInto('settlement_feed')
      .values({ creator_id: creatorId, month, coins: earnings.amount, missions: 1 })
      .onConflict((conflict) =>
        conflict.columns(['creator_id', 'month']).doUpdateSet((eb) => ({
          coins: eb('settlement_feed.coins', '+', earnings.amount),
          missions: eb('settlement_feed.missions', '+', 1),
          updated_at: new Date(),
        })),
      )
      .execute();
  },
});

const isLedgerEvent = (event: DomainEvent): event is DomainEvent<'ledger.transaction.appended'> =>
  event.type === 'ledger.transaction.appended';

/**
 * The settlement feed applies every ledger event, once, after its ledger transaction committed: it counts them
 * (`fanmission_ledger_transactions_total`, by transaction type) once its own transaction has committed too.
 */
export const settlementFeedConsumer: EventConsumer = {
  ...settlementFeed,
  afterCommit: (applied) => {
    for (const event of applied) if (isLedgerEvent(event)) countLedgerTransaction(event.payload.transactionType);
  },
};
