// A script Content-Security-Policy on every HTML page of both apps (the SPA, the console, a creator page
// or a mission detail with the server-painted first view), scripts from our origin and the payment/postcode SDKs' CDNs
// only.
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { createVerifiedCreator, createFan, createFile, createProduct } from '@fanmission/tests/support/missions';
import { acceptedEncoding, inlineScriptHashes, pageContentSecurityPolicy } from './static-apps';

/** The web build's inline chunk-preload script (web/vite.config.ts), allowed by its hash. */
const INLINE = "(function(){var l=localStorage.getItem('lang')})()";
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

const dist = mkdtempSync(path.join(tmpdir(), 'fm-csp-'));
const webDist = path.join(dist, 'web');
const adminDist = path.join(dist, 'admin');
for (const [folder, title] of [
  [webDist, 'web'],
  [adminDist, 'console'],
] as const) {
  mkdirSync(path.join(folder, 'assets'), { recursive: true });
  const inline = folder === webDist ? `<script>${INLINE}</script>` : '';
  const html = `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/index.js"></script>${inline}</head><body><div id="root"></div></body></html>`;
  writeFileSync(path.join(folder, 'index.html'), html);
  writeFileSync(path.join(folder, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(folder, 'assets', 'index.js'), 'console.log(1);');
}
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const testApp = useTestApp({ staticApps: { webDist, adminDist } });
const get = (url: string) => testApp.current.app.inject({ method: 'GET', url });

/** The directives of a policy, by name. */
function directives(policy: unknown): Record<string, string[]> {
  expect(typeof policy).toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

/** A completed mission with an answer picture, public (painted by the server) or private; its id. */
async function completedMission(fanId: number, isPrivate: boolean): Promise<number> {
  const { app } = testApp.current;
  const creator = await createVerifiedCreator(app);
  const productId = await createProduct(app.db, creator.creatorId, 'BASIC');
  const pictureId = await createFile(app.db, creator.id, 'image');
  const row = await app.db
    .insertInto('missions')
    .values({
      product_id: productId,
      creator_id: creator.creatorId,
      user_id: fanId,
      type: 'BASIC',
      status: 'COMPLETED',
      coin_price: 10,
      is_private: isPrivate,
      picture_file_id: pictureId,
      completed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the pages’ Content-Security-Policy', () => {
  test('the web app: own scripts plus PortOne’s SDK and the postcode search, no objects, no foreign base or framing', async () => {
    for (const url of ['/', '/index.html', '/user-mypage', '/missions/3?tab=comments']) {
      const page = await testApp.current.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      const policy = directives(page.headers['content-security-policy']);
      expect(policy['script-src'], url).toEqual([
        "'self'",
        INLINE_HASH,
        'https://cdn.portone.io',
        'https://t1.daumcdn.net',
      ]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['base-uri'], url).toEqual(["'self'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'self'"]);
      expect(policy['connect-src'], url).toEqual(expect.arrayContaining(["'self'", 'https://*.portone.io']));
      expect(policy['img-src'], url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(policy['media-src'], url).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      // No unsafe-inline / unsafe-eval anywhere in the script policy.
      expect(String(page.headers['content-security-policy']), url).not.toMatch(/unsafe-(inline|eval)/);
    }
  });

  test('a creator page (the server-painted first view) has the same policy and injects no script', async () => {
    const creator = await createVerifiedCreator(testApp.current.app);
    const page = await get(`/creator/${creator.creatorId}`);
    expect(page.statusCode).toBe(200);
    expect(directives(page.headers['content-security-policy'])['script-src']).toEqual([
      "'self'",
      INLINE_HASH,
      'https://cdn.portone.io',
      'https://t1.daumcdn.net',
    ]);
    expect(page.body.match(/<script/g)).toHaveLength(2);
    expect(inlineScriptHashes(page.body)).toEqual([INLINE_HASH]);
  });

  test('a painted page is compressed when the browser accepts it: br first, then gzip, the same page decoded', async () => {
    const fan = await createFan(testApp.current.app);
    const url = `/mission-detail/${await completedMission(fan.id, false)}`;
    const ask = (acceptEncoding?: string) =>
      testApp.current.app.inject({
        method: 'GET',
        url,
        ...(acceptEncoding !== undefined && { headers: { 'accept-encoding': acceptEncoding } }),
      });
    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('id="first-view"');

    const br = await ask('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    for (const header of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const gzip = await ask(header);
      expect(gzip.headers['content-encoding'], header).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8'), header).toBe(plain.body);
    }
    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();
  });

  test('the accepted encoding: br over gzip, q=0 refuses, unknown or none means none', () => {
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('BR;q=1.0')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br; q=0.0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding(['deflate', 'identity'])).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  test('a mission detail: a public mission is painted with the same policy and no script, a private one is not', async () => {
    const fan = await createFan(testApp.current.app);
    const mission = (isPrivate: boolean) => completedMission(fan.id, isPrivate);
    const shown = await get(`/mission-detail/${await mission(false)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<div id="first-view" data-mission=');
    expect(shown.body).toMatch(/<img src="[^"]+" alt="[^"]+" fetchpriority="high">/);
    expect(directives(shown.headers['content-security-policy'])['script-src']).toContain(INLINE_HASH);
    expect(shown.body.match(/<script/g)).toHaveLength(2);
    expect(inlineScriptHashes(shown.body)).toEqual([INLINE_HASH]);
    // A private mission (404 to an anonymous caller) keeps the plain page, whoever asks.
    const hidden = await testApp.current.app.inject({
      method: 'GET',
      url: `/mission-detail/${await mission(true)}`,
      headers: fan.headers,
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).not.toContain('first-view');
  });

  test('our own pictures and media load from whatever address served the page: paths on its origin, allowed by self', async () => {
    // The product is opened at other addresses than PUBLIC_URL (127.0.0.1 for localhost, a LAN address): a file URL
    // on PUBLIC_URL was blocked there, as img-src and media-src allow only 'self' (and https pictures).
    const { app } = testApp.current;
    expect(app.config.PUBLIC_URL).toBe('http://localhost:8080');
    const fan = await createFan(app);
    const missionId = await completedMission(fan.id, false);
    const detail = await app.inject({ method: 'GET', url: `/api/v1/missions/${missionId}` });
    expect(detail.statusCode).toBe(200);
    const pictureUrl = String((detail.json() as { picture: { s3Url: string } }).picture.s3Url);
    expect(pictureUrl).toMatch(/^\/files\/test\/[0-9a-f-]{36}$/);

    const page = await app.inject({
      method: 'GET',
      url: `/mission-detail/${missionId}`,
      headers: { host: '127.0.0.1:8080' },
    });
    expect(page.body).toContain(`<img src="${pictureUrl}"`);
    expect(page.body).not.toContain(app.config.PUBLIC_URL);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy['img-src']).toEqual(["'self'", 'blob:', 'data:', 'https:']);
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
  });

  test('the console: scripts from our origin only', async () => {
    for (const url of ['/admin/', '/admin/index.html', '/admin/users/7']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      const policy = directives(page.headers['content-security-policy']);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['base-uri'], url).toEqual(["'self'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'self'"]);
      expect(policy['connect-src'], url).toEqual(["'self'"]);
    }
  });

  test('inline scripts are hashed; scripts with a src are not', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module">x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ]);
  });

  test('API answers keep the framing-only policy', async () => {
    const answer = await get('/api/v1/auth/providers');
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  test('S3 public URLs and a local PortOne are allowed where the app uses them', () => {
    const policy = directives(
      pageContentSecurityPolicy(
        testConfig({
          S3_PUBLIC_URL: 'https://media.fanmission.example/bucket',
          PORTONE_API_URL: 'http://127.0.0.1:4010',
        }),
        'web',
      ),
    );
    expect(policy['img-src']).toContain('https://media.fanmission.example');
    expect(policy['media-src']).toContain('https://media.fanmission.example');
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(['http://127.0.0.1:4010', 'https://media.fanmission.example']),
    );
  });
});
