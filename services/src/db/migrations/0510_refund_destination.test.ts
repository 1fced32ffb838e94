// Migrations 0510 and 0560 go down and up again cleanly (in a transaction rolled back), and give the requests recorded
// before them the destination their parts say: a card withdrawal its card, a partial refund with a card charge and a
// bank deposit among its charges both (the card back to the card, the deposit to the fan's account), a withdrawn bank
// deposit the account it came from.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, plus, TEST_DEPOSITOR_NAME } from '@fanmission/tests/support/coins';
import { down, up } from './0510_refund_destination';
import * as moneyOutRule from './0560_money_out_rule';

const testApp = useTestApp();

const destinations = async (db: Kysely<unknown>) =>
  (
    await sql<{ kind: string; destination_kind: string; destination_methods: string[] | null; vias: string[] }>`
      select r.kind, r.destination_kind, r.destination_methods,
        array(select p.via from coin_refund_parts p where p.refund_id = r.id order by p.id) as vias
      from coin_refunds r order by r.id`.execute(db)
  ).rows;

describe('migrations 0510_refund_destination and 0560_money_out_rule', () => {
  it('drops the destination going down and gives it back going up, as the parts say', async () => {
    const { app } = testApp.current;
    const now = new Date();
    const post = async (url: string, fan: { headers: Record<string, string> }, payload?: Record<string, unknown>) => {
      const response = await app.inject({ method: 'POST', url, headers: fan.headers, ...(payload && { payload }) });
      expect(response.statusCode, response.body).toBe(200);
    };
    const carder = await createAccount(app);
    const card = await chargeCoins(app.db, { userId: carder.id, coins: 100, at: plus(now, -DAY_MS) });
    await post(`/api/v1/coin-deposits/${card.depositId}/withdrawal`, carder);
    const depositor = await createAccount(app);
    const deposit = await chargeCoins(app.db, {
      userId: depositor.id,
      coins: 100,
      at: plus(now, -DAY_MS),
      via: 'bank',
    });
    await post(`/api/v1/coin-deposits/${deposit.depositId}/withdrawal`, depositor);
    const mixed = await createAccount(app);
    await chargeCoins(app.db, { userId: mixed.id, coins: 100, at: plus(now, -20 * DAY_MS) });
    await chargeCoins(app.db, { userId: mixed.id, coins: 300, at: plus(now, -10 * DAY_MS), via: 'bank' });
    await post('/api/v1/users/me/coins/partial-refund', mixed, {
      bankAccount: { bankName: '신한은행', bankAccountHolder: TEST_DEPOSITOR_NAME, bankAccountNumber: '110123456789' },
    });
    const expected = [
      { kind: 'WITHDRAWAL', destination_kind: 'ORIGINAL_METHOD', destination_methods: ['card'], vias: ['PROVIDER'] },
      {
        kind: 'WITHDRAWAL',
        destination_kind: 'ORIGINAL_METHOD',
        destination_methods: ['withoutbankbook'],
        vias: ['BANK_TRANSFER'],
      },
      {
        kind: 'PARTIAL_REFUND',
        destination_kind: 'SPLIT',
        destination_methods: ['card'],
        vias: ['PROVIDER', 'BANK_TRANSFER'],
      },
    ];
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        // Migrations take an untyped Kysely (services/src/db/migrations/index.ts).
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await destinations(trx)).toEqual(expected);
        await moneyOutRule.down(trx);
        await down(trx);
        const columns = await sql<{ column_name: string }>`
          select column_name from information_schema.columns
          where table_name in ('coin_refunds', 'coin_refund_parts')
            and column_name in ('destination_kind', 'destination_methods', 'via')`.execute(trx);
        expect(columns.rows).toEqual([]);
        await up(trx);
        await moneyOutRule.up(trx);
        expect(await destinations(trx)).toEqual(expected);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
