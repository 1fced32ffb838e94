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
 * triggers let through (migration 0373).
 */

export type LegalRecordKind = 'payment' | 'contract' | 'complaint' | 'membership';

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
