// Migration 0550 goes down and up again over a deposit that asked for an expense-proof (BUSINESS) cash receipt and
// was issued one (in a transaction rolled back): down keeps no BUSINESS request the old check would refuse.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { tenCoinItemId } from '@fanmission/tests/support/coins';
import { down, up } from './0550_cash_receipts';

const testApp = useTestApp();

describe('migration 0550_cash_receipts', () => {
  it('drops the receipts and turns BUSINESS requests into PHONE ones without a number going down; up takes both', async () => {
    const app = testApp.current.app;
    const fan = await createAccount(app);
    const item = await tenCoinItemId(app.db);
    const insertTransfer = (trx: Kysely<unknown>, type: string) =>
      sql<{ id: number }>`
        insert into bank_transfers (user_id, coin_item_id, depositor_name, depositor_phone, cash_receipt_number,
                                    receipt_type, amount, point)
        values (${fan.id}, ${item}, '홍길동', '01012345678', '1234567890', ${type}, 1000, 10) returning id`.execute(
        trx,
      );

    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        const business = (await insertTransfer(trx, 'BUSINESS')).rows[0]!.id;
        await sql`insert into cash_receipts (bank_transfer_id, receipt_type, number, amount, created_at)
                  values (${business}, 'BUSINESS', '1234567890', 1000, now())`.execute(trx);
        await down(trx);
        const after = await sql<{ receipt_type: string; cash_receipt_number: string | null }>`
          select receipt_type, cash_receipt_number from bank_transfers where id = ${business}`.execute(trx);
        expect(after.rows).toEqual([{ receipt_type: 'PHONE', cash_receipt_number: null }]);
        const table = await sql<{ name: string | null }>`select to_regclass('cash_receipts')::text as name`.execute(
          trx,
        );
        expect(table.rows).toEqual([{ name: null }]);
        await up(trx);
        expect((await insertTransfer(trx, 'BUSINESS')).rows).toHaveLength(1);
        await expect(insertTransfer(trx, 'EMAIL')).rejects.toThrow(/bank_transfers_receipt_type_check/);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
