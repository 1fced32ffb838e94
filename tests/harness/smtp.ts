// A real SMTP listener for tests: whatever the services send through nodemailer lands here, parsed.
//
//   const smtp = await startSmtpServer();          // SMTP_URL = smtp.url
//   const mail = await smtp.awaitMail('fan@example.com', { subject: /verify/i });
//   const link = mail.text.match(/https?:\/\/\S+/)?.[0];
//   await smtp.stop();
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface ReceivedMail {
  /** The From header's address (the envelope sender when the header has none). */
  from: string;
  /** Envelope recipients (To, Cc and Bcc alike), lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, '' when the mail has none. */
  messageId: string;
  raw: string;
}

export interface AwaitMailOptions {
  /** Default 10 s. */
  timeoutMs?: number;
  subject?: RegExp;
}

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The first mail to this address (case-insensitive) matching the options, received before or after the call. */
  awaitMail(to: string, options?: AwaitMailOptions): Promise<ReceivedMail>;
  /** Every mail received so far, oldest first. */
  mails(): ReceivedMail[];
  stop(): Promise<void>;
}

interface Waiter {
  matches(mail: ReceivedMail): boolean;
  resolve(mail: ReceivedMail): void;
  reject(error: Error): void;
}

/** Socket errors that mean the sending side went away. */
const SENDER_DROPPED = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export async function startSmtpServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();
  let stopped = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // An SMTP_URL with credentials works too: any user and password are accepted in clear text.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    logger: false,
    closeTimeout: 1_000,
    size: 25 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        PostalMime.parse(raw).then(
          (parsed) => {
            const mail: ReceivedMail = {
              from: parsed.from?.address ?? envelopeFrom,
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              messageId: parsed.messageId ?? '',
              raw: raw.toString('utf8'),
            };
            received.push(mail);
            for (const waiter of waiters) {
              if (waiter.matches(mail)) waiter.resolve(mail);
            }
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });

  // A sender that drops its connection mid-mail (a killed worker, a transport closed at teardown) delivers nothing,
  // and a test waiting for that mail fails on its own wait; the reset itself is no error of the test's.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (!SENDER_DROPPED.has(error.code ?? '')) throw error;
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (address === null || typeof address === 'string') reject(new Error('SMTP server has no TCP address'));
      else resolve(address.port);
    });
  });

  const awaitMail = (to: string, options: AwaitMailOptions = {}): Promise<ReceivedMail> => {
    const address = to.toLowerCase();
    const timeoutMs = options.timeoutMs ?? 10_000;
    const matches = (mail: ReceivedMail) =>
      mail.to.includes(address) && (options.subject === undefined || options.subject.test(mail.subject));
    const already = received.find(matches);
    if (already) return Promise.resolve(already);
    if (stopped) return Promise.reject(new Error(`SMTP test server is stopped; no mail to ${to} will arrive`));

    return new Promise<ReceivedMail>((resolve, reject) => {
      const waiter: Waiter = {
        matches,
        resolve: (mail) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        },
        reject: (error) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const seen = received.map((mail) => `${mail.to.join(',')}: "${mail.subject}"`).join('; ') || 'none';
        const subject = options.subject ? ` with a subject matching ${String(options.subject)}` : '';
        waiter.reject(new Error(`No mail to ${to}${subject} arrived within ${timeoutMs} ms (received: ${seen})`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  };

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      stopped = true;
      for (const waiter of waiters) waiter.reject(new Error('SMTP test server stopped while waiting for mail'));
      server.close(() => resolve());
    });
    return stopping;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    awaitMail,
    mails: () => [...received],
    stop,
  };
}
