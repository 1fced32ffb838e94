// Outgoing mail: SMTP through nodemailer when SMTP_URL is configured, else (development only) an in-memory
// mailbox whose contents the /dev/mail pages show, so sign-up and password-reset links can be followed locally.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { countMail } from '../metrics';

/** What a mail is for: the label it is counted under (`fanmission_mails_total`); 'other' when unsaid. */
export type MailKind =
  | 'verification'
  | 'password_reset'
  | 'coin_expiry_warning'
  | 'creator_review'
  | 'payout_account_changed'
  | 'bank_deposit_instructions'
  | 'staff_invitation'
  | 'terms_notice'
  | 'notification'
  | 'other';

export interface OutgoingMail {
  kind?: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The mail's Message-ID, when one thing must always make the same mail (an event's notification to one member):
   * sent again after a failure, it is recognisably the same mail to the receiving server and to the member's client.
   */
  messageId?: string;
  /**
   * Where a POST turns this kind of mail off for the recipient: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** What an outbox consumer that mails needs: the process's mailer, and the web app's origin for the mail's links. */
export interface MailDependencies {
  mailer: Mailer;
  publicUrl: string;
}

export interface StoredMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** ISO 8601 */
  sentAt: string;
}

export type DevMailbox = Mailer & {
  /** Newest first. */
  list(): StoredMail[];
  get(id: string): StoredMail | undefined;
};

/**
 * Sends through the SMTP server named by a URL: `smtp://[user:pass@]host:port` (STARTTLS when the server offers
 * it) or `smtps://...` (TLS from the start). Query options are passed to nodemailer; connections are pooled and
 * reused (`pool=true`) unless the URL says `pool=false`: a mail consumer sends one mail after another, and a new
 * connection, greeting and TLS handshake for each one made it the slowest consumer.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(pooled(options.smtpUrl));
  return {
    async send(mail) {
      await counted(mail, () =>
        transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html === undefined ? {} : { html: mail.html }),
          ...(mail.messageId === undefined ? {} : { messageId: mail.messageId }),
          ...(mail.unsubscribeUrl === undefined
            ? {}
            : {
                headers: {
                  'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }),
        }),
      );
    },
    async close() {
      transport.close();
    },
  };
}

/** The SMTP URL with `pool=true` unless it sets `pool` itself. */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/**
 * The Message-ID of the mail an event gives (one recipient's, when it mails several): the same whenever the event is
 * applied again. `<kind.eventId[.recipientId]@host>`, host that of the web app (PUBLIC_URL).
 */
export function eventMessageId(kind: MailKind, eventId: string, publicUrl: string, recipientId?: number): string {
  let host = 'fanmission.local';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // No public URL (a test's consumer): the default host.
  }
  return `<${kind}.${eventId}${recipientId === undefined ? '' : `.${recipientId}`}@${host}>`;
}

/** Sends and counts the mail as sent or failed, by kind; a failure is thrown on to the caller. */
async function counted(mail: OutgoingMail, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    countMail(mail.kind ?? 'other', 'failed');
    throw error;
  }
  countMail(mail.kind ?? 'other', 'sent');
}

export const DEV_MAILBOX_DEFAULT_LIMIT = 200;

/** Keeps the last `limit` (default 200) mails in memory, newest first; nothing leaves the process. */
export function createDevMailbox(options: { from: string; limit?: number }): DevMailbox {
  const limit = Math.max(1, options.limit ?? DEV_MAILBOX_DEFAULT_LIMIT);
  let mails: StoredMail[] = [];
  return {
    async send(mail) {
      const stored: StoredMail = {
        id: randomUUID(),
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        sentAt: new Date().toISOString(),
      };
      await counted(mail, async () => {
        mails = [stored, ...mails].slice(0, limit);
      });
    },
    async close() {},
    list() {
      return mails.map((mail) => ({ ...mail }));
    },
    get(id) {
      const mail = mails.find((candidate) => candidate.id === id);
      return mail && { ...mail };
    },
  };
}
