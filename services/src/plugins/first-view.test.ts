import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creatorFirstViewHtml } from './first-view';

/** The creator answers the API would give, by id or custom url (the first view reads them through `app.inject`). */
const answers = new Map<string, unknown>();
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  const answer = (key: string) => answers.get(key);
  app.get('/api/v1/creators/:id', async (request, reply) => {
    const found = answer(`id:${(request.params as { id: string }).id}`);
    return found ? found : reply.status(404).send({ code: 'NOT_FOUND' });
  });
  app.get('/api/v1/creators/by-url/:url', async (request, reply) => {
    const found = answer(`url:${(request.params as { url: string }).url}`);
    return found ? found : reply.status(404).send({ code: 'NOT_FOUND' });
  });
  await app.ready();
});
afterAll(() => app.close());

const creator = (overrides: Record<string, unknown>) => ({
  creator: {
    id: 7,
    name: 'Mina',
    verified: true,
    intro: null,
    avatar: { s3Url: '/files/demo/mina.png' },
    user: { image: { s3Url: '/files/demo/mina.png' } },
    ...overrides,
  },
});

describe('a creator page first view painted by the server', () => {
  test('a verified creator: the picture where the page shows it, its name escaped, the data for the shell', async () => {
    answers.set('id:7', creator({ name: `<b>"Mi&na'</b>` }));
    const html = await creatorFirstViewHtml(app, '/creator/7?utm=x');
    expect(html).toContain('<img src="/files/demo/mina.png" alt="&#60;b&#62;&#34;Mi&#38;na&#39;&#60;/b&#62;"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('data-creator="7"');
    expect(html).not.toContain('<b>');
  });

  test('by custom url, and the account picture when the creator has no avatar of its own', async () => {
    answers.set('url:mina page', creator({ avatar: null, user: { image: { s3Url: 'https://cdn.example/m.webp' } } }));
    const html = await creatorFirstViewHtml(app, '/creator/mina%20page/');
    expect(html).toContain('src="https://cdn.example/m.webp"');
    expect(html).toContain('data-creator="mina page"');
  });

  test('nothing for a creator the page would not show as a picture, or an address that is not a picture', async () => {
    answers.set('id:8', creator({ verified: false }));
    answers.set('id:9', creator({ intro: { s3Url: '/files/intro.mp4' } }));
    answers.set('id:10', creator({ avatar: { s3Url: 'javascript:alert(1)' }, user: { image: null } }));
    answers.set('id:11', creator({ avatar: { s3Url: '//evil.example/x.png' }, user: { image: null } }));
    for (const url of ['/creator/8', '/creator/9', '/creator/10', '/creator/11', '/creator/404']) {
      expect(await creatorFirstViewHtml(app, url), url).toBeNull();
    }
  });

  test('nothing for other pages, a malformed address or the embedded app mode (no header there)', async () => {
    answers.set('id:7', creator({}));
    for (const url of ['/', '/creator-search', '/creator/7/missions', '/creator/%E0%A4%A', '/creator/7?app-api=true']) {
      expect(await creatorFirstViewHtml(app, url), url).toBeNull();
    }
  });
});
