import { DAY_MS } from '@fanmission/contracts';
import { purchase, verify } from '@fanmission/ledger';
import { type RawBuilder, sql } from 'kysely';
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
    expect(
      Object.values(again)
        .flatMap((tables) => Object.values(tables))
        .every((count) => count === 0),
    ).toBe(true);

    // The periods are the table's: a longer payment period keeps what the shorter one would destroy.
    await transfer(5 * YEAR + 1);
    await sql`update legal_retention_periods set period = interval '10 years' where kind = 'payment'`.execute(db);
    expect((await destroyPastLegalRetention(db, { now: NOW, batchSize: 10 })).payment.bank_transfers).toBe(0);
  });

  it('erases the personal data kept in the audit log, the payout account history and paid statements, and only that', async () => {
    const db = database.current.db;
    // The period as migrated (the test above lengthened it).
    await sql`update legal_retention_periods set period = interval '5 years' where kind = 'payment'`.execute(db);
    const fan = await createMember(db);
    const withdrawn = await createMember(db);
    await sql`update users set deleted_at = ${daysAgo(YEAR + 2)} where id = ${withdrawn}`.execute(db);
    const creatorUser = await createMember(db);
    const creator = (
      await sql<{ id: number }>`insert into creators (user_id, name) values (${creatorUser}, 'Old creator')
        returning id`.execute(db)
    ).rows[0]!.id;

    const snapshot = {
      id: 1,
      email: 'fan@example.com',
      depositorName: 'Kim Fan',
      depositorPhone: '01012345678',
      bankAccount: { bankName: '우리은행', bankAccountHolder: 'Kim Fan', bankAccountNumber: '****5678' },
      amount: 1000,
    };
    const audit = async (resource: string, resourceId: string, age: number) =>
      (
        await sql<{ id: number }>`
          insert into admin_audit_log (actor_id, action, resource, resource_id, before, after, status_code, request_id,
            created_at)
          values (${fan}, 'PUT /api/admin/x/:id', ${resource}, ${resourceId}, ${JSON.stringify(snapshot)},
            ${JSON.stringify({ ...snapshot, phone: '01099998888' })}, 200, 'req', ${daysAgo(age)})
          returning id`.execute(db)
      ).rows[0]!.id;
    const oldAudit = await audit('bank-transfers', '1', 5 * YEAR + 1);
    const recentAudit = await audit('bank-transfers', '2', 5 * YEAR - 1);
    const withdrawnAudit = await audit('users', String(withdrawn), 30);

    const change = async (age: number) =>
      (
        await sql<{ id: number }>`
          insert into payout_account_changes (creator_id, actor_id, actor_roles, from_bank_name,
            from_bank_account_holder, from_bank_account_number, from_payout_overseas, from_payout_foreigner, to_bank_name,
            to_bank_account_holder, to_bank_account_number, to_payout_overseas, to_payout_foreigner,
            destination_changed, request_ip, request_id, changed_at)
          values (${creator}, ${creatorUser}, '{ROLE_CREATOR}', '국민은행', 'Old Holder', '1002111122223333', false,
            false, '우리은행', 'New Holder', '1002444455556666', false, false, true, '192.0.2.1', 'req', ${daysAgo(age)})
          returning id`.execute(db)
      ).rows[0]!.id;
    const oldChange = await change(5 * YEAR + 1);
    const recentChange = await change(5 * YEAR - 1);

    const statement = async (month: number, age: number) =>
      (
        await sql<{ id: number }>`
          insert into settlement_statements (creator_id, year, month, status, grade, month_coins, carried_coins,
            total_earning_coin, gross, income, pg_fee, pg_fee_rate, fatkat_fee, fatkat_fee_rate, overseas_fee,
            overseas_fee_rate, tax_withheld, tax_rate, to_receipt, overseas, foreigner, bank_name, bank_account_holder,
            bank_account_number, created_at)
          values (${creator}, 2025, ${month}, 'CARRIED_OVER', 'SILVER', 10, 0, 10, 1000, 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            false, false, '국민은행', 'Old Holder', '1002111122223333', ${daysAgo(age)})
          returning id`.execute(db)
      ).rows[0]!.id;
    const oldStatement = await statement(1, 5 * YEAR + 1);
    const recentStatement = await statement(2, 5 * YEAR - 1);
    const check = (number: string, age: number) =>
      sql`insert into payout_account_verifications (creator_id, bank_name, bank_account_number, status, matched,
            bank_holder, queued_at, checked_at)
          values (${creator}, '국민은행', ${number}, 'VERIFIED', 'REAL_NAME', 'Old Holder', ${daysAgo(age)},
            ${daysAgo(age)})`.execute(db);
    await check('1002111122223333', 5 * YEAR + 1);
    await check('1002444455556666', 5 * YEAR - 1);

    // Outside the legal erasure, the tables refuse any change, erasure included.
    await expect(sql`update admin_audit_log set before = null where id = ${oldAudit}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`update payout_account_changes set request_ip = null where id = ${oldChange}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`update settlement_statements set bank_account_holder = '-' where id = ${oldStatement}`.execute(db),
    ).rejects.toThrow(/immutable/);
    // Declared, anything but exactly the erasure is refused still.
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select set_config('fanmission.legal_erasure', 'on', true)`.execute(trx);
        await sql`update settlement_statements set bank_account_holder = 'Someone else' where id = ${oldStatement}`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/immutable/);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select set_config('fanmission.legal_erasure', 'on', true)`.execute(trx);
        await sql`update admin_audit_log set status_code = 500, personal_data_erased_at = now()
          where id = ${oldAudit}`.execute(trx);
      }),
    ).rejects.toThrow(/append-only/);

    const result = await destroyPastLegalRetention(db, { now: NOW, batchSize: 1 });
    expect(result.payment).toMatchObject({
      admin_audit_log: 1,
      payout_account_changes: 1,
      settlement_statements: 1,
      payout_account_verifications: 1,
    });
    const { rows: checks } = await sql<{ bank_account_number: string }>`
      select bank_account_number from payout_account_verifications where creator_id = ${creator}`.execute(db);
    expect(checks).toEqual([{ bank_account_number: '1002444455556666' }]);
    expect(result.membership).toMatchObject({ admin_audit_log: 1 });

    const { rows: audits } = await sql<{ id: number; before: typeof snapshot; after: typeof snapshot }>`
      select id, before, after from admin_audit_log where id in (${oldAudit}, ${recentAudit}, ${withdrawnAudit})
      order by id`.execute(db);
    const erased = {
      id: 1,
      email: '-',
      depositorName: '-',
      depositorPhone: '-',
      bankAccount: { bankName: '우리은행', bankAccountHolder: '-', bankAccountNumber: '****5678' },
      amount: 1000,
    };
    expect(audits).toEqual([
      { id: oldAudit, before: erased, after: { ...erased, phone: '-' } },
      { id: recentAudit, before: snapshot, after: { ...snapshot, phone: '01099998888' } },
      { id: withdrawnAudit, before: erased, after: { ...erased, phone: '-' } },
    ]);
    const { rows: changes } = await sql`
      select id, from_bank_account_holder, from_bank_account_number, to_bank_account_holder, to_bank_account_number,
        request_ip from payout_account_changes where id in (${oldChange}, ${recentChange}) order by id`.execute(db);
    expect(changes).toEqual([
      {
        id: oldChange,
        from_bank_account_holder: '-',
        from_bank_account_number: '****3333',
        to_bank_account_holder: '-',
        to_bank_account_number: '****6666',
        request_ip: null,
      },
      {
        id: recentChange,
        from_bank_account_holder: 'Old Holder',
        from_bank_account_number: '1002111122223333',
        to_bank_account_holder: 'New Holder',
        to_bank_account_number: '1002444455556666',
        request_ip: '192.0.2.1',
      },
    ]);
    const { rows: statements } = await sql`
      select id, bank_name, bank_account_holder, bank_account_number, to_receipt from settlement_statements
      where id in (${oldStatement}, ${recentStatement}) order by id`.execute(db);
    expect(statements).toEqual([
      {
        id: oldStatement,
        bank_name: '국민은행',
        bank_account_holder: '-',
        bank_account_number: '****3333',
        to_receipt: 0,
      },
      {
        id: recentStatement,
        bank_name: '국민은행',
        bank_account_holder: 'Old Holder',
        bank_account_number: '1002111122223333',
        to_receipt: 0,
      },
    ]);
    // Still append-only and immutable afterwards; a second pass finds nothing.
    await expect(sql`delete from admin_audit_log where id = ${oldAudit}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from payout_account_changes where id = ${oldChange}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    const again = await destroyPastLegalRetention(db, { now: NOW, batchSize: 1 });
    expect([
      again.payment.admin_audit_log,
      again.payment.payout_account_changes,
      again.membership.admin_audit_log,
    ]).toEqual([0, 0, 0]);
    expect(again.payment.settlement_statements).toBe(0);
  });

  it('erases the files a member uploaded a year after he withdrew, keeping those another member’s records hold', async () => {
    const db = database.current.db;
    const withdrawnFan = await createMember(db);
    const withdrawnCreatorUser = await createMember(db, { creator: true });
    const recentlyWithdrawn = await createMember(db);
    const creatorUser = await createMember(db, { creator: true });
    const fan = await createMember(db);
    for (const [userId, age] of [
      [withdrawnFan, YEAR + 2],
      [withdrawnCreatorUser, YEAR + 2],
      [recentlyWithdrawn, YEAR - 2],
    ] as const) {
      await sql`update users set deleted_at = ${daysAgo(age)} where id = ${userId}`.execute(db);
    }
    const file = async (owner: number, kind: 'image' | 'video' | 'audio') =>
      Number(
        (
          await sql<{ id: unknown }>`
            insert into files (owner_user_id, storage_key, filename, content_type, kind, size_bytes)
            values (${owner}, ${`legal/${nextId()}`}, 'upload', 'application/octet-stream', ${kind}, 10)
            returning id`.execute(db)
        ).rows[0]!.id,
      );
    const insertedId = async (statement: RawBuilder<{ id: unknown }>) =>
      Number((await statement.execute(db)).rows[0]!.id);
    const creatorOf = (userId: number, name: string) =>
      insertedId(sql<{ id: unknown }>`insert into creators (user_id, name) values (${userId}, ${name}) returning id`);
    const productOf = (creatorId: number, cover: number | null) =>
      insertedId(sql<{ id: unknown }>`
        insert into mission_products (creator_id, type, name, coin_price, sort_order, description_picture_file_id)
        values (${creatorId}, 'BASIC', 'Birthday song', 100, 1, ${cover}) returning id`);
    const completedMission = (productId: number, creatorId: number, userId: number, files: Record<string, number>) =>
      insertedId(sql<{ id: unknown }>`
        insert into missions (product_id, creator_id, user_id, type, status, coin_price, completed_at,
          request_file_id, video_file_id)
        values (${productId}, ${creatorId}, ${userId}, 'BASIC', 'COMPLETED', 100, ${daysAgo(500)},
          ${files.request ?? null}, ${files.video ?? null})
        returning id`);

    // The withdrawn fan: his profile picture, an attachment of his request to an active creator (whose answer is the
    // creator's file), a file he never used.
    const profile = await file(withdrawnFan, 'image');
    await sql`update users set image_file_id = ${profile} where id = ${withdrawnFan}`.execute(db);
    const creator = await creatorOf(creatorUser, 'Active creator');
    const product = await productOf(creator, null);
    const attachment = await file(withdrawnFan, 'image');
    const answerToHim = await file(creatorUser, 'video');
    const hisMission = await completedMission(product, creator, withdrawnFan, {
      request: attachment,
      video: answerToHim,
    });
    const unused = await file(withdrawnFan, 'audio');
    // The withdrawn creator: his intro and product cover, and an answer he made for a fan who is still a member.
    const goneCreator = await creatorOf(withdrawnCreatorUser, 'Gone creator');
    const intro = await file(withdrawnCreatorUser, 'video');
    await sql`update creators set intro_file_id = ${intro} where id = ${goneCreator}`.execute(db);
    const cover = await file(withdrawnCreatorUser, 'image');
    const goneProduct = await productOf(goneCreator, cover);
    const delivered = await file(withdrawnCreatorUser, 'video');
    const fansMission = await completedMission(goneProduct, goneCreator, fan, { video: delivered });
    // Withdrawn less than a year ago: kept for now.
    const recent = await file(recentlyWithdrawn, 'image');

    const result = await destroyPastLegalRetention(db, { now: NOW, batchSize: 2 });
    expect(result.membership.files).toBe(5);
    const erased = [profile, attachment, unused, intro, cover].sort((a, b) => a - b);
    const owners = [withdrawnFan, withdrawnCreatorUser, recentlyWithdrawn, creatorUser];
    const { rows: left } = await sql<{ id: unknown }>`
      select id from files where owner_user_id = any(${owners}) order by id`.execute(db);
    expect(left.map((row) => Number(row.id))).toEqual([answerToHim, delivered, recent].sort((a, b) => a - b));
    // Their stored objects go at the purge job's next run.
    const { rows: purged } = await sql<{ id: unknown; purge_after: Date }>`
      select id, purge_after from deleted_files where owner_user_id = any(${owners}) order by id`.execute(db);
    expect(purged.map((row) => ({ id: Number(row.id), purgeAfter: row.purge_after }))).toEqual(
      erased.map((id) => ({ id, purgeAfter: NOW })),
    );

    const { rows: missions } = await sql<{ id: unknown; request_file_id: unknown; video_file_id: unknown }>`
      select id, request_file_id, video_file_id from missions where id in (${hisMission}, ${fansMission})
      order by id`.execute(db);
    expect(missions.map((row) => [row.request_file_id, Number(row.video_file_id)])).toEqual([
      [null, answerToHim],
      [null, delivered],
    ]);
    const { rows: detached } = await sql<{ image: unknown; intro: unknown; cover: unknown }>`
      select (select image_file_id from users where id = ${withdrawnFan}) as image,
        (select intro_file_id from creators where id = ${goneCreator}) as intro,
        (select description_picture_file_id from mission_products where id = ${goneProduct}) as cover`.execute(db);
    expect(detached).toEqual([{ image: null, intro: null, cover: null }]);

    expect((await destroyPastLegalRetention(db, { now: NOW, batchSize: 2 })).membership.files).toBe(0);
  });
});
