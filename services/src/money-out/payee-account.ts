import {
  isBusinessRegistered,
  normalizeHolderName,
  type BusinessType,
  type PayeeAccountRefusal,
} from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { identityNameHmac } from '../creators';
import type { DbExecutor } from '../db';
import type { MessageKey } from '../i18n';

/*
 * A settlement statement is paid only to its payee's own verified account (docs/rules/money-out.md, settlement
 * payouts). The account the statement pays must be:
 * - the creator's payout account now: an account he (or finance) changed away from since is not paid any more;
 * - VERIFIED by the bank's holder look-up (the creators module's payout_account_verifications): checked after it was
 *   last set, since setting an account queues its check again;
 * - held in his name as it stands now: a personal account's holder is the name his identity check verified (compared
 *   through its HMAC); a business's account's holder is the registered name of his verified, active business
 *   registration (a registration undone since no longer names him). An account kept VERIFIED when the checks began
 *   (GRANDFATHERED) was never compared with his names: it is not paid.
 * The batch export and the bank result import both ask `payeeAccountRefusals`.
 */

/** What the rule reads of one statement: the account it pays, the creator's account now, its check, his names. */
export interface PayeeAccountFacts {
  paid: { bankName: string | null; bankAccountNumber: string | null };
  current: { bankName: string | null; bankAccountNumber: string | null };
  verification: { status: string; matched: string | null; bankHolder: string | null } | null;
  payee: { identityNameHmac: string | null; verifiedBusinessType: BusinessType; verifiedBusinessName: string | null };
}

/** The message finance reads for each refusal (params: the statement's `id`). */
export const PAYEE_REFUSAL_MESSAGES = {
  ACCOUNT_CHANGED: 'income.payeeAccountChanged',
  ACCOUNT_UNVERIFIED: 'income.payeeAccountUnverified',
  HOLDER_NOT_PAYEE: 'income.payeeAccountHolderNotPayee',
} as const satisfies Record<PayeeAccountRefusal, MessageKey>;

const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');

/** Why the statement may not be paid to its account (null: it may). */
export function payeeAccountRefusal(
  config: ServiceContext['config'],
  facts: PayeeAccountFacts,
): PayeeAccountRefusal | null {
  const { paid, current, verification, payee } = facts;
  if (!paid.bankName || digits(paid.bankAccountNumber) === '') return 'ACCOUNT_UNVERIFIED';
  if (paid.bankName !== current.bankName || digits(paid.bankAccountNumber) !== digits(current.bankAccountNumber)) {
    return 'ACCOUNT_CHANGED';
  }
  if (verification?.status !== 'VERIFIED' || !verification.bankHolder) return 'ACCOUNT_UNVERIFIED';
  const holder = verification.bankHolder;
  if (verification.matched === 'REAL_NAME') {
    return payee.identityNameHmac !== null && identityNameHmac(config, holder) === payee.identityNameHmac
      ? null
      : 'HOLDER_NOT_PAYEE';
  }
  if (verification.matched === 'BUSINESS_NAME') {
    const registered = isBusinessRegistered(payee.verifiedBusinessType) ? payee.verifiedBusinessName : null;
    return registered !== null && normalizeHolderName(holder) === normalizeHolderName(registered)
      ? null
      : 'HOLDER_NOT_PAYEE';
  }
  // GRANDFATHERED: kept VERIFIED when the checks began, never compared with any of his names.
  return 'ACCOUNT_UNVERIFIED';
}

/** The bank's holder look-up of an account a statement pays: its outcome, how it matched, the holder it named. */
export interface PayToVerification {
  status: string;
  matched: string | null;
  bankHolder: string | null;
}

/**
 * The holder look-up of the account each statement of `statementIds` pays (its creator, bank and number as the
 * statement copied them at issue); a statement whose account was never looked up is absent. The one join from a
 * statement to its account's check: the payee rule below, the settlement batches and the statements' lists and pages
 * (services/src/income/statements.ts, `withPayTo`) read it here.
 */
export async function payToVerifications(
  db: DbExecutor,
  statementIds: readonly number[],
): Promise<Map<number, PayToVerification>> {
  if (statementIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('settlement_statements as s')
    .innerJoin('payout_account_verifications as pv', (join) =>
      join
        .onRef('pv.creator_id', '=', 's.creator_id')
        .onRef('pv.bank_name', '=', 's.bank_name')
        .onRef('pv.bank_account_number', '=', 's.bank_account_number'),
    )
    .select(['s.id', 'pv.status', 'pv.matched', 'pv.bank_holder'])
    .where('s.id', 'in', [...statementIds])
    .execute();
  return new Map(
    rows.map((row) => [row.id, { status: row.status, matched: row.matched, bankHolder: row.bank_holder }]),
  );
}

/** For each statement of `statementIds`, why it may not be paid to its account; those that may are absent. */
export async function payeeAccountRefusals(
  db: DbExecutor,
  config: ServiceContext['config'],
  statementIds: readonly number[],
): Promise<Map<number, PayeeAccountRefusal>> {
  const refusals = new Map<number, PayeeAccountRefusal>();
  if (statementIds.length === 0) return refusals;
  const rows = await db
    .selectFrom('settlement_statements as s')
    .innerJoin('creators as c', 'c.id', 's.creator_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      's.id',
      's.bank_name',
      's.bank_account_number',
      'c.bank_name as current_bank_name',
      'c.bank_account_number as current_bank_account_number',
      'c.verified_business_type',
      'c.verified_business_name',
      'u.identity_name_hmac',
    ])
    .where('s.id', 'in', [...statementIds])
    .execute();
  const verifications = await payToVerifications(db, statementIds);
  for (const row of rows) {
    const refusal = payeeAccountRefusal(config, {
      paid: { bankName: row.bank_name, bankAccountNumber: row.bank_account_number },
      current: { bankName: row.current_bank_name, bankAccountNumber: row.current_bank_account_number },
      verification: verifications.get(row.id) ?? null,
      payee: {
        identityNameHmac: row.identity_name_hmac,
        verifiedBusinessType: row.verified_business_type,
        verifiedBusinessName: row.verified_business_name,
      },
    });
    if (refusal) refusals.set(row.id, refusal);
  }
  return refusals;
}
