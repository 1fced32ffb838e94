import type { StatementHoldReason } from '@fanmission/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { StatementRow } from './table';

/*
 * The one hold rule of a payout statement (docs/rules/settlement.md, holds): an ISSUED, APPROVED or TRANSFER_FAILED
 * statement is held — neither approved, nor paid, nor in a transfer batch — while the account it pays is not VERIFIED
 * by the account-holder look-up (the creators module's payout_account_verifications, migration 0520; it is released by the
 * check itself once the account is VERIFIED), or while the payout account change that held it at issue (within 72
 * hours) waits for finance's release. Every reader of "held" goes through `holdReason` or `heldSql`.
 */

/** The statement columns the rule reads, with the pay-to account's check (`pay_to_verification`, null: none). */
export type HoldInputs = Pick<StatementRow, 'status' | 'payout_held' | 'hold_released_at'> & {
  pay_to_verification: string | null;
};

const unpaid = (status: StatementRow['status']) =>
  status === 'ISSUED' || status === 'APPROVED' || status === 'TRANSFER_FAILED';

/** Why the statement is held, the account's check first (what the creator can act on); null when it is not. */
export function holdReason(row: HoldInputs): StatementHoldReason | null {
  if (unpaid(row.status) && row.pay_to_verification !== 'VERIFIED') {
    if (row.pay_to_verification === 'MISMATCH') return 'ACCOUNT_MISMATCH';
    if (row.pay_to_verification === 'FAILED') return 'ACCOUNT_FAILED';
    return 'ACCOUNT_UNVERIFIED';
  }
  return row.payout_held && row.hold_released_at === null ? 'ACCOUNT_CHANGED' : null;
}

/**
 * The rule in SQL, on the statement alias `s` (no join needed): whether the statement is held now. Its "account
 * VERIFIED" condition is the one the database's trigger enforces on approving, sending and paying
 * (settlement_statement_pays_verified_account, migrations 0520 and 0690); ./holds.test.ts holds the two to one rule.
 */
export function heldSql(): RawBuilder<boolean> {
  return sql<boolean>`(
    (s.payout_held and s.hold_released_at is null)
    or (s.status in ('ISSUED', 'APPROVED', 'TRANSFER_FAILED') and not exists (
      select 1 from payout_account_verifications pv
      where pv.creator_id = s.creator_id and pv.bank_name = s.bank_name
        and pv.bank_account_number = s.bank_account_number and pv.status = 'VERIFIED'
    ))
  )`;
}
