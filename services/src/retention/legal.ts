import { type RawBuilder, sql } from 'kysely';
import type { Db, DbExecutor } from '../db';

/**
 * What an event application's applicant becomes once erased (at withdrawal, or past its legal period): the row stays
 * (the draw's record), its phone still a well-formed number of digits as the table requires.
 */
export const ERASED_APPLICANT = { name: '-', phone: '000000' } as const;

/*
 * Destruction of what is past its legal retention period (the periods are rows of legal_retention_periods,
 * services/src/db/migrations/0245_data_retention.ts). The daily maintenance job runs it, so a record is destroyed at
 * most a day after its period ends (the privacy terms allow 5 days).
 *
 * The ledger (ledger_transactions, ledger_postings, ledger_lots, ledger_lot_movements) is the books: it is kept
 * whole, and `verify` replays it. A payment record the ledger names (a deposit's payment, a refund's transaction)
 * keeps its row and ids; what is destroyed is the personal data on it (names, phone numbers, bank accounts), so no
 * reference and no ledger check breaks. Records nothing references (reports, objections, warnings, upload records)
 * are deleted. The records that are otherwise never changed (the console's audit log, the payout account history,
 * paid settlement statements) have their personal data erased in transactions that declare it, the only change their
 * triggers let through (migration 0373); so do the staff approval requests' copies of it (migration 0421).
 */

export type LegalRecordKind = 'payment' | 'contract' | 'complaint' | 'membership';

/**
 * Every column that holds a stored file (`files`; migrations 0002, 0008, 0010, 0051, 0374), and whose the file is
 * once its uploader (`files.owner_user_id`) has withdrawn: `uploader` marks his own use of it (his profile picture,
 * a mission request's attachment or a lottery application's image, a creator's intro, product covers and an event's description video), which goes
 * with his membership data; `others` marks a record another member or the platform holds it in (a mission's answer is
 * its requester's purchase; a popup's picture is the platform's), which keeps the file.
 */
export const FILE_REFERENCES = [
  { table: 'users', column: 'image_file_id', holder: 'uploader' },
  { table: 'creators', column: 'intro_file_id', holder: 'uploader' },
  { table: 'mission_products', column: 'description_picture_file_id', holder: 'uploader' },
  { table: 'mission_products', column: 'description_video_file_id', holder: 'uploader' },
  { table: 'missions', column: 'request_file_id', holder: 'uploader' },
  { table: 'missions', column: 'video_file_id', holder: 'others' },
  { table: 'missions', column: 'picture_file_id', holder: 'others' },
  { table: 'missions', column: 'voice_file_id', holder: 'others' },
  { table: 'missions', column: 'thumbnail_file_id', holder: 'others' },
  { table: 'popups', column: 'web_image_file_id', holder: 'others' },
  { table: 'popup_images', column: 'file_id', holder: 'others' },
] as const;

/** Rows destroyed (erased or deleted) per kind of record and table. */
export type LegalDestructionResult = Record<LegalRecordKind, Record<string, number>>;

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/** Repeats a bounded statement until it touches fewer rows than `batchSize`; returns the rows touched. */
async function inBatches(batchSize: number, statement: () => Promise<{ numAffectedRows?: bigint }>): Promise<number> {
  let total = 0;
  for (;;) {
    const touched = affected(await statement());
    total += touched;
    if (touched < batchSize) return total;
  }
}

/** Runs one erasure statement in a transaction that declares the legal erasure to the tables' triggers. */
function asLegalErasure(db: Db, statement: (trx: DbExecutor) => Promise<{ numAffectedRows?: bigint }>) {
  return () =>
    db.transaction().execute(async (trx) => {
      await sql`select set_config('fanmission.legal_erasure', 'on', true)`.execute(trx);
      return await statement(trx);
    });
}

async function periodCutoffs(db: DbExecutor, now: Date): Promise<Map<LegalRecordKind, Date>> {
  const { rows } = await sql<{ kind: LegalRecordKind; cutoff: Date }>`
    select kind, ${now}::timestamptz - period as cutoff from legal_retention_periods`.execute(db);
  return new Map(rows.map((row) => [row.kind, row.cutoff]));
}

