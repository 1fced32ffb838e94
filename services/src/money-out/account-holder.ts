import { normalizeHolderName, type RefundBankAccount } from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { holderLookupFor, identityNameHmac } from '../creators';
import type { DbExecutor } from '../db';
import { AppError } from '../http';

/*
 * Cash leaves only to an account the member holds (docs/rules/money-out.md): the bank's holder look-up (예금주 조회,
 * the same provider the payout accounts are checked with) names the holder, and that name must be the one the
 * member's identity check verified, or the depositor name of a bank deposit the money returns. What the member
 * typed as the holder is never trusted.
 */

/** Which of the member's names the bank's holder is. */
export type AccountHolderMatch = 'IDENTITY_NAME' | 'DEPOSITOR_NAME';

/**
 * The holder the bank names for `account`. Asked outside any database transaction (a bank's answer takes its
 * time). 400 naming the number when the bank has no such account; 503 `BANK_LOOKUP_UNAVAILABLE` when it does not
 * answer or no look-up is configured: nothing is sent to an account nobody could check.
 */
export async function bankHolderOf(ctx: ServiceContext, account: RefundBankAccount): Promise<string> {
  const lookup = holderLookupFor(ctx.config);
  if (!lookup) throw lookupUnavailable();
  let answer;
  try {
    answer = await lookup.lookUp({
      bankName: account.bankName,
      accountNumber: account.bankAccountNumber,
      typedHolder: account.bankAccountHolder,
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'refund account holder look-up failed');
    throw lookupUnavailable();
  }
  if (answer.kind === 'NOT_FOUND') {
    throw new AppError(400, 'moneyOut.accountNotFound', {
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'bankAccount.bankAccountNumber', key: 'moneyOut.accountNotFoundField' }],
    });
  }
  return answer.holder;
}

/**
 * Whether the bank's `holder` is the member `userId`: his verified name, or one of `depositorNames` (the deposits the
 * money returns). 400 naming the holder field when it is neither, so the member gives his own account.
 */
export async function requireHeldByMember(
  db: DbExecutor,
  ctx: ServiceContext,
  member: { userId: number; holder: string; depositorNames: readonly string[] },
): Promise<AccountHolderMatch> {
  const user = await db
    .selectFrom('users')
    .select('identity_name_hmac')
    .where('id', '=', member.userId)
    .executeTakeFirst();
  if (user?.identity_name_hmac && identityNameHmac(ctx.config, member.holder) === user.identity_name_hmac) {
    return 'IDENTITY_NAME';
  }
  const holder = normalizeHolderName(member.holder);
  if (member.depositorNames.some((name) => normalizeHolderName(name) === holder)) return 'DEPOSITOR_NAME';
  throw new AppError(400, 'moneyOut.accountNotMembers', {
    code: 'VALIDATION_FAILED',
    fields: [{ field: 'bankAccount.bankAccountHolder', key: 'moneyOut.accountNotMembersField' }],
  });
}

const lookupUnavailable = () =>
  new AppError(503, 'moneyOut.bankLookupUnavailable', { code: 'BANK_LOOKUP_UNAVAILABLE' });
