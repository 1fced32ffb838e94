// vitest globalSetup for the `e2e` project: once per run, make sure Chromium is installed and the web and admin apps
// are built (Vite, only when their sources changed), then start one Chromium for every browser file of the run.
// A file connects to it (./browser.ts, `launchBrowser`) and works in browser contexts of its own: starting Chromium
// for each file cost more CPU than most files' own pages.
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';
import { ensureAppsBuilt } from '../../scripts/build-apps';
import { ensureChromium } from '../../scripts/infra/chromium';
import { CHROMIUM_ARGS } from './browser-options';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, for `chromium.connect()`. */
    chromiumWsEndpoint: string;
  }
}

let server: BrowserServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const log = (line: string) => console.log(`[e2e] ${line}`);
  const [executablePath] = await Promise.all([ensureChromium({ log }), ensureAppsBuilt({ log })]);
  server = await chromium.launchServer({ executablePath, args: [...CHROMIUM_ARGS], timeout: 60_000 });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  if (process.env.FANMISSION_TEST_TIMINGS) {
    log(`chromium (${executablePath}) started and built apps ready in ${Math.round(performance.now() - started)} ms`);
  }
  return async () => {
    await server?.close();
    server = undefined;
  };
}
