import { DAY_MS } from '@fanmission/contracts';
import { purchase, verify } from '@fanmission/ledger';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createMember, newKey, nextId } from '@fanmission/tests/support/ledger';
import { destroyPastLegalRetention } from './legal';

// The legal retention periods (legal_retention_periods, migration 0245): payment records 5 years, complaint records
// 3 years, membership data 1 year after withdrawal. What is past its period is destroyed by the daily job; the ledger
// is kept whole and still verifies.

const database = useTestDatabase();
const NOW = new Date('2031-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const YEAR = 365.25;

describe('destroyPastLegalRetention', () => {
  it('erases payment records past 5 years and deletes complaints past 3 years and a withdrawn member’s data after 1 year, leaving the ledger whole', async () => {
    const db = database.current.db;
    const fan = await createMember(db);
    const withdrawnLongAgo = await createMember(db);
    const withdrawnRecently = await createMember(db);
    await sql`update users set deleted_at = ${daysAgo(YEAR + 2)} where id = ${withdrawnLongAgo}`.execute(db);
    await sql`update users set deleted_at = ${daysAgo(YEAR - 2)} where id = ${withdrawnRecently}`.execute(db);
    // The ledger books a purchase 6 years ago; it stays.
    await purchase(db, {
      idempotencyKey: newKey(),
      now: daysAgo(6 * YEAR),
      userId: fan,
      coins: 100,
      paymentId: `pay-${nextId()}`,
    });

    const transfer = async (age: number) =>
      (
        await sql<{ id: string }>`
          insert into bank_transfers (user_id, coin_item_id, depositor_name, depositor_phone, cash_receipt_number,
            amount, point, created_at)
          values (${fan}, (select min(id) from coin_items), 'Kim Fan', '01012345678', '01012345678', 1000, 10,
            ${daysAgo(age)})
          returning id`.execute(db)
      ).rows[0]!.id;
    const oldTransfer = await transfer(5 * YEAR + 1);
    const recentTransfer = await transfer(5 * YEAR - 1);

    const objection = async (age: number, status: string) =>
      sql`insert into block_objections (user_id, blocked_at, reason, status, created_at)
        values (${fan}, ${daysAgo(age + 1)}, 'not me', ${status}, ${daysAgo(age)})`.execute(db);
    await objection(3 * YEAR + 1, 'REJECTED');
    await objection(3 * YEAR + 2, 'PENDING');
    await objection(3 * YEAR - 1, 'ACCEPTED');

    for (const userId of [fan, withdrawnLongAgo, withdrawnRecently]) {
      await sql`insert into upload_usage (user_id, bytes, created_at) values (${userId}, 10, ${daysAgo(800)})`.execute(
        db,
      );
    }

    const result = await destroyPastLegalRetention(db, { now: NOW, batchSize: 1 });
    expect(result.payment).toMatchObject({ bank_transfers: 1, coin_refunds: 0 });
    expect(result.complaint).toMatchObject({ block_objections: 1, mission_comment_reports: 0 });
    expect(result.membership).toMatchObject({ upload_usage: 1, coin_expiry_warnings: 0 });

    const { rows: transfers } = await sql<{ id: string; depositor_name: string; depositor_phone: string }>`
      select id, depositor_name, depositor_phone, cash_receipt_number from bank_transfers order by id`.execute(db);
    expect(transfers).toEqual([
      { id: oldTransfer, depositor_name: '-', depositor_phone: '-', cash_receipt_number: null },
      {
        id: recentTransfer,
        depositor_name: 'Kim Fan',
        depositor_phone: '01012345678',
        cash_receipt_number: '01012345678',
      },
    ]);
    const { rows: objections } = await sql<{ status: string }>`
      select status from block_objections order by created_at`.execute(db);
    expect(objections.map((row) => row.status)).toEqual(['PENDING', 'ACCEPTED']);
    const { rows: uploads } = await sql<{ user_id: number }>`select user_id from upload_usage order by user_id`.execute(
      db,
    );
    expect(uploads.map((row) => row.user_id)).toEqual([fan, withdrawnRecently]);
    expect((await verify(db)).differences).toEqual([]);

    // Again: nothing left to destroy.
    const again = await destroyPastLegalRetention(db, { now: NOW, batchSize: 1 });
    expect(Object.values(again).flatMap((tables) => Object.values(tables))).toEqual([0, 0, 0, 0, 0, 0, 0]);

    // The periods are the table's: a longer payment period keeps what the shorter one would destroy.
    await transfer(5 * YEAR + 1);
    await sql`update legal_retention_periods set period = interval '10 years' where kind = 'payment'`.execute(db);
    expect((await destroyPastLegalRetention(db, { now: NOW, batchSize: 10 })).payment.bank_transfers).toBe(0);
  });
});
