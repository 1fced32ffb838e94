import { afterAll, beforeAll } from 'vitest';
import { createSmtpMailer } from '@fanmission/services/mail';
import { createTestApp, type TestApp } from './app';
import { startSmtpServer, type SmtpTestServer } from './smtp';

export interface MailingTestApp extends TestApp {
  smtp: SmtpTestServer;
}

/**
 * The real API sending its mail through nodemailer to a real SMTP listener, with a clock the test controls
 * (`clock.now = …` moves time for verification and reset-link expiry).
 */
export function useMailingTestApp(clock: { now: Date }): { readonly current: MailingTestApp } {
  let current: MailingTestApp | undefined;
  beforeAll(async () => {
    const smtp = await startSmtpServer();
    const testApp = await createTestApp({
      mailer: createSmtpMailer({ smtpUrl: smtp.url, from: 'Fanmission <no-reply@fanmission.local>' }),
      now: () => clock.now,
    });
    current = { ...testApp, smtp };
  });
  afterAll(async () => {
    await current?.app.close();
    await current?.database.drop();
    await current?.smtp.stop();
  });
  return {
    get current() {
      if (!current) throw new Error('useMailingTestApp(): the app exists only inside tests and hooks');
      return current;
    },
  };
}
