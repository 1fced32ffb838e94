import {
  maskAccountNumber,
  PAYOUT_ACCOUNT_RECENT_LOGIN_MINUTES,
  type AdminApproval,
  type AdminCreatorPayoutAccount,
  type AdminPayoutAccountUpdate,
} from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval } from '../approvals';
import { verifyPassword, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, notFound, type FieldProblem } from '../http';
import { domainEvent, recordEvents } from '../outbox';
import { businessVerificationOf } from './business-verification';
import { payoutAccountVerificationOf, queuePayoutAccountCheck } from './payout-verification';
import * as repository from './repository';
import type { CreatorRow, PayoutAccountChangeRow } from './table';

/*
 * Changing where a creator's settlement is paid (docs/rules/security.md, payout account): the creator proves it is
 * him (his current password, or a fresh sign-in for an account without one), finance says why; every change that
 * alters anything is one append-only row of payout_account_changes and one `creator.payout-account-changed` event
 * (the creator's mail), in the transaction of the change itself.
 */

/** Where a payout account change came from, for its history row. */
export interface ChangeOrigin {
  actor: Caller;
  ip: string | null;
  requestId: string;
  /** Finance's reason; none for the creator's own change. */
  reason?: string;
}

/** The account a change sets: the three bank fields, and where the payout goes when given (else as it is). */
export interface PayoutAccountValues {
  bank_name: string;
  bank_account_holder: string;
  bank_account_number: string;
  payout_overseas?: boolean;
  payout_foreigner?: boolean;
}

const reauthenticationRequired = () =>
  new AppError(403, 'creators.payoutReauthenticationRequired', {
    code: 'REAUTHENTICATION_REQUIRED',
    params: { minutes: PAYOUT_ACCOUNT_RECENT_LOGIN_MINUTES },
  });

/**
 * The creator's proof that he is at the keyboard, for a payout account change: his current password, checked like
 * the password change checks it; an account without a password (social sign-in only) must have signed in within the
 * last few minutes instead. Session tokens are issued only by a sign-in or a password change and carry their issue
 * time on the wall clock that also expires them. Answers the field problem to report with the others (none when it
 * holds); an account without a password and an older session is 403 `REAUTHENTICATION_REQUIRED`.
 */
export async function payoutReauthenticationProblem(
  db: DbExecutor,
  caller: Caller,
  currentPassword: string | undefined,
  sessionIssuedAt: Date | null,
): Promise<FieldProblem | null> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', caller.id).executeTakeFirst();
  if (user?.password_hash) {
    if (currentPassword === undefined) return { field: 'currentPassword', key: 'validation.required' };
    const matches = await verifyPassword(user.password_hash, currentPassword);
    return matches ? null : { field: 'currentPassword', key: 'auth.currentPasswordMismatch' };
  }
  const recentLoginMs = PAYOUT_ACCOUNT_RECENT_LOGIN_MINUTES * 60_000;
  if (sessionIssuedAt === null || Date.now() - sessionIssuedAt.getTime() > recentLoginMs) {
    throw reauthenticationRequired();
  }
  return null;
}

const sameText = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/**
 * Applies a payout account change to the creator (locked by the caller's transaction) and records it: the history row
 * with the account before and after, the event that mails the creator, and (a new bank, holder or number) the queued
 * check of its holder (`payout-verification.ts`). Saving the account as it is changes nothing and records nothing
 * (undefined).
 */
