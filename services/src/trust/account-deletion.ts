import { randomBytes } from 'node:crypto';
import type { AccountDeletionRequest, AccountDeletionResponse } from '@fanmission/contracts';
import { balance, forfeitWallet, walletAccount } from '@fanmission/ledger';
import { accessDenied, AppError, invalidFields } from '../http';
import { verifyPassword, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { removeMemberSubscriptions } from '../push';
import { ERASED_APPLICANT } from '../retention';

/*
 * Leaving the service (privacy text: membership data is not kept beyond what the law asks, payment and
 * contract records are). The account row stays so its id, under which the ledger, payments and refunds keep their
 * history, names nobody: every personal field is erased, the e-mail is freed (a new sign-up may use it), social
 * logins, verification and reset codes, notifications and event delivery details are deleted. Coins left in the
 * wallet are forfeited by a balanced ledger transaction, only when the member agreed after seeing the refunds.
 */

const OPEN_STATUSES = ['REQUESTED', 'ACCEPTED', 'TRANSCODING'] as const;

/** A display name that names nobody, e.g. `deleted-3f9a1c2b`. */
const anonymousName = () => `deleted-${randomBytes(4).toString('hex')}`;

export async function deleteAccount(
  ctx: ServiceContext,
  caller: Caller,
  request: AccountDeletionRequest,
): Promise<AccountDeletionResponse> {
  if (caller.creatorId !== null || !caller.roles.includes('ROLE_USER')) {
    throw new AppError(403, 'trust.deletion.creator', { code: 'ACCESS_DENIED' });
  }
  const now = ctx.now();
  return await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'password_hash', 'deleted_at'])
      .where('id', '=', caller.id)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.deleted_at) throw accessDenied();
    if (user.password_hash) {
      if (!request.password) throw invalidFields([{ field: 'password', key: 'trust.deletion.passwordRequired' }]);
      if (!(await verifyPassword(user.password_hash, request.password))) {
        throw invalidFields([{ field: 'password', key: 'trust.deletion.passwordMismatch' }]);
      }
    }
    const open = await trx
      .selectFrom('missions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', caller.id)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirstOrThrow();
    if (Number(open.count) > 0) {
      throw new AppError(409, 'trust.deletion.openMissions', { code: 'CONFLICT', params: { count: open.count } });
    }
    const wallet = await balance(trx, walletAccount(caller.id));
    if (wallet.balance > 0 && request.forfeitCoins !== true) {
      throw invalidFields([
        {
          field: 'forfeitCoins',
          key: 'trust.deletion.forfeitRequired',
          params: { coins: wallet.balance },
          rejectedValue: request.forfeitCoins ?? null,
        },
      ]);
    }
    let forfeitedCoins = 0;
    if (wallet.balance > 0) {
      const entry = await forfeitWallet(trx, {
        userId: caller.id,
        idempotencyKey: `account-deletion:${caller.id}`,
        now,
      });
      forfeitedCoins = entry.postings.find((posting) => posting.account === walletAccount(caller.id))?.amount ?? 0;
      forfeitedCoins = Math.abs(forfeitedCoins);
    }
    await trx
      .updateTable('users')
      .set({
        email: null,
        username: anonymousName(),
        // A local account must keep a hash (a table check); this one matches no password.
        ...(user.password_hash && { password_hash: `!deleted:${randomBytes(16).toString('hex')}` }),
        phone: null,
        address: null,
        address_detail: null,
        birth_date: null,
        image_file_id: null,
        email_verified_at: null,
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', caller.id)
      .execute();
    await trx.deleteFrom('user_identities').where('user_id', '=', caller.id).execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', caller.id).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', caller.id).execute();
    await trx.deleteFrom('notifications').where('user_id', '=', caller.id).execute();
    await removeMemberSubscriptions(trx, caller.id);
    await trx
      .updateTable('event_applications')
      .set({ ...ERASED_APPLICANT, address: null, address_detail: null })
      .where('user_id', '=', caller.id)
      .execute();
    return { id: caller.id, deletedAt: now.toISOString(), forfeitedCoins };
  });
}
