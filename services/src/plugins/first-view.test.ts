import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creatorFirstViewHtml, firstViewHtml, missionFirstViewHtml } from './first-view';

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
  // What an anonymous caller gets (the first view sends no cookie and no authorization; a header would be a leak).
  app.get('/api/v1/missions/:id', async (request, reply) => {
    if (request.headers.cookie || request.headers.authorization) return reply.status(500).send({ code: 'LEAK' });
    const found = answer(`mission:${(request.params as { id: string }).id}`);
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

const mission = (overrides: Record<string, unknown>, product: Record<string, unknown> = {}) => ({
  id: 5,
  status: 'COMPLETED',
  private: false,
  responseComment: 'Happy birthday!',
  video: null,
  voice: null,
  picture: { id: 1, s3Url: '/files/demo/answer.png', contentType: 'image/png', thumbnail: null },
  missionProduct: {
    name: 'Birthday song',
    creator: {
      id: 7,
      name: 'Mina',
      url: null,
      verified: true,
      user: {
        id: 3,
        username: 'mina',
        image: { s3Url: '/files/demo/mina.png', thumbnail: { s3Url: '/files/t.webp' } },
      },
    },
    ...product,
  },
  ...overrides,
});

describe('a mission detail first view painted by the server', () => {
  test('a public completed mission: the head, the answer picture first, the data for the shell', async () => {
    answers.set('mission:5', mission({}));
    const html = (await missionFirstViewHtml(app, '/mission-detail/5?utm=x'))!;
    expect(html).toMatch(/^<div id="first-view" data-mission="5" data-title="Birthday song"/);
    expect(html).toContain('<h1>Birthday song</h1>');
    expect(html).toContain('<a href="/creator/7">Mina</a>');
    expect(html).toContain('<img class="mission-first-view__avatar" src="/files/t.webp" alt="">');
    expect(html).toContain('<img src="/files/demo/answer.png" alt="Happy birthday!" fetchpriority="high">');
    expect(html).toContain('data-picture="/files/demo/answer.png" data-alt="Happy birthday!"');
    // The same through the plugin's entry point, which also serves creator pages.
    expect(await firstViewHtml(app, '/mission-detail/5/')).toBe(html);
  });

  test('hostile text is escaped everywhere, an address that is not a picture is refused', async () => {
    answers.set(
      'mission:6',
      mission(
        { id: 6, responseComment: `"><script>alert(1)</script>`, picture: { s3Url: '/x.png" onerror="alert(1)' } },
        {
          name: `<img src=x onerror=alert(1)>&'"`,
          creator: {
            id: 7,
            name: '</h1><b>Mina</b>',
            url: 'mina"x',
            user: { image: { s3Url: 'javascript:alert(1)' } },
          },
        },
      ),
    );
    const html = (await missionFirstViewHtml(app, '/mission-detail/6'))!;
    expect(html).not.toMatch(/<(script|b|img src=x)/);
    expect(html).not.toContain('onerror="');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<h1>&#60;img src=x onerror=alert(1)&#62;&#38;&#39;&#34;</h1>');
    expect(html).toContain('<a href="/creator/7">&#60;/h1&#62;&#60;b&#62;Mina&#60;/b&#62;</a>');
    // The default picture of the page for a creator without one, and the alt text escaped.
    expect(html).toContain('src="/images/profile-noimg.png"');
    expect(html).toContain('alt="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });

  test('the head only when the page does not show the answer picture first', async () => {
    answers.set('mission:20', mission({ id: 20, status: 'ACCEPTED', picture: null }));
    answers.set('mission:21', mission({ id: 21, video: { s3Url: '/files/v.mp4' } }));
    answers.set('mission:22', mission({ id: 22, voice: { s3Url: '/files/v.m4a', processing: 'PENDING' } }));
    answers.set(
      'mission:23',
      mission({ id: 23, responseComment: null }, { creator: { ...mission({}).missionProduct.creator, url: 'mina' } }),
    );
    for (const id of [20, 21, 22]) {
      const html = (await missionFirstViewHtml(app, `/mission-detail/${id}`))!;
      expect(html, String(id)).toContain('<h1>Birthday song</h1>');
      expect(html, String(id)).not.toContain('mission-first-view__panel"><img');
      expect(html, String(id)).not.toContain('data-picture');
    }
    const html = (await missionFirstViewHtml(app, '/mission-detail/23'))!;
    expect(html).toContain('alt="Birthday song" fetchpriority="high"');
    expect(html).toContain('<a href="/mina">Mina</a>');
  });

  test('nothing for a private or unknown mission, other pages, malformed answers or the embedded app mode', async () => {
    // A private mission is 404 for an anonymous caller; were it ever answered, the flag still keeps it out.
    answers.set('mission:30', mission({ id: 30, private: true }));
    answers.set('mission:31', mission({ id: 99 }));
    answers.set('mission:32', mission({ id: 32 }, { name: 42 }));
    answers.set('mission:5', mission({}));
    for (const url of [
      '/mission-detail/30',
      '/mission-detail/31',
      '/mission-detail/32',
      '/mission-detail/404',
      '/mission-detail/abc',
      '/mission-detail/5/comments',
      '/mission-detail/5?app-api=true',
      '/mission-detail/',
    ]) {
      expect(await missionFirstViewHtml(app, url), url).toBeNull();
    }
  });
});