export async function applyPayoutAccountChange(
  trx: DbExecutor,
  creator: CreatorRow,
  values: PayoutAccountValues,
  origin: ChangeOrigin,
  at: Date,
): Promise<PayoutAccountChangeRow | undefined> {
  const to = {
    bank_name: values.bank_name,
    bank_account_holder: values.bank_account_holder,
    bank_account_number: values.bank_account_number,
    payout_overseas: values.payout_overseas ?? creator.payout_overseas,
    payout_foreigner: values.payout_foreigner ?? creator.payout_foreigner,
  };
  const destinationChanged =
    !sameText(creator.bank_name, to.bank_name) ||
    !sameText(creator.bank_account_holder, to.bank_account_holder) ||
    !sameText(creator.bank_account_number, to.bank_account_number);
  const placeChanged =
    creator.payout_overseas !== to.payout_overseas || creator.payout_foreigner !== to.payout_foreigner;
  if (!destinationChanged && !placeChanged) return undefined;

  await repository.updateCreator(trx, creator.id, to);
  const change = await trx
    .insertInto('payout_account_changes')
    .values({
      creator_id: creator.id,
      actor_id: origin.actor.id,
      actor_roles: [...origin.actor.roles],
      reason: origin.reason ?? null,
      from_bank_name: creator.bank_name,
      from_bank_account_holder: creator.bank_account_holder,
      from_bank_account_number: creator.bank_account_number,
      from_payout_overseas: creator.payout_overseas,
      from_payout_foreigner: creator.payout_foreigner,
      to_bank_name: to.bank_name,
      to_bank_account_holder: to.bank_account_holder,
      to_bank_account_number: to.bank_account_number,
      to_payout_overseas: to.payout_overseas,
      to_payout_foreigner: to.payout_foreigner,
      destination_changed: destinationChanged,
      request_ip: origin.ip,
      request_id: origin.requestId,
      changed_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (destinationChanged) {
    await queuePayoutAccountCheck(
      trx,
      { creatorId: creator.id, bankName: to.bank_name, bankAccountNumber: to.bank_account_number },
      at,
    );
  }
  await recordEvents(trx, [
    domainEvent(
      'creator.payout-account-changed',
      { creatorId: creator.id, userId: creator.user_id, actorId: origin.actor.id, changeId: change.id },
      at,
    ),
  ]);
  return change;
}

const ownAccount = () => new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });

/** A console change as it runs once approved: the account, the maker's reason, where the maker asked from. */
const financeChangeSchema = z.object({
  creatorId: z.number().int(),
  account: z.object({
    bankName: z.string(),
    bankAccountHolder: z.string(),
    bankAccountNumber: z.string(),
    payoutOverseas: z.boolean().optional(),
    payoutForeigner: z.boolean().optional(),
  }),
  reason: z.string(),
  ip: z.string().nullable(),
  requestId: z.string(),
});
type FinanceChange = z.infer<typeof financeChangeSchema>;

const valuesOf = (account: FinanceChange['account']): PayoutAccountValues => ({
  bank_name: account.bankName,
  bank_account_holder: account.bankAccountHolder,
  bank_account_number: account.bankAccountNumber,
  ...(account.payoutOverseas !== undefined && { payout_overseas: account.payoutOverseas }),
  ...(account.payoutForeigner !== undefined && { payout_foreigner: account.payoutForeigner }),
});

/** Whether saving these values would leave the account as it is. */
const unchanged = (creator: CreatorRow, values: PayoutAccountValues) =>
  sameText(creator.bank_name, values.bank_name) &&
  sameText(creator.bank_account_holder, values.bank_account_holder) &&
  sameText(creator.bank_account_number, values.bank_account_number) &&
  (values.payout_overseas ?? creator.payout_overseas) === creator.payout_overseas &&
  (values.payout_foreigner ?? creator.payout_foreigner) === creator.payout_foreigner;

/**
 * A creator's payout account changed from the console, as a staff approval: a finance member other than its maker
 * (and not the creator himself) approves it, and the change is made then, recorded with the maker as its actor and
 * mailed like the creator's own. A change of the account by anyone in between voids the request.
 */
