// The landing page's JavaScript budget (at most 150 KB gzipped, thanks to route-level code splitting) and
// its first contentful paint, in a real headless Chromium against the served build.
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';

const BUDGET_BYTES = 150 * 1024;

describe('landing page budget', () => {
  const served = useServedApp();
  const browser = useBrowser();

  test('loads at most 150 KB of gzipped JavaScript; first contentful paint is reported', async () => {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 6 }).length);
    });
    await page.goto(`${served.baseUrl}/`, { waitUntil: 'networkidle' });
    await page
      .getByRole('heading', { level: 1, name: resources.ko.translation.landing.headline })
      .waitFor({ state: 'visible' });
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(
      `[landing] ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzipped JavaScript; ` +
        `first contentful paint ${paint.toFixed(0)} ms`,
    );
    for (const [path, size] of scripts) console.log(`  ${path}: ${(size / 1024).toFixed(1)} KB`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(paint).toBeGreaterThan(0);
    // The component library and the pages' code stay out of the landing page.
    expect([...scripts.keys()].some((path) => /\/assets\/mui-/.test(path))).toBe(false);
  });
});
