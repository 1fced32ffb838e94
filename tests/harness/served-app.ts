// The real API listening on a loopback port, on a database of its own, serving the built web app at `/` and the
// operator console at `/admin/` (buildApp's default static folders), for browser tests:
//
//   const served = useServedApp();
//   test('...', async () => { await page.goto(`${served.baseUrl}/`); });
//
// The e2e project's globalSetup builds the apps (scripts/build-apps.ts) before any file runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_STATIC_APPS, type AppDependencies } from '@fanmission/services/app';
import { createTestApp, testConfig, type TestApp } from './app';
import { freePort } from '@fanmission/services/runtime/free-port';

export interface ServedApp {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly baseUrl: string;
  readonly testApp: TestApp;
}

export function useServedApp(options: Partial<Omit<AppDependencies, 'db'>> = {}): ServedApp {
  let testApp: TestApp | undefined;
  let baseUrl: string | undefined;

  beforeAll(async () => {
    const staticApps = options.staticApps ?? DEFAULT_STATIC_APPS;
    for (const dist of [staticApps.webDist, staticApps.adminDist]) {
      if (!existsSync(path.join(dist, 'index.html'))) {
        throw new Error(
          `${dist}/index.html is missing: build the apps first (node --import tsx scripts/build-apps.ts)`,
        );
      }
    }
    // The port is chosen before the app is built so that PUBLIC_URL (links in mails, OpenAPI servers) is this server.
    const port = await freePort();
    const config = options.config ?? testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    testApp = await createTestApp({ ...options, config });
    try {
      await testApp.app.listen({ host: '127.0.0.1', port });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      await testApp.app.listen({ host: '127.0.0.1', port: 0 }); // lost the race for the port: any port will do
    }
    const address = testApp.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the served app has no TCP address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await testApp?.app.close();
    await testApp?.database.drop();
    testApp = undefined;
  });

  const current = () => {
    if (!testApp || !baseUrl) throw new Error('useServedApp(): the app is served only inside tests and hooks');
    return { testApp, baseUrl };
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get testApp() {
      return current().testApp;
    },
  };
}
