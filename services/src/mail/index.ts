// The public surface of `mail`: mailers and mail templates. Other modules import only this file.
export { devMailboxRoutes } from './dev-mailbox-routes';
export {
  createDevMailbox,
  createSmtpMailer,
  eventMessageId,
  type DevMailbox,
  type MailDependencies,
  type Mailer,
  type OutgoingMail,
} from './mailer';
export { passwordResetMail, renderMail, verificationMail, type MailCopy } from './templates';
export { MAIL_KINDS_TO_UNVERIFIED, verifiedRecipientsOnly } from './verified-recipients';
