// Largest Contentful Paint of the web app's screens in headless Chromium, against the demo data (landing,
// creator search and a creator page ≤ 2.5 s on a phone; creator page and mission detail ≤ 1.0 s headless):
//   node --import tsx tests/bench/web-lcp.ts
// The built web app (web/dist, built first when its sources changed) is served by the real API on a scratch
// embedded PostgreSQL with `npm run db:seed`'s demo data. Each page is loaded BENCH_ROUNDS times (default 3) in a
// fresh browser context (cold cache), the median printed:
// - "phone": Chromium DevTools' "Slow 4G" network profile (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) and
//   4× CPU slowdown, set through the DevTools protocol (Network.emulateNetworkConditions,
//   Emulation.setCPUThrottlingRate);
// - "headless": no throttling.
// The baseline of each profile is a static page of the same server with one heading and no script
// (`/bench/static`), measured in the same run: what the network and the browser cost before any of our code runs.
// BENCH_TRACE=1 also prints, for the last load of each page, its waterfall: every request with its start and end
// (ms since navigation), bytes on the wire, and the paints (FCP, LCP), to see the critical path. BENCH_ONLY=landing,
// mission measures only the pages whose name contains one of the words.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildApp } from '@fanmission/services/app';
import { createDb, ensureDatabase, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { createDevMailbox } from '@fanmission/services/mail';
import { EVENT_CONSUMERS, freePort } from '@fanmission/services/runtime';
import { seedDemoData } from '@fanmission/services/seed';
import { ensureAppsBuilt } from '../../scripts/build-apps';
import { launchBrowser } from '../harness/browser';
import { benchConfig } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TRACE = process.env.BENCH_TRACE === '1';
/** BENCH_ONLY=landing,mission: only the pages whose name contains one of these (the baselines always run). */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];

/** Chromium DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts). */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;

interface Profile {
  name: 'phone' | 'headless';
  throttled: boolean;
}
const PHONE: Profile = { name: 'phone', throttled: true };
const HEADLESS: Profile = { name: 'headless', throttled: false };

