import {
  PAYOUT_ACCOUNT_RECENT_LOGIN_MINUTES,
  type AdminCreatorPayoutAccount,
  type AdminPayoutAccountUpdate,
} from '@fanmission/contracts';
import { verifyPassword, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, notFound, type FieldProblem } from '../http';
import { domainEvent, recordEvents } from '../outbox';
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
 * with the account before and after, and the event that mails the creator. Saving the account as it is changes
 * nothing and records nothing (undefined).
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
  await recordEvents(trx, [
    domainEvent(
      'creator.payout-account-changed',
      { creatorId: creator.id, userId: creator.user_id, actorId: origin.actor.id, changeId: change.id },
      at,
    ),
  ]);
  return change;
}

/**
 * `PUT /api/admin/creator-payout-accounts/{creatorId}`: finance sets a creator's payout account, with a reason; the
 * change is recorded and mailed like the creator's own. Answers the account as it now is.
 */
export async function changePayoutAccountAsFinance(
  ctx: ServiceContext,
  creatorId: number,
  body: AdminPayoutAccountUpdate,
  origin: ChangeOrigin & { reason: string },
): Promise<{ before: AdminCreatorPayoutAccount; after: AdminCreatorPayoutAccount }> {
  return await ctx.db.transaction().execute(async (trx) => {
    const creator = await repository.lockCreator(trx, creatorId);
    if (!creator) throw notFound('creators.notFound');
    // Like a deposit or a refund, finance never decides on its own account: its own payout needs its own password.
    if (creator.user_id === origin.actor.id) {
      throw new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });
    }
    await applyPayoutAccountChange(
      trx,
      creator,
      {
        bank_name: body.bankName,
        bank_account_holder: body.bankAccountHolder,
        bank_account_number: body.bankAccountNumber,
        ...(body.payoutOverseas !== undefined && { payout_overseas: body.payoutOverseas }),
        ...(body.payoutForeigner !== undefined && { payout_foreigner: body.payoutForeigner }),
      },
      origin,
      ctx.now(),
    );
    const after = await repository.lockCreator(trx, creatorId);
    return { before: payoutAccountView(creator), after: payoutAccountView(after!) };
  });
}

/** A creator's payout account as finance sees it (the full number). */
export function payoutAccountView(creator: CreatorRow): AdminCreatorPayoutAccount {
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
