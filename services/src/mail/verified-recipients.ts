import type { DbExecutor } from '../db';
import { countMail } from '../metrics';
import type { MailKind, Mailer } from './mailer';

/**
 * The only mails an address nobody confirmed may get: the sign-up's verification link (how it gets confirmed), a
 * password reset (its holder asked for it and proves the address by using it) and an operator's invitation of a
 * console account, which is a password-setting link like a reset (services/src/console/staff.ts).
 */
export const MAIL_KINDS_TO_UNVERIFIED: readonly MailKind[] = ['verification', 'password_reset', 'staff_invitation'];

const GUARDED = Symbol('verifiedRecipientsOnly');

/**
 * The platform's one rule on who is mailed: every mail but those of `MAIL_KINDS_TO_UNVERIFIED` goes only to the
 * address of an account whose holder confirmed it (`users.email_verified_at`); any other mail is dropped, counted as
 * `fanmission_mails_total{outcome="withheld"}`. Every process wraps its mailer once (the API's `buildApp`, the
 * runtime's consumers and worker); wrapping a wrapped mailer gives it back unchanged.
 */
export function verifiedRecipientsOnly(mailer: Mailer, db: DbExecutor): Mailer {
  if ((mailer as { [GUARDED]?: true })[GUARDED]) return mailer;
  const guarded: Mailer & { [GUARDED]: true } = {
    [GUARDED]: true,
    async send(mail) {
      if (!MAIL_KINDS_TO_UNVERIFIED.includes(mail.kind ?? 'other')) {
        const owner = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', mail.to)
          .where('email_verified_at', 'is not', null)
          .executeTakeFirst();
        if (!owner) {
          countMail(mail.kind ?? 'other', 'withheld');
          return;
        }
      }
      await mailer.send(mail);
    },
    close: () => mailer.close(),
  };
  // The dev mailbox's pages (list, get) stay reachable through the wrapped mailer.
  return Object.assign(Object.create(mailer) as Mailer, guarded);
}
