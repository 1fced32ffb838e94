import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { DEMO_FAQS, DEMO_TAGS } from './demo-content';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo-data';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-seed-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
afterAll(() => rmSync(storageDir, { recursive: true, force: true }));

describe('demo data', () => {
  it('creates accounts one can log in with, once', async () => {
    const { app } = testApp.current;
    expect(await seedDemoData(app.ctx)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    expect(await seedDemoData(app.ctx)).toEqual([]);

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'creator@fanmission.local', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: login.headers.authorization as string },
    });
    expect(me.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_CREATOR'], creator: { verified: true } });
  });

  it('fills the creator search: verified creators with photos, tags and SNS links; the adult one hidden', async () => {
    const { app } = testApp.current;
    const search = await app.inject({ method: 'GET', url: '/api/v1/creators/page' });
    const urls = search.json().content.map((item: { creator: { url: string } }) => item.creator.url);
    expect(urls.sort()).toEqual(['cookingbear', 'gameking', 'skydance', 'starlight']);
    for (const item of search.json().content) {
      expect(item.creator.user.image.thumbnail.s3Url).toMatch(/\.thumb\.webp$/);
      const photo = await app.inject({ method: 'GET', url: new URL(item.creator.user.image.s3Url).pathname });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
    }

    const adult = await app.inject({ method: 'GET', url: '/api/v1/creators/by-url/nightwhisper' });
    expect(adult.json().creator).toMatchObject({ containAdultContent: true, verified: true });
    const starlight = await app.inject({ method: 'GET', url: '/api/v1/creators/by-url/starlight' });
    expect(starlight.json().creator).toMatchObject({
      description: expect.stringContaining('노래'),
      tags: [{ name: '노래' }, { name: '토크' }],
      snsLinks: [{ type: 'YOUTUBE' }, { type: 'INSTAGRAM' }],
      avatar: { contentType: 'image/png' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/v1/creators/by-url/sprout' })).statusCode).toBe(404);

    const tags = await app.inject({ method: 'GET', url: '/api/v1/tags/creator' });
    expect(tags.json().map((tag: { tag: { name: string } }) => tag.tag.name)).toEqual([...DEMO_TAGS]);
  });

  it('adds FAQ entries in both categories and one popup', async () => {
    const { app } = testApp.current;
    for (const type of ['PAYMENT', 'MISSION'] as const) {
      const faq = await app.inject({ method: 'GET', url: `/api/v1/board/faq?type=${type}` });
      expect(faq.json().totalElements).toBe(DEMO_FAQS.filter((entry) => entry.category === type).length);
    }
    const popup = await app.inject({ method: 'GET', url: '/api/v1/notifications/popup/current' });
    expect(popup.json()).toMatchObject({
      title: '팬미션 오픈 기념 이벤트',
      webImage: { s3Url: expect.stringMatching(/\.png$/) },
    });
    expect(await app.db.selectFrom('popups').select('id').execute()).toHaveLength(1);
  });
});
