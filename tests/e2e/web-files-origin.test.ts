// The product opened at another address than PUBLIC_URL (127.0.0.1 against the default http://localhost:<port>):
// our own pictures still load, with no CSP violation. File URLs are paths on the page's origin
// (services/src/files/storage-driver.ts), which the pages' img-src and media-src allow as 'self'.
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { createCreator } from '@fanmission/tests/support/creators';
import { multipartForm } from '@fanmission/tests/support/files';
import { useServedApp } from '../harness/served-app';
import {
  collectCspViolations,
  collectPageErrors,
  DESKTOP,
  screenshot,
  storeSession,
  useBrowser,
} from '../support/browser';

describe('web app: opened at an address other than PUBLIC_URL', () => {
  const served = useServedApp({ publicHost: 'localhost' });
  const browser = useBrowser();

  test('the creator search shows the creators’ pictures, and no CSP violation', { timeout: 120_000 }, async () => {
    const { app } = served.testApp;
    expect(app.config.PUBLIC_URL).toMatch(/^http:\/\/localhost:\d+$/);
    expect(served.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const name = `Pictured ${Date.now().toString(36)}`;
    const creator = await createCreator(app, { name });
    const portrait = await sharp({ create: { width: 192, height: 192, channels: 3, background: '#3f7fbf' } })
      .png()
      .toBuffer();
    const form = await multipartForm('image', portrait, 'me.png', 'image/png');
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/users/${creator.id}/image`,
      headers: { ...creator.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    const violations = await collectCspViolations(page);
    await storeSession(page, served.baseUrl, { lang: 'ko' });
    await page.goto(`${served.baseUrl}/creator-search`);
    const card = page.locator('.fm-creator-card', { hasText: name });
    const picture = card.locator('img');
    await picture.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await picture.getAttribute('src')).toMatch(/^\/files\//);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await screenshot(page, 'web-files-origin-creator-search-ko.png');
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
