import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@fanmission/tests/harness/database';
import { createMember, triggerPayload } from '@fanmission/tests/support/ledger';
import { WORLD_BONUS, WORLD_CASH_IN, escrowAccount, houseShard, walletAccount } from './accounts';
import { BulkLedger } from './bulk';
import { holdForMission, purchase } from './operations';
import { verify } from './verify';

const NOW = new Date('2026-06-01T00:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('BulkLedger', () => {
  it('loads what the operations would append: balances, lots, keys and events that verify replays', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const fan = await createMember(db);
      const creator = await createMember(db, { creator: true });
      const ledger = await BulkLedger.open(db);
      ledger.member(fan, { isCreator: false, coinsFrozenAt: null });
      ledger.member(creator, { isCreator: true, coinsFrozenAt: null });
      const run = (outcome: ReturnType<BulkLedger['run']>) => {
        if ('refusal' in outcome) throw new Error(JSON.stringify(outcome.refusal));
        return outcome.entry;
      };
      const bought = run(
        ledger.run('Purchase', { userId: fan, coins: 100, paymentId: 'p-1', idempotencyKey: 'k1', now: at(0) }),
      );
      run(ledger.run('GrantBonus', { userId: fan, coins: 10, reason: 'EVENT', idempotencyKey: 'k2', now: at(1) }));
      run(ledger.run('HoldForMission', { userId: fan, missionId: 1, coins: 60, idempotencyKey: 'k3', now: at(2) }));
      run(ledger.run('HoldForMission', { userId: fan, missionId: 2, coins: 30, idempotencyKey: 'k4', now: at(3) }));
      run(ledger.run('ReleaseToCreator', { missionId: 1, creatorId: creator, idempotencyKey: 'k5', now: at(4) }));
      const refund = run(ledger.run('RefundMission', { missionId: 2, idempotencyKey: 'k6', now: at(5) }));
      run(ledger.run('SettlementPayout', { creatorId: creator, coins: 60, idempotencyKey: 'k7', now: at(6) }));
      // A refusal is answered, not written; a key used twice is a programming error.
      expect(
        ledger.run('HoldForMission', { userId: fan, missionId: 3, coins: 1_000, idempotencyKey: 'k8', now: at(7) }),
      ).toMatchObject({ refusal: { code: 'NOT_ENOUGH_COINS' } });
      expect(() =>
        ledger.run('GrantBonus', { userId: fan, coins: 1, reason: 'EVENT', idempotencyKey: 'k1', now: at(8) }),
      ).toThrow(/used already/);
      await ledger.finish();

      expect((await verify(db)).differences).toEqual([]);
      const { rows: accounts } = await sql<{ account: string; balance: number; version: number }>`
        select account, balance::int, version::int from ledger_accounts order by account`.execute(db);
      expect(accounts).toEqual([
        { account: `earnings:${creator}`, balance: 0, version: 2 },
        { account: escrowAccount(1), balance: 0, version: 2 },
        { account: escrowAccount(2), balance: 0, version: 2 },
        { account: `settled:${creator}`, balance: 60, version: 1 },
        { account: walletAccount(fan), balance: 50, version: 5 },
        { account: houseShard(WORLD_BONUS, fan), balance: -10, version: 1 },
        { account: houseShard(WORLD_CASH_IN, fan), balance: -100, version: 1 },
      ]);
      // Each transaction's event is the one the trigger writes for a transaction appended alone.
      const { rows: events } = await sql<{ payload: unknown }>`
        select payload from outbox where aggregate_id = ${String(refund.transactionId)}`.execute(db);
      expect(events.map((event) => event.payload)).toEqual([await triggerPayload(db, refund.transactionId)]);
      // The sequences go on after the loaded ids: the operations append after them.
      const next = await holdForMission(db, { userId: fan, missionId: 4, coins: 5, idempotencyKey: 'k9', now: at(9) });
      expect(next.transactionId).toBeGreaterThan(refund.transactionId);
      const later = await purchase(db, {
        userId: fan,
        coins: 10,
        paymentId: 'p-2',
        idempotencyKey: 'k10',
        now: at(10),
      });
      expect((await verify(db)).differences).toEqual([]);
      // Each purchase's payment is mapped to it, the loaded ones as the trigger maps one appended alone.
      const { rows: payments } = await sql<{ payment_id: string; transaction_id: string }>`
        select payment_id, transaction_id from ledger_purchase_payments order by 1`.execute(db);
      expect(payments.map((row) => ({ ...row, transaction_id: Number(row.transaction_id) }))).toEqual([
        { payment_id: 'p-1', transaction_id: bought.transactionId },
        { payment_id: 'p-2', transaction_id: later.transactionId },
      ]);
      await expect(BulkLedger.open(db)).rejects.toThrow(/empty ledger/);
    } finally {
      await database.drop();
    }
  });
  it("spends a wallet's lots as the deciders do after they empty and fill again, and writes delivered events", async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const fan = await createMember(db);
      const creator = await createMember(db, { creator: true });
      const ledger = await BulkLedger.open(db, { eventsDelivered: true });
      ledger.member(fan, { isCreator: false, coinsFrozenAt: null });
      ledger.member(creator, { isCreator: true, coinsFrozenAt: null });
      const run = (outcome: ReturnType<BulkLedger['run']>) => {
        if ('refusal' in outcome) throw new Error(JSON.stringify(outcome.refusal));
        return outcome.entry;
      };
      let key = 0;
      const next = () => `k${++key}`;
      // Three lots of 10; the first two emptied by a hold, the hold refunded into them (open again), then spent again:
      // the earliest lots go first each time, and a lot emptied then refilled is spendable.
      for (let lot = 0; lot < 3; lot++) {
        run(
          ledger.run('Purchase', {
            userId: fan,
            coins: 10,
            paymentId: `p-${lot}`,
            idempotencyKey: next(),
            now: at(lot),
          }),
        );
      }
      const movedLots = (entryId: number) =>
        sql<{ lot_id: string; wallet_amount: string }>`
          select lot_id, wallet_amount from ledger_lot_movements where transaction_id = ${entryId} order by lot_id`
          .execute(db)
          .then(({ rows }) => rows.map((row) => [Number(row.lot_id), Number(row.wallet_amount)]));
      const hold = run(
        ledger.run('HoldForMission', { userId: fan, missionId: 1, coins: 20, idempotencyKey: next(), now: at(5) }),
      );
      run(ledger.run('RefundMission', { missionId: 1, idempotencyKey: next(), now: at(6) }));
      const again = run(
        ledger.run('HoldForMission', { userId: fan, missionId: 2, coins: 25, idempotencyKey: next(), now: at(7) }),
      );
      expect(
        ledger.run('HoldForMission', { userId: fan, missionId: 3, coins: 6, idempotencyKey: next(), now: at(8) }),
      ).toMatchObject({ refusal: { code: 'NOT_ENOUGH_COINS', available: 5 } });
      await ledger.flush();
      const { rows: bought } = await sql<{ id: string }>`
        select m.lot_id as id from ledger_lot_movements m join ledger_transactions t on t.id = m.transaction_id
        where t.type = 'PURCHASE' order by m.lot_id`.execute(db);
      const [first, second, third] = bought.map((row) => Number(row.id));
      expect(await movedLots(hold.transactionId)).toEqual([
        [first, -10],
        [second, -10],
      ]);
      expect(await movedLots(again.transactionId)).toEqual([
        [first, -10],
        [second, -10],
        [third, -5],
      ]);
      // A key used in a batch already written is refused by the keys table when the next batch is written, and
      // nothing of that batch is written (its event neither).
      run(ledger.run('GrantBonus', { userId: fan, coins: 1, reason: 'EVENT', idempotencyKey: 'k1', now: at(9) }));
      await expect(ledger.flush()).rejects.toThrow(/ledger_idempotency_keys/);
      const { rows: events } = await sql<{ unsent: number; total: number }>`
        select count(*) filter (where sent_at is null)::int as unsent, count(*)::int as total from outbox`.execute(db);
      expect(events).toEqual([{ unsent: 0, total: 6 }]);
    } finally {
      await database.drop();
    }
  });
  it('writes no event for a transaction older than eventsFrom (history past the outbox retention)', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const fan = await createMember(db);
      const ledger = await BulkLedger.open(db, { eventsDelivered: true, eventsFrom: at(10) });
      ledger.member(fan, { isCreator: false, coinsFrozenAt: null });
      const purchases = [5, 10, 15].map((minute) => {
        const outcome = ledger.run('Purchase', {
          userId: fan,
          coins: 10,
          paymentId: `p-${minute}`,
          idempotencyKey: `k${minute}`,
          now: at(minute),
        });
        if ('refusal' in outcome) throw new Error(JSON.stringify(outcome.refusal));
        return outcome.entry.transactionId;
      });
      await ledger.finish();
      const { rows } = await sql<{ aggregate_id: string }>`
        select aggregate_id from outbox where aggregate_type = 'ledger' order by aggregate_id::bigint`.execute(db);
      // The one at eventsFrom and the one after it; the one before has its transaction but no event.
      expect(rows.map((row) => Number(row.aggregate_id))).toEqual(purchases.slice(1));
      expect((await verify(db)).differences).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
