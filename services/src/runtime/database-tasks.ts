import type { AppConfig } from '../config';
import type { ServiceContext } from '../context';
import { pendingMigrations } from '../db';
import { createDevMailbox } from '../mail';
import { seedDemoData } from '../seed';
import { ensureOperatorAccount } from '../users';
import { openDatabase } from './database';

/**
 * `npm run db:migrate`: brings the schema of DATABASE_URL (or of the embedded database under DATA_DIR) up to date
 * and returns the migrations it applied.
 */
export async function migrateDatabase(config: AppConfig, log: (line: string) => void): Promise<string[]> {
  const applied: string[] = [];
  const database = await openDatabase(config, {
    migrate: true,
    log: (line) => {
      const names = /^applied migrations: (.*)$/.exec(line)?.[1];
      if (names) applied.push(...names.split(', '));
      else log(line);
    },
  });
  await database.stop();
  return applied;
}

/**
 * `npm run db:seed`: the operator account (ADMIN_EMAIL / ADMIN_PASSWORD) and the demo data `npm start` seeds,
 * on a migrated database. Never in production; rows that already exist are left alone (`seedDemoData`). Returns
 * the demo accounts it created.
 */
export async function seedDatabase(config: AppConfig, log: (line: string) => void): Promise<string[]> {
  if (config.isProduction) throw new Error('db:seed writes demo accounts and is refused with NODE_ENV=production');
  const database = await openDatabase(config, { migrate: false, log });
  try {
    const pending = await pendingMigrations(database.db);
    if (pending.length > 0) {
      throw new Error(`the schema is not up to date (pending: ${pending.join(', ')}); run npm run db:migrate first`);
    }
    const mailer = createDevMailbox({ from: config.MAIL_FROM });
    const ctx: ServiceContext = {
      db: database.db,
      config,
      mailer,
      now: () => new Date(),
      log: {
        warn: (object, message) => log(`${message} ${JSON.stringify(object)}`),
        error: (object, message) => log(`${message} ${JSON.stringify(object)}`),
      },
    };
    await ensureOperatorAccount(ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const created = await seedDemoData(ctx);
    await mailer.close();
    return created;
  } finally {
    await database.stop();
  }
}
