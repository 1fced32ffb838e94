import {
  isBusinessRegistered,
  normalizeHolderName,
  type PayoutAccountVerification,
  type PayoutAccountVerificationFailure,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import { runPeriodically, type PeriodicTask } from '../background';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { identityNameHmac } from './verified-name';
import { holderLookupFor, type HolderLookupProvider } from './payout-holder-lookup';
import type { PayoutAccountVerificationRow, PayoutAccountVerificationsTable } from './table';

/*
 * Verified payout accounts (docs/rules/settlement.md, verified payout account): every account a creator sets is
 * looked up at its bank (예금주 조회), and its holder must be the creator — the name his identity check verified, or
 * the name the business registry gave for the registration staff verified (never a name he typed himself). A statement pays only to a VERIFIED account (the income module's
 * hold). A bank that does not answer is asked again in the background.
 */

/** An account of a creator, as the look-up and the statements name it. */
export interface PayoutAccountKey {
  creatorId: number;
  bankName: string;
  bankAccountNumber: string;
}

/** How long a failed look-up waits before the next try: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000;
}

/**
 * Queues the check of an account just set (in the change's transaction): UNVERIFIED, due now. An account set again
 * (the same bank and number) is checked again from the start.
 */
export async function queuePayoutAccountCheck(trx: DbExecutor, key: PayoutAccountKey, at: Date): Promise<void> {
  const queued = {
    status: 'UNVERIFIED',
    failure: null,
    matched: null,
    bank_holder: null,
    attempts: 0,
    next_attempt_at: at,
    queued_at: at,
    checked_at: null,
  } as const;
  await trx
    .insertInto('payout_account_verifications')
    .values({
      creator_id: key.creatorId,
      bank_name: key.bankName,
      bank_account_number: key.bankAccountNumber,
      ...queued,
    })
    .onConflict((conflict) => conflict.columns(['creator_id', 'bank_name', 'bank_account_number']).doUpdateSet(queued))
    .execute();
}

type Outcome = Pick<
  PayoutAccountVerificationsTable,
  'failure' | 'matched' | 'bank_holder' | 'next_attempt_at' | 'checked_at'
> & { status: PayoutAccountVerificationRow['status']; attempts: number };

/** Which of the creator's names the bank's holder is, if any. */
function matchedName(
  holder: string,
  names: { nameHmac: string | null; businessName: string | null },
  config: ServiceContext['config'],
): 'REAL_NAME' | 'BUSINESS_NAME' | null {
  if (names.businessName && normalizeHolderName(holder) === normalizeHolderName(names.businessName)) {
    return 'BUSINESS_NAME';
  }
  if (names.nameHmac && identityNameHmac(config, holder) === names.nameHmac) return 'REAL_NAME';
  return null;
}

/** The account with what its check compares: the holder the creator typed, his verified name, his verified business. */
function checkTarget(db: DbExecutor, key: PayoutAccountKey) {
  return db
    .selectFrom('payout_account_verifications as v')
    .innerJoin('creators as c', 'c.id', 'v.creator_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('v')
    .select(['c.bank_account_holder', 'c.verified_business_type', 'c.verified_business_name', 'u.identity_name_hmac'])
    .where('v.creator_id', '=', key.creatorId)
    .where('v.bank_name', '=', key.bankName)
    .where('v.bank_account_number', '=', key.bankAccountNumber)
    .executeTakeFirst();
}

/**
 * Looks the account up and records the outcome: VERIFIED when the bank's holder is the creator's verified name or
 * his verified business's registered name (`normalizeHolderName`), MISMATCH when it is someone else, FAILED when the bank has no such account
 * (not retried: the creator fixes the number) or does not answer (retried, `retryDelayMs`). With no name to compare
 * (no identity check with a name, no verified business registration) or no look-up configured, it stays UNVERIFIED without
 * asking the bank. A check whose account was queued again meanwhile records nothing. Answers the status recorded.
 */
export async function checkPayoutAccount(
  ctx: ServiceContext,
  lookup: HolderLookupProvider | null,
  key: PayoutAccountKey,
): Promise<PayoutAccountVerificationRow['status'] | null> {
  const target = await checkTarget(ctx.db, key);
  if (!target || target.status === 'VERIFIED' || target.status === 'MISMATCH') return target?.status ?? null;
  const names = {
    nameHmac: target.identity_name_hmac,
    businessName: isBusinessRegistered(target.verified_business_type) ? target.verified_business_name : null,
  };
  const waiting = (failure: PayoutAccountVerificationFailure): Outcome => ({
    status: 'UNVERIFIED',
    failure,
    matched: null,
    bank_holder: null,
    attempts: target.attempts,
    next_attempt_at: null,
    checked_at: ctx.now(),
  });
  let outcome: Outcome;
  if (!names.nameHmac && !names.businessName) outcome = waiting('NO_VERIFIED_NAME');
  else if (!lookup) outcome = waiting('NO_PROVIDER');
  else outcome = await lookUpOutcome(ctx, lookup, target, names);
  await ctx.db
    .updateTable('payout_account_verifications')
    .set(outcome)
    .where('creator_id', '=', key.creatorId)
    .where('bank_name', '=', key.bankName)
    .where('bank_account_number', '=', key.bankAccountNumber)
    .where('queued_at', '=', target.queued_at)
    .execute();
  return outcome.status;
}

async function lookUpOutcome(
  ctx: ServiceContext,
  lookup: HolderLookupProvider,
  target: NonNullable<Awaited<ReturnType<typeof checkTarget>>>,
  names: { nameHmac: string | null; businessName: string | null },
): Promise<Outcome> {
  const now = ctx.now();
  const attempts = target.attempts + 1;
  const answered = { attempts, checked_at: now, next_attempt_at: null };
  try {
    const answer = await lookup.lookUp({
      bankName: target.bank_name,
      accountNumber: target.bank_account_number,
      typedHolder: target.bank_account_holder ?? '',
    });
    if (answer.kind === 'NOT_FOUND') {
      return { ...answered, status: 'FAILED', failure: 'ACCOUNT_NOT_FOUND', matched: null, bank_holder: null };
    }
    const matched = matchedName(answer.holder, names, ctx.config);
    return matched
      ? { ...answered, status: 'VERIFIED', failure: null, matched, bank_holder: answer.holder }
      : { ...answered, status: 'MISMATCH', failure: null, matched: null, bank_holder: answer.holder };
  } catch (error) {
    ctx.log.warn({ err: error, creatorId: target.creator_id }, 'payout account holder look-up failed; retried later');
    return {
      ...answered,
      status: 'FAILED',
      failure: 'BANK_TIMEOUT',
      matched: null,
      bank_holder: null,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
    };
  }
}

/**
 * The background check: the accounts due (queued, or a failed look-up's retry time passed), and those that waited for
 * a name to compare and have one now (an identity check with a name, a verified business registration). Answers how many it
 * checked.
 */
export async function checkDuePayoutAccounts(
  ctx: ServiceContext,
  lookup: HolderLookupProvider | null,
  limit = 100,
): Promise<number> {
  const due = await ctx.db
    .selectFrom('payout_account_verifications as v')
    .innerJoin('creators as c', 'c.id', 'v.creator_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['v.creator_id', 'v.bank_name', 'v.bank_account_number'])
    .where((eb) =>
      eb.or([
        eb('v.next_attempt_at', '<=', ctx.now()),
        eb.and([
          eb('v.failure', '=', 'NO_VERIFIED_NAME'),
          eb.or([
            eb('u.identity_name_hmac', 'is not', null),
            eb('c.verified_business_type', 'in', ['PRIVATE', 'CORPORATION']),
          ]),
        ]),
      ]),
    )
    .orderBy(sql`v.next_attempt_at nulls first`)
    .limit(limit)
    .execute();
  for (const row of due) {
    await checkPayoutAccount(ctx, lookup, {
      creatorId: row.creator_id,
      bankName: row.bank_name,
      bankAccountNumber: row.bank_account_number,
    });
  }
  return due.length;
}

/** Runs the background check now and then every `PAYOUT_HOLDER_CHECK_INTERVAL_SECONDS`. */
export function startPayoutAccountChecks(ctx: ServiceContext): PeriodicTask {
  return runPeriodically(() => checkDuePayoutAccounts(ctx, holderLookupFor(ctx.config)).then(() => 0), {
    intervalMs: ctx.config.PAYOUT_HOLDER_CHECK_INTERVAL_SECONDS * 1000,
    log: ctx.log,
    countMessage: 'checked payout account holders',
    failureMessage: 'checking payout account holders failed',
  });
}

/** The check of one account as its creator and finance see it; null when the account was never set. */
export async function payoutAccountVerificationOf(
  db: DbExecutor,
  key: Partial<PayoutAccountKey> & { creatorId: number },
): Promise<PayoutAccountVerification | null> {
  if (!key.bankName || !key.bankAccountNumber) return null;
  const row = await db
    .selectFrom('payout_account_verifications')
    .selectAll()
    .where('creator_id', '=', key.creatorId)
    .where('bank_name', '=', key.bankName)
    .where('bank_account_number', '=', key.bankAccountNumber)
    .executeTakeFirst();
  // An account set before the checks, in a way no migration saw (tests writing rows directly): not checked.
  if (!row) return { status: 'UNVERIFIED', failure: null, bankHolder: null, checkedAt: null, nextAttemptAt: null };
  return {
    status: row.status,
    failure: row.failure,
    bankHolder: row.bank_holder,
    checkedAt: row.checked_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  };
}
