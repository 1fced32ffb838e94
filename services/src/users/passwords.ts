import { DEADLINES, type Role } from '@fanmission/contracts';
import { forgetAccountFailures, hashPassword, hashSecretToken, newSecretToken, verifyPassword } from '../auth';
import type { ServiceContext } from '../context';
import { AppError, invalidFields, notFound } from '../http';
import { passwordResetMail } from '../mail';
import { removeMemberSubscriptions } from '../push';
import * as repository from './repository';
import { sendMailSafely } from './service';

// Passwords and sessions: a reset by mailed code, a change by the member, and ending every session of a member.

/**
 * The web page where a mailed code sets a password (a reset, a staff invitation). The code travels in the fragment:
 * browsers never send a fragment to a server, so it reaches no request line, access log, trace or Referer; the page
 * sends it in the body of `PUT /users/user/forgot-password-reset`.
 */
export function passwordPageLink(publicUrl: string, code: string): string {
  return `${publicUrl}/password-reset#code=${encodeURIComponent(code)}`;
}

export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const user = await repository.findUserByEmail(ctx.db, email);
  // The client shows 'e-mail address does not match' for this answer, so it must differ from success.
  if (!user) throw notFound('auth.emailNotFound');
  if (!user.password_hash) throw new AppError(400, 'auth.socialAccountNoPassword', { code: 'SOCIAL_ACCOUNT' });
  const { token, hash } = newSecretToken();
  await repository.insertPasswordReset(ctx.db, {
    userId: user.id,
    codeHash: hash,
    expiresAt: new Date(ctx.now().getTime() + DEADLINES.passwordResetMinutes * 60_000),
  });
  const link = passwordPageLink(ctx.config.PUBLIC_URL, token);
  await sendMailSafely(ctx, passwordResetMail(user.language, user.email!, user.username, link));
}

export async function resetPassword(ctx: ServiceContext, code: string, password: string): Promise<{ id: number }> {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    const reset = await repository.consumePasswordReset(trx, hashSecretToken(code), ctx.now());
    if (!reset) throw notFound('auth.resetCodeInvalid');
    await repository.updateUser(trx, reset.user_id, { password_hash: passwordHash });
    // Whoever held the account's sessions or older codes is out.
    await repository.voidPasswordResets(trx, reset.user_id, ctx.now());
    await repository.bumpSessionVersion(trx, reset.user_id);
    // Browsers registered by those sessions (an intruder's among them) are told nothing more.
    await removeMemberSubscriptions(trx, reset.user_id);
    // The mailbox is proven: guesses others made at the account no longer make its owner wait.
    const user = await repository.findUserById(trx, reset.user_id);
    if (user?.email) await forgetAccountFailures(trx, user.email);
    return { id: reset.user_id };
  });
}

export async function changePassword(
  ctx: ServiceContext,
  userId: number,
  currentPassword: string,
  password: string,
): Promise<{ id: number; roles: Role[]; session_version: number }> {
  const user = await repository.findUserById(ctx.db, userId);
  if (!user) throw notFound();
  if (!user.password_hash) throw new AppError(400, 'auth.socialAccountNoPassword', { code: 'SOCIAL_ACCOUNT' });
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    throw invalidFields([{ field: 'currentPassword', key: 'auth.currentPasswordMismatch' }]);
  }
  const passwordHash = await hashPassword(password);
  // Every other session ends; the caller gets a fresh token at the new version.
  const sessionVersion = await ctx.db.transaction().execute(async (trx) => {
    await repository.updateUser(trx, userId, { password_hash: passwordHash });
    return repository.bumpSessionVersion(trx, userId);
  });
  return { id: userId, roles: user.roles, session_version: sessionVersion };
}

/** Logout: every session token of the member stops working, and no browser of his gets push messages. */
export async function revokeSessions(ctx: ServiceContext, userId: number): Promise<void> {
  await repository.bumpSessionVersion(ctx.db, userId);
  // The browsers' push subscriptions were registered by the sessions revoked: each registers again at its next login.
  await removeMemberSubscriptions(ctx.db, userId);
}
