import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devMailboxRoutes, escapeHtml, linkify } from './dev-mailbox-routes';
import { createDevMailbox, type DevMailbox } from './mailer';

describe('dev mailbox routes', () => {
  let app: FastifyInstance;
  let mailbox: DevMailbox;

  beforeEach(async () => {
    mailbox = createDevMailbox({ from: 'no-reply@fanmission.test' });
    app = Fastify();
    await app.register(devMailboxRoutes, { mailbox });
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
  });

  it('lists mails newest first with date, recipient and a link to each', async () => {
    await mailbox.send({ to: 'first@example.com', subject: 'Welcome to Fanmission', text: 'hello' });
    await mailbox.send({ to: 'fan@example.com', subject: 'Verify your email', text: 'https://x.test/v?t=1' });
    const [newest, older] = mailbox.list();

    const response = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const body = response.body;
    expect(body).toContain(`<a href="/dev/mail/${newest!.id}">Verify your email</a>`);
    expect(body).toContain(`<a href="/dev/mail/${older!.id}">Welcome to Fanmission</a>`);
    expect(body).toContain('fan@example.com');
    expect(body).toContain(`datetime="${newest!.sentAt}"`);
    expect(body.indexOf('Verify your email')).toBeLessThan(body.indexOf('Welcome to Fanmission'));
  });

  it('shows an empty mailbox', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No mail sent yet');
  });

  it('shows one mail with clickable links in the text and the HTML body in a sandboxed iframe', async () => {
    await mailbox.send({
      to: 'fan@example.com',
      subject: 'Reset your password',
      text: 'Reset it here: https://fanmission.test/reset?token=a1b2&lang=ko.\nIgnore this mail otherwise.',
      html: '<p class="x">Reset <a href="https://fanmission.test/reset?token=a1b2&amp;lang=ko">here</a></p>',
    });
    const mail = mailbox.list()[0]!;

    const response = await app.inject({ method: 'GET', url: `/dev/mail/${mail.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('<h1>Reset your password</h1>');
    // the sentence's full stop is not part of the link; & is escaped in the attribute and the text
    expect(body).toContain(
      '<a href="https://fanmission.test/reset?token=a1b2&amp;lang=ko" target="_blank" rel="noopener noreferrer">' +
        'https://fanmission.test/reset?token=a1b2&amp;lang=ko</a>.',
    );
    expect(body).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(body).toContain(
      'srcdoc="&lt;p class=&quot;x&quot;&gt;Reset &lt;a href=&quot;https://fanmission.test/reset?token=a1b2&amp;amp;lang=ko&quot;&gt;here&lt;/a&gt;&lt;/p&gt;"',
    );
    expect(body).not.toContain('<p class="x">');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mail/00000000-0000-0000-0000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Mail not found');
  });

  it('escapes HTML in every field of the list and the detail page', async () => {
    await mailbox.send({
      to: '"><img src=x onerror=alert(1)>@example.com',
      subject: '<script>alert("subject")</script> & co',
      text: '<b>not bold</b> javascript:alert(1) https://ok.test/"><script>alert(2)</script>',
    });
    const mail = mailbox.list()[0]!;

    const list = (await app.inject({ method: 'GET', url: '/dev/mail' })).body;
    const detail = (await app.inject({ method: 'GET', url: `/dev/mail/${mail.id}` })).body;
    for (const body of [list, detail]) {
      expect(body).not.toContain('<script>');
      expect(body).not.toContain('<img');
      expect(body).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; co');
      expect(body).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@example.com');
    }
    expect(detail).toContain('&lt;b&gt;not bold&lt;/b&gt; javascript:alert(1)');
    expect(detail).toContain('<a href="https://ok.test/" target="_blank"');
    expect(detail).not.toContain('href="javascript:');
  });

  it('serves the list as JSON', async () => {
    await mailbox.send({ to: 'a@example.com', subject: 'one', text: 'first' });
    await mailbox.send({ to: 'b@example.com', subject: 'two', text: 'second', html: '<p>second</p>' });

    const response = await app.inject({ method: 'GET', url: '/dev/mail/api' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const list = response.json<Array<{ id: string; subject: string; to: string; html?: string; sentAt: string }>>();
    expect(list.map((mail) => mail.subject)).toEqual(['two', 'one']);
    expect(list[0]).toMatchObject({ to: 'b@example.com', from: 'no-reply@fanmission.test', html: '<p>second</p>' });
  });

  it('links relative to the prefix it is registered under', async () => {
    const prefixed = Fastify();
    await prefixed.register(devMailboxRoutes, { mailbox, prefix: '/internal' });
    await mailbox.send({ to: 'a@example.com', subject: 'prefixed', text: '' });
    const id = mailbox.list()[0]!.id;
    const response = await prefixed.inject({ method: 'GET', url: '/internal/dev/mail' });
    expect(response.body).toContain(`<a href="/internal/dev/mail/${id}">prefixed</a>`);
    expect((await prefixed.inject({ method: 'GET', url: `/internal/dev/mail/${id}` })).statusCode).toBe(200);
    await prefixed.close();
  });
});

describe('escapeHtml and linkify', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('links only http(s) URLs and keeps closing punctuation outside the link', () => {
    expect(linkify('see (https://a.test/x?y=1), or http://b.test!')).toBe(
      'see (<a href="https://a.test/x?y=1" target="_blank" rel="noopener noreferrer">https://a.test/x?y=1</a>), ' +
        'or <a href="http://b.test" target="_blank" rel="noopener noreferrer">http://b.test</a>!',
    );
    expect(linkify('ftp://c.test data:text/html,<b>')).toBe('ftp://c.test data:text/html,&lt;b&gt;');
  });
});
