import { identityNameHmac } from '../creators';
import type { AppConfig } from '../config';
import type { ServiceContext } from '../context';
import { createDb, pendingMigrations } from '../db';
import { createDevMailbox } from '../mail';
import { ensureOperatorAccount } from '../users';
import { generateWorld, WORLD_DB_OPTIONS, type WorldOptions, type WorldReport } from '../world';
import { EVENT_CONSUMERS } from './consumers';
import { openDatabase } from './database';
import { seedDemoWorldOnce } from './demo-seed';

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
 * on a migrated database: the demo world into an empty one, else the demo accounts it lacks (services/src/seed).
 * Never in production; rows that already exist are left alone. Returns the demo accounts it created.
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
    const { created } = await seedDemoWorldOnce(ctx, log);
    await ensureOperatorAccount(ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    await mailer.close();
    return created;
  } finally {
    await database.stop();
  }
}

/**
 * `npm run world -- --size S`: a generated marketplace (services/src/world) in DATABASE_URL (or the embedded database
 * under DATA_DIR), migrated first; the database must hold no users yet. Never in production.
 */
export async function buildWorld(
  config: AppConfig,
  options: Omit<WorldOptions, 'consumers' | 'log' | 'nameHmac'>,
  log: (line: string) => void,
): Promise<WorldReport> {
  if (config.isProduction) throw new Error('the world generator is refused with NODE_ENV=production');
  const database = await openDatabase(config, { migrate: true, log });
  const db = createDb(database.url, WORLD_DB_OPTIONS);
  try {
    return await generateWorld(db, {
      ...options,
      consumers: EVENT_CONSUMERS.map((consumer) => consumer.name),
      outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
      nameHmac: (name) => identityNameHmac(config, name),
      log,
    });
  } finally {
    await db.destroy();
    await database.stop();
  }
}
