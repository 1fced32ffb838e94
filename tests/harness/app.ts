import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '@fanmission/services/app';
import { loadConfig, type AppConfig } from '@fanmission/services/config/config';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:8080', ...overrides });
}

/** Builds the real API on a database of its own, ready for `app.inject`. */
export async function createTestApp(options: Partial<Omit<AppDependencies, 'db'>> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = options.config ?? testConfig();
  const app = await buildApp({ logger: false, ...options, config, db: database.db });
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