export const payoutAccountApproval = guardedAction({
  kind: 'PAYOUT_ACCOUNT_CHANGE',
  role: 'ROLE_FINANCE',
  params: financeChangeSchema,
  summary: (change) => ({
    creatorId: change.creatorId,
    bank: change.account.bankName,
    account: maskAccountNumber(change.account.bankAccountNumber) ?? '',
    holder: change.account.bankAccountHolder,
  }),
  async targetState(db, change) {
    const creator = await repository.lockCreator(db, change.creatorId);
    return creator ? payoutAccountView(creator) : null;
  },
  async execute(trx, change, approved) {
    const creator = await repository.lockCreator(trx, change.creatorId);
    if (!creator) throw notFound('creators.notFound');
    if (creator.user_id === approved.makerId || creator.user_id === approved.approverId) throw ownAccount();
    const maker = await trx
      .selectFrom('users')
      .select('roles')
      .where('id', '=', approved.makerId)
      .executeTakeFirstOrThrow();
    await applyPayoutAccountChange(
      trx,
      creator,
      valuesOf(change.account),
      {
        actor: { id: approved.makerId, roles: maker.roles, creatorId: null },
        ip: change.ip,
        requestId: change.requestId,
        reason: change.reason,
      },
      approved.now,
    );
    const after = await repository.lockCreator(trx, change.creatorId);
    return payoutAccountWithVerification(trx, after!);
  },
});

/**
 * `PUT /api/admin/creator-payout-accounts/{creatorId}`: finance asks to set a creator's payout account, with a
 * reason. Saving the account as it is answers it (`account`); any change is a staff approval request (`approval`).
 */
export async function changePayoutAccountAsFinance(
  ctx: ServiceContext,
  creatorId: number,
  body: AdminPayoutAccountUpdate,
  origin: ChangeOrigin & { reason: string },
): Promise<{ account: AdminCreatorPayoutAccount } | { approval: AdminApproval }> {
  const creator = await repository.findCreatorById(ctx.db, creatorId);
  if (!creator) throw notFound('creators.notFound');
  // Like a deposit or a refund, finance never decides on its own account: its own payout needs its own password.
  if (creator.user_id === origin.actor.id) throw ownAccount();
  const change: FinanceChange = {
    creatorId,
    account: {
      bankName: body.bankName,
      bankAccountHolder: body.bankAccountHolder,
      bankAccountNumber: body.bankAccountNumber,
      ...(body.payoutOverseas !== undefined && { payoutOverseas: body.payoutOverseas }),
      ...(body.payoutForeigner !== undefined && { payoutForeigner: body.payoutForeigner }),
    },
    reason: origin.reason,
    ip: origin.ip,
    requestId: origin.requestId,
  };
  if (unchanged(creator, valuesOf(change.account))) {
    return { account: await payoutAccountWithVerification(ctx.db, creator) };
  }
  const approval = await requestApproval(ctx, payoutAccountApproval, {
    maker: origin.actor,
    params: change,
    reason: origin.reason,
  });
  return { approval };
}

/** `GET /api/admin/creator-payout-accounts/{creatorId}`: the account a change starts from (404 for no such creator). */
export async function payoutAccountAsFinance(db: DbExecutor, creatorId: number): Promise<AdminCreatorPayoutAccount> {
  const creator = await repository.findCreatorById(db, creatorId);
  if (!creator) throw notFound('creators.notFound');
  return payoutAccountWithVerification(db, creator);
}

/** A creator's payout account as finance sees it, with its holder check. */
async function payoutAccountWithVerification(db: DbExecutor, creator: CreatorRow): Promise<AdminCreatorPayoutAccount> {
  const verification = await payoutAccountVerificationOf(db, {
    creatorId: creator.id,
    bankName: creator.bank_name ?? undefined,
    bankAccountNumber: creator.bank_account_number ?? undefined,
  });
  return {
    ...payoutAccountView(creator),
    verification,
    declaredBusinessType: creator.business_type,
    declaredBusinessRegistrationNumber: creator.business_registration_number,
    businessVerification: businessVerificationOf(creator),
  };
}

/**
 * A creator's payout account as finance sees it (the full number), without its check: what an approval of a change
 * compares (a check answered in between does not void the request).
 */
export function payoutAccountView(
  creator: CreatorRow,
): Omit<
  AdminCreatorPayoutAccount,
  'verification' | 'declaredBusinessType' | 'declaredBusinessRegistrationNumber' | 'businessVerification'
> {
  return {
    id: creator.id,
    creatorName: creator.name,
    bankName: creator.bank_name,
    bankAccountHolder: creator.bank_account_holder,
    bankAccountNumber: creator.bank_account_number,
    payoutOverseas: creator.payout_overseas,
    payoutForeigner: creator.payout_foreigner,
  };
}
