import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '@fanmission/services/app';
import { loadConfig, type AppConfig } from '@fanmission/services/config';
import { createDevMailbox } from '@fanmission/services/mail';
import { generateVapidKeys, type VapidKeys } from '@fanmission/services/push';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';
import type { RateLimits } from '@fanmission/services/auth';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
}

/** Suites that are not about rate limiting should never meet one. */
export const GENEROUS_RATE_LIMITS: RateLimits = {
  login: { max: 10_000, timeWindow: '1 minute' },
  signUp: { max: 10_000, timeWindow: '1 minute' },
  passwordReset: { max: 10_000, timeWindow: '1 minute' },
  mail: { max: 10_000, timeWindow: '1 minute' },
};

/** The VAPID key pair of this test run: generated once per process, as no test needs it kept. */
let runVapidKeys: VapidKeys | undefined;
const vapidKeysOfRun = () => (runVapidKeys ??= generateVapidKeys());

/** What production requires of web push, with this run's key pair. */
export const productionPushKeys = () => ({
  WEB_PUSH_VAPID_PUBLIC_KEY: vapidKeysOfRun().publicKey,
  WEB_PUSH_VAPID_PRIVATE_KEY: vapidKeysOfRun().privateKey,
  WEB_PUSH_SUBJECT: 'mailto:admin@fanmission.local',
});

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    // Suites check the pipeline's lag right after moving it; the cache has its own test.
    HEALTH_CACHE_MS: '0',
    // Suites post many comments as one member at a fixed clock; the allowance has its own test.
    COMMENTS_PER_MEMBER_PER_MINUTE: '1000',
    COMMENTS_PER_MEMBER_PER_HOUR: '1000',
    // Suites list missions as a visitor right after changing them; the visitors' page cache has its own test.
    VISITOR_PAGE_CACHE_MS: '0',
    // An embedded server a suite starts archives no WAL; the backups have their own drill (tests/faults/restore-drill).
    BACKUP_ENABLED: 'false',
    // Web push with a key pair of this run; the local push service of tests/support/push-service.ts receives it.
    WEB_PUSH_VAPID_PUBLIC_KEY: vapidKeysOfRun().publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: vapidKeysOfRun().privateKey,
    ...overrides,
  });
}

/** Builds the real API on a database of its own, ready for `app.inject`. */
export async function createTestApp(options: Partial<Omit<AppDependencies, 'db'>> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = options.config ?? testConfig();
  const mailer = options.mailer ?? createDevMailbox({ from: config.MAIL_FROM });
  const app = await buildApp({
    logger: false,
    rateLimits: GENEROUS_RATE_LIMITS,
    eventConsumers: EVENT_CONSUMERS,
    ...options,
    mailer,
    config,
    db: database.db,
  });
  await app.ready();
  return { app, database, config };
}

/** One app (and database) for the whole test file. */
export function useTestApp(options: Partial<Omit<AppDependencies, 'db'>> = {}): { readonly current: TestApp } {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(options);
  });
  afterAll(async () => {
    await testApp?.app.close();
    await testApp?.database.drop();
  });
  return {
    get current() {
      if (!testApp) throw new Error('useTestApp(): the app exists only inside tests and hooks');
      return testApp;
    },
  };
}