/** Destroys, in batches of `batchSize`, every record past its kind's legal retention period as of `now`. */
export async function destroyPastLegalRetention(
  db: Db,
  options: { now: Date; batchSize: number },
): Promise<LegalDestructionResult> {
  const limit = options.batchSize;
  const cutoffs = await periodCutoffs(db, options.now);
  const result: LegalDestructionResult = { payment: {}, contract: {}, complaint: {}, membership: {} };

  const payment = cutoffs.get('payment');
  if (payment) {
    // '-' marks an erased name or phone (the columns are required), as account deletion does.
    result.payment.bank_transfers = await inBatches(limit, () =>
      sql`
        update bank_transfers set depositor_name = '-', depositor_phone = '-', cash_receipt_number = null
        where id in (select id from bank_transfers
          where created_at < ${payment} and (depositor_name <> '-' or depositor_phone <> '-' or cash_receipt_number is not null)
          limit ${limit})`.execute(db),
    );
    // The receipt's phone or business number goes with the transfer's; its approval number stays, as the tax
    // service's own record of it.
    result.payment.cash_receipts = await inBatches(limit, () =>
      sql`
        update cash_receipts set number = '-'
        where bank_transfer_id in (select bank_transfer_id from cash_receipts
          where created_at < ${payment} and number <> '-'
          limit ${limit})`.execute(db),
    );
    result.payment.coin_refunds = await inBatches(limit, () =>
      sql`
        update coin_refunds set bank_name = null, bank_account_holder = null, bank_account_number = null
        where id in (select id from coin_refunds
          where requested_at < ${payment}
            and (bank_name is not null or bank_account_holder is not null or bank_account_number is not null)
          limit ${limit})`.execute(db),
    );
    // A statement still owed keeps the account it pays.
    result.payment.settlement_statements = await inBatches(
      limit,
      asLegalErasure(db, (trx) =>
        sql`
          update settlement_statements set bank_account_holder = '-',
            bank_account_number = legal_erased_account_number(bank_account_number)
          where id in (select id from settlement_statements
            where created_at < ${payment} and status in ('PAID', 'CARRIED_OVER')
              and (bank_account_holder <> '-' or bank_account_number not like '****%')
            limit ${limit})`.execute(trx),
      ),
    );
    result.payment.payout_account_changes = await inBatches(
      limit,
      asLegalErasure(db, (trx) =>
        sql`
          update payout_account_changes set
            from_bank_account_holder = case when from_bank_account_holder is null then null else '-' end,
            from_bank_account_number = legal_erased_account_number(from_bank_account_number),
            to_bank_account_holder = '-',
            to_bank_account_number = legal_erased_account_number(to_bank_account_number),
            request_ip = null
          where id in (select id from payout_account_changes
            where changed_at < ${payment} and to_bank_account_holder <> '-'
            limit ${limit})`.execute(trx),
      ),
    );
    // The holder look-ups of accounts no longer used (not the creator's current account, paying no unpaid statement):
    // the account and the holder the bank answered go with the payment records (migration 0520).
    result.payment.payout_account_verifications = await inBatches(limit, () =>
      sql`
        delete from payout_account_verifications
        where (creator_id, bank_name, bank_account_number) in (
          select v.creator_id, v.bank_name, v.bank_account_number from payout_account_verifications v
          join creators c on c.id = v.creator_id
          where v.queued_at < ${payment}
            and (c.bank_name is distinct from v.bank_name or c.bank_account_number is distinct from v.bank_account_number)
            and not exists (
              select 1 from settlement_statements s
              where s.creator_id = v.creator_id and s.bank_name = v.bank_name
                and s.bank_account_number = v.bank_account_number and s.status in ('ISSUED', 'APPROVED'))
          limit ${limit})`.execute(db),
    );
    // A staff approval keeps copies of what its action acted on (a payout account, an invited member's e-mail), the
    // maker's reason and address: erased with the payment records (migration 0421).
    result.payment.staff_approval_requests = await inBatches(limit, () =>
      sql`
        update staff_approval_requests set
          params = approval_personal_data_erased(params),
          result = approval_personal_data_erased(result),
          reason = case when reason is null then null else '-' end,
          decision_note = case when decision_note is null then null else '-' end,
          personal_data_erased_at = ${options.now}
        where id in (select id from staff_approval_requests
          where created_at < ${payment} and personal_data_erased_at is null
          limit ${limit})`.execute(db),
    );
    result.payment.staff_approval_steps = await inBatches(
      limit,
      asLegalErasure(db, (trx) =>
        sql`
          update staff_approval_steps set note = '-'
          where id in (select id from staff_approval_steps
            where at < ${payment} and note is not null and note <> '-'
            limit ${limit})`.execute(trx),
      ),
    );
    result.payment.admin_audit_log = await eraseAuditSnapshots(db, limit, sql`created_at < ${payment}`, options.now);
  }

  const contract = cutoffs.get('contract');
  if (contract) {
    result.contract.event_applications = await inBatches(limit, () =>
      sql`
        update event_applications set name = ${ERASED_APPLICANT.name}, phone = ${ERASED_APPLICANT.phone},
          address = null, address_detail = null
        where mission_id in (select a.mission_id from event_applications a join missions m on m.id = a.mission_id
          where m.created_at < ${contract}
            and (a.name <> ${ERASED_APPLICANT.name} or a.phone <> ${ERASED_APPLICANT.phone} or a.address is not null
            or a.address_detail is not null)
          limit ${limit})`.execute(db),
    );
  }

  const complaint = cutoffs.get('complaint');
  if (complaint) {
    result.complaint.mission_comment_reports = await inBatches(limit, () =>
      sql`
        delete from mission_comment_reports where (comment_id, user_id) in (
          select comment_id, user_id from mission_comment_reports where created_at < ${complaint} limit ${limit})`.execute(
        db,
      ),
    );
    // A pending objection is still being handled: it goes once decided and past its period.
    result.complaint.block_objections = await inBatches(limit, () =>
      sql`
        delete from block_objections where id in (
          select id from block_objections where created_at < ${complaint} and status <> 'PENDING' limit ${limit})`.execute(
        db,
      ),
    );
  }

  const membership = cutoffs.get('membership');
  if (membership) {
    const withdrawn = sql`select id from users where deleted_at < ${membership}`;
    result.membership.coin_expiry_warnings = await inBatches(limit, () =>
      sql`
        delete from coin_expiry_warnings where (lot_id, threshold_days) in (
          select lot_id, threshold_days from coin_expiry_warnings where user_id in (${withdrawn})
          limit ${limit})`.execute(db),
    );
    result.membership.upload_usage = await inBatches(limit, () =>
      sql`
        delete from upload_usage where id in (
          select id from upload_usage where user_id in (${withdrawn}) limit ${limit})`.execute(db),
    );
    result.membership.files = await eraseWithdrawnMembersFiles(db, limit, membership, options.now);
    // The console's snapshots of the withdrawn member's account (e-mail, phone, address).
    result.membership.admin_audit_log = await eraseAuditSnapshots(
      db,
      limit,
      sql`resource = 'users' and resource_id in (select id::text from users where deleted_at < ${membership})`,
      options.now,
    );
  }
  return result;
}

