// Browser smoke test: the real API serves the built web app and operator console to a real Chromium.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';

const ko = resources.ko.translation;
const en = resources.en.translation;

/** Uncaught exceptions in the page: a smoke test fails on any of them. */
function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

describe('browser smoke', () => {
  const served = useServedApp();
  const browser = useBrowser();

  test('the landing page speaks Korean by default', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto(`${served.baseUrl}/`);
    expect(response?.status()).toBe(200);

    const headline = page.getByRole('heading', { level: 1 });
    await headline.waitFor({ state: 'visible' });
    expect(await headline.textContent()).toBe(ko.landing.headline);
    await page.getByText(ko.landing.subHeadline).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: ko.landing.start }).waitFor({ state: 'visible' });
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    await screenshot(page, 'web-landing-ko.png');
    expect(errors).toEqual([]);
  });

  test('the landing page speaks English with ?lang=en', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${served.baseUrl}/?lang=en`);

    const headline = page.getByRole('heading', { level: 1 });
    await headline.waitFor({ state: 'visible' });
    expect(await headline.textContent()).toBe(en.landing.headline);
    await page.getByRole('link', { name: en.landing.start }).waitFor({ state: 'visible' });
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await screenshot(page, 'web-landing-en.png');
    expect(errors).toEqual([]);
  });

  test('the language stored in localStorage is used without a query parameter', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
    await page.goto(`${served.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: en.landing.headline }).waitFor({ state: 'visible' });
  });

  test('a client-side route survives a reload (SPA fallback) and shows the 404 page with HOME', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto(`${served.baseUrl}/some/unknown/page`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { name: ko.notFound.title }).waitFor({ state: 'visible' });

    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await page.getByRole('heading', { name: ko.notFound.title }).waitFor({ state: 'visible' });
    const home = page.getByRole('link', { name: ko.notFound.home });
    await home.waitFor({ state: 'visible' });
    await screenshot(page, 'web-not-found.png');

    await home.click();
    await page.getByRole('heading', { level: 1, name: ko.landing.headline }).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
  });

  test('the operator console asks for a login first', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto(`${served.baseUrl}/admin/`);
    expect(response?.status()).toBe(200);
    await page.getByRole('button', { name: '로그인' }).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await screenshot(page, 'admin-login.png');
    expect(errors).toEqual([]);
  });

  test('an unknown API path answers a JSON 404 to the browser, never the SPA page', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto(`${served.baseUrl}/`);
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/v1/nothing');
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    });
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as { status: number; code?: string; message: string };
    expect(body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(body.message).toContain('/api/v1/nothing');
  });
});
