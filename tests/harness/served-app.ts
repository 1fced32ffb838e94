// The real API listening on a loopback port, on a database of its own, serving the built web app at `/` and the
// operator console at `/admin/` (buildApp's default static folders), for browser tests:
//
//   const served = useServedApp();
//   test('...', async () => { await page.goto(`${served.baseUrl}/`); });
//
// Without options it is the worker's shared app: the browser files of a run (one worker, vitest.config.ts) share one
// database and server, as members share a product; with options (`{ own: true }` at least) the file gets its own.
//
// The e2e project's globalSetup builds the apps (scripts/build-apps.ts) before any file runs.
//
// Without Temporal, mission actions answer 503. `useServedApp({ temporal: true })` runs the app with a Temporal test
// server of its own and a worker with the mission activities (./served-temporal), stopped after the file.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_STATIC_APPS, type AppDependencies } from '@fanmission/services/app';
import { createTestApp, testConfig, type TestApp } from './app';
import { freePort } from '@fanmission/services/runtime';
import { type MediaQueueRunner, startMediaQueue, storageDriverFor } from '@fanmission/services/files';
import type { TemporalAccess } from '@fanmission/services/context';
import { startServedTemporal, type ServedTemporal } from './served-temporal';

export interface ServedApp {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly baseUrl: string;
  readonly testApp: TestApp;
  /** With `temporal: true`: the app's own time-skipping test server (`env.sleep` moves its clock). */
  readonly temporal: ServedTemporal | undefined;
}

export type ServedAppOptions = Partial<Omit<AppDependencies, 'db' | 'temporal'>> & {
  /** `true`: a Temporal test server and a mission worker of the app's own (see ./served-temporal). */
  temporal?: TemporalAccess | true;
  /** Configuration beside the served PUBLIC_URL, read when the app starts (after the file's earlier hooks). */
  configOverrides?: () => Record<string, string>;
  /**
   * The host of PUBLIC_URL: 127.0.0.1 (where the app listens, `baseUrl`) unless told. `localhost` makes `baseUrl` an
   * address other than PUBLIC_URL, as when the product is opened at 127.0.0.1 with the default PUBLIC_URL.
   */
  publicHost?: string;
};

interface Serving {
  readonly testApp: TestApp;
  readonly baseUrl: string;
  readonly temporal: ServedTemporal | undefined;
  readonly mediaQueue: MediaQueueRunner;
}

/** The app every `useServedApp()` without options of this worker serves from (started by the first, never stopped). */
let sharedServing: Promise<Serving> | undefined;

/**
 * The served app of the file (or `describe`): with no options, the worker's shared app, which the browser files of a
 * run share (their data is their own: each test makes its members, products and missions; a file that needs an app
 * no other file touched, or one configured otherwise, passes options, `{ own: true }` at least).
 */
export function useServedApp(options: ServedAppOptions & { own?: true } = {}): ServedApp {
  const shared = Object.keys(options).length === 0;
  let serving: Serving | undefined;

  beforeAll(async () => {
    if (!shared) {
      serving = await serve(options);
      return;
    }
    sharedServing ??= serve({}).catch((error: unknown) => {
      sharedServing = undefined; // the next file tries again rather than failing on this start's error
      throw error;
    });
    serving = await sharedServing;
  });

  afterAll(async () => {
    const stopping = serving;
    serving = undefined;
    if (!shared && stopping) await stop(stopping);
  });

  const current = () => {
    if (!serving) throw new Error('useServedApp(): the app is served only inside tests and hooks');
    return serving;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get testApp() {
      return current().testApp;
    },
    get temporal() {
      return serving?.temporal;
    },
  };
}

async function serve(options: ServedAppOptions & { own?: true }): Promise<Serving> {
  const staticApps = options.staticApps ?? DEFAULT_STATIC_APPS;
  for (const dist of [staticApps.webDist, staticApps.adminDist]) {
    if (!existsSync(path.join(dist, 'index.html'))) {
      throw new Error(`${dist}/index.html is missing: build the apps first (node --import tsx scripts/build-apps.ts)`);
    }
  }
  // The port is chosen before the app is built so that PUBLIC_URL (links in mails, OpenAPI servers) is this server.
  const port = await freePort();
  const config =
    options.config ??
    testConfig({ ...options.configOverrides?.(), PUBLIC_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}` });
  const {
    temporal: temporalOption,
    configOverrides: _overrides,
    publicHost: _publicHost,
    own: _own,
    ...dependencies
  } = options;
  let temporal: ServedTemporal | undefined;
  let testApp: TestApp;
  if (temporalOption === true) {
    temporal = await startServedTemporal();
    testApp = await createTestApp({ ...dependencies, config, temporal: temporal.access });
    await temporal.startWorker(testApp.app.db, testApp.config);
  } else {
    testApp = await createTestApp({ ...dependencies, config, ...(temporalOption && { temporal: temporalOption }) });
  }
  try {
    await testApp.app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await testApp.app.listen({ host: '127.0.0.1', port: 0 }); // lost the race for the port: any port will do
  }
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the served app has no TCP address');
  // Video and audio details are taken in the background, as the started app does (runtime/start.ts).
  const mediaQueue = startMediaQueue({ ctx: testApp.app.ctx, storage: storageDriverFor(testApp.config), pollMs: 500 });
  return { testApp, baseUrl: `http://127.0.0.1:${address.port}`, temporal, mediaQueue };
}

async function stop({ testApp, temporal, mediaQueue }: Serving): Promise<void> {
  try {
    await mediaQueue.stop();
    await testApp.app.close();
    await temporal?.stop(); // before the database goes: the worker's activities use it
  } finally {
    await testApp.database.drop();
  }
}
