import { buildApp } from '../app';
import type { AppConfig } from '../config/config';
import { createDevMailbox, createSmtpMailer, type DevMailbox, type Mailer } from '../mail/mailer';
import { ensureOperatorAccount } from '../users/service';
import { openDatabase } from './database';
import { runsApi, type ProcessRole } from './roles';

export interface RunningFanmission {
  urls: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts what the role needs, in dependency order, and returns one `stop` that shuts it all down in reverse order.
 * A failure part-way stops whatever had already started.
 */
export async function startFanmission(options: {
  config: AppConfig;
  role: ProcessRole;
  log: (line: string) => void;
}): Promise<RunningFanmission> {
  const { config, role, log } = options;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopOne of stops.reverse().splice(0)) {
      await stopOne().catch((error: unknown) => log(`while stopping: ${String(error)}`));
    }
  };
  const urls: Record<string, string> = {};
  try {
    const database = await openDatabase(config, { migrate: runsApi(role), log });
    stops.push(database.stop);

    let devMailbox: DevMailbox | undefined;
    let mailer: Mailer;
    if (config.SMTP_URL) {
      mailer = createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
    } else {
      devMailbox = createDevMailbox({ from: config.MAIL_FROM });
      mailer = devMailbox;
    }
    stops.push(() => mailer.close());

    if (runsApi(role)) {
      const app = await buildApp({ config, db: database.db, mailer, ...(devMailbox && { devMailbox }) });
      await ensureOperatorAccount(app.ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      await app.listen({ host: config.HOST, port: config.PORT });
      stops.push(() => app.close());
      const base = `http://localhost:${config.PORT}`;
      Object.assign(urls, {
        web: `${base}/`,
        admin: `${base}/admin/`,
        api: `${base}/api/v1`,
        docs: `${base}/api/docs`,
        health: `${base}/api/v1/health`,
        ...(devMailbox && { mailbox: `${base}/dev/mail` }),
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  if (Object.keys(urls).length) {
    log('ready:');
    for (const [name, url] of Object.entries(urls)) log(`  ${name.padEnd(10)} ${url}`);
  }
  return { urls, stop };
}