/**
 * Erases the files of members who withdrew before `withdrawnBefore`, `limit` at a time: every file such a member
 * uploaded that no record of another member or of the platform holds (FILE_REFERENCES) is detached from his own
 * records, its row deleted, and its stored objects handed to the purge job at once (`deleted_files`, due now).
 */
async function eraseWithdrawnMembersFiles(db: Db, limit: number, withdrawnBefore: Date, now: Date): Promise<number> {
  const heldByOthers = FILE_REFERENCES.filter((reference) => reference.holder === 'others').map(
    ({ table, column }) => sql`not exists (select 1 from ${sql.table(table)} r where r.${sql.ref(column)} = f.id)`,
  );
  return await inBatches(limit, () =>
    db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        select f.id from files f
        where f.owner_user_id in (select id from users where deleted_at < ${withdrawnBefore})
          and ${sql.join(heldByOthers, sql` and `)}
        order by f.id
        limit ${limit}
        for update of f`.execute(trx);
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return { numAffectedRows: BigInt(0) };
      for (const { table, column } of FILE_REFERENCES.filter((reference) => reference.holder === 'uploader')) {
        const reference = sql.ref(column);
        await sql`update ${sql.table(table)} set ${reference} = null where ${reference} = any(${ids})`.execute(trx);
      }
      await sql`
        insert into deleted_files (id, owner_user_id, storage_key, thumbnail_key, original_key, small_video_key,
          filename, content_type, kind, size_bytes, created_at, deleted_at, purge_after)
        select id, owner_user_id, storage_key, thumbnail_key, original_key, small_video_key, filename, content_type,
          kind, size_bytes, created_at, ${now}, ${now}
        from files where id = any(${ids})`.execute(trx);
      return await sql`delete from files where id = any(${ids})`.execute(trx);
    }),
  );
}

/** Erases the personal fields of the audit rows `where` selects, once each (`audit_personal_data_erased`). */
async function eraseAuditSnapshots(db: Db, limit: number, where: RawBuilder<unknown>, now: Date): Promise<number> {
  return await inBatches(
    limit,
    asLegalErasure(db, (trx) =>
      sql`
        update admin_audit_log set before = audit_personal_data_erased(before), after = audit_personal_data_erased(after),
          personal_data_erased_at = ${now}
        where id in (select id from admin_audit_log where personal_data_erased_at is null and ${where} limit ${limit})`.execute(
        trx,
      ),
    ),
  );
}