interface Measurement {
  lcp: number;
  element: string;
  transferKb: number;
  /** The waterfall, when BENCH_TRACE=1. */
  trace: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(browser: Browser, url: string, profile: Profile, isMobile: boolean): Promise<Measurement> {
  const context = await browser.newContext({
    viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    deviceScaleFactor: isMobile ? 3 : 1,
    isMobile,
    hasTouch: isMobile,
  });
  try {
    await context.addInitScript(() => {
      const state = { lcp: 0, element: '' };
      (window as unknown as { __lcp: typeof state }).__lcp = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          state.lcp = entry.startTime;
          const element = entry.element;
          state.element = element
            ? `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`
            : '(removed)';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let transferred = 0;
    const requests = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
    let navigationStart = 0;
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string }; timestamp: number }) => {
      if (navigationStart === 0) navigationStart = event.timestamp;
      requests.set(event.requestId, { url: event.request.url, start: event.timestamp });
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      transferred += event.encodedDataLength;
      const request = requests.get(event.requestId);
      if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
    });
    if (profile.throttled) {
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // LCP entries stop once the page is idle; a short pause lets the last paint be reported.
    await page.waitForTimeout(300);
    const { lcp, element } = await page.evaluate(
      () => (window as unknown as { __lcp: { lcp: number; element: string } }).__lcp,
    );
    const trace: string[] = [];
    if (TRACE) {
      const paints = await page.evaluate(() =>
        performance.getEntriesByType('paint').map((entry) => `${entry.name} ${entry.startTime.toFixed(0)}`),
      );
      for (const request of [...requests.values()].sort((a, b) => a.start - b.start)) {
        const ms = (time: number | undefined) =>
          time === undefined ? '     …' : ((time - navigationStart) * 1000).toFixed(0).padStart(6);
        const name = request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
        trace.push(
          `  ${ms(request.start)} → ${ms(request.end)}  ${((request.bytes ?? 0) / 1024).toFixed(1).padStart(6)} KB  ${name}`,
        );
      }
      trace.push(`  paints: ${paints.join(', ')}, largest-contentful-paint ${lcp.toFixed(0)} (${element})`);
    }
    return { lcp, element, transferKb: transferred / 1024, trace };
  } finally {
    await context.close();
  }
}

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-web-lcp-'));
await fs.chmod(scratch, 0o755);
await ensureAppsBuilt({ log: (line) => console.log(line) });
const postgres = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort() });
let browser: Browser | undefined;
try {
  await ensureDatabase(postgres.url, 'web_lcp');
  const db = createDb(postgres.urlFor('web_lcp'), { max: 10 });
  await migrateToLatest(db);
  const config = await benchConfig(scratch);
  const app = await buildApp({
    config,
    db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    eventConsumers: EVENT_CONSUMERS,
  });
  app.get('/bench/static', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
          '<title>baseline</title></head><body><h1>팬미션: 좋아하는 크리에이터에게 미션을 요청하세요</h1></body></html>',
      ),
  );
  await app.ready();
  await seedDemoData(app.ctx);
  await app.listen({ host: '127.0.0.1', port: config.PORT });
  const base = `http://127.0.0.1:${config.PORT}`;

  const creator = await db
    .selectFrom('creators')
    .innerJoin('users', 'users.id', 'creators.user_id')
    .select(['creators.id'])
    .where('users.email', '=', 'creator@fanmission.local')
    .executeTakeFirstOrThrow();
  const mission = await db
    .selectFrom('missions')
    .select('id')
    .where('status', '=', 'COMPLETED')
    .where('is_private', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  const targets: { name: string; path: string; profile: Profile; goal: number }[] = [
    { name: 'baseline (static page)', path: '/bench/static', profile: PHONE, goal: 0 },
    { name: 'landing', path: '/', profile: PHONE, goal: 2500 },
    { name: 'creator search', path: '/creator-search', profile: PHONE, goal: 2500 },
    { name: 'creator page', path: `/creator/${creator.id}`, profile: PHONE, goal: 2500 },
    { name: 'baseline (static page)', path: '/bench/static', profile: HEADLESS, goal: 0 },
    { name: 'creator page', path: `/creator/${creator.id}`, profile: HEADLESS, goal: 1000 },
    { name: 'mission detail', path: `/mission-detail/${mission.id}`, profile: HEADLESS, goal: 1000 },
  ];

  browser = await launchBrowser();
  console.log(`LCP, median of ${ROUNDS} cold loads (phone: Slow 4G + ${CPU_SLOWDOWN}× CPU at 390 px; headless: none)`);
  console.log('profile   page                     LCP ms   baseline   goal     transfer  LCP element');
  const baselines = new Map<string, number>();
  for (const target of targets) {
    if (target.goal !== 0 && ONLY.length > 0 && !ONLY.some((name) => target.name.includes(name))) continue;
    const rounds: Measurement[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push(await measure(browser, `${base}${target.path}`, target.profile, target.profile.throttled));
    }
    const lcp = median(rounds.map((round) => round.lcp));
    const transfer = median(rounds.map((round) => round.transferKb));
    if (target.goal === 0) baselines.set(target.profile.name, lcp);
    const baseline = baselines.get(target.profile.name) ?? Number.NaN;
    const verdict = target.goal === 0 ? '' : lcp <= target.goal ? 'ok' : 'OVER';
    console.log(
      `${target.profile.name.padEnd(9)} ${target.name.padEnd(24)} ${lcp.toFixed(0).padStart(6)}   ` +
        `${baseline.toFixed(0).padStart(8)}   ${(target.goal ? `≤ ${target.goal}` : '—').padEnd(7)}  ` +
        `${transfer.toFixed(0).padStart(5)} KB  ${rounds.at(-1)!.element} ${verdict}`,
    );
    for (const line of rounds.at(-1)!.trace) console.log(line);
  }
  await app.close();
  await db.destroy();
} finally {
  await browser?.close();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}
