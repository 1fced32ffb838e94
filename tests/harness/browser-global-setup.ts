// vitest globalSetup for the `e2e` project: once per run, make sure Chromium is installed and the web and admin apps
// are built (Vite, only when their sources changed), so that test files only launch a browser and serve the app.
import { ensureAppsBuilt } from '../../scripts/build-apps';
import { ensureChromium } from '../../scripts/infra/chromium';

export default async function setup(): Promise<void> {
  const started = performance.now();
  const log = (line: string) => console.log(`[e2e] ${line}`);
  const [chromium] = await Promise.all([ensureChromium({ log }), ensureAppsBuilt({ log })]);
  if (process.env.FANMISSION_TEST_TIMINGS) {
    log(`chromium (${chromium}) and built apps ready in ${Math.round(performance.now() - started)} ms`);
  }
}
