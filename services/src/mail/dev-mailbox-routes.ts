// Development mailbox pages: what the dev mailer "sent", so a newcomer can follow verification and reset links
// without an SMTP server. The app registers this only when NODE_ENV !== 'production' and no SMTP_URL is set.
//
//   GET /dev/mail        HTML list (date, to, subject), each row linking to its mail
//   GET /dev/mail/api    the same as JSON (newest first)
//   GET /dev/mail/:id    one mail: text with clickable links, HTML body in a sandboxed iframe
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DevMailbox, StoredMail } from './mailer';

export interface DevMailboxRoutesOptions {
  mailbox: DevMailbox;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

// http(s) URLs only (never javascript: or data:), without the punctuation that usually ends a sentence.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Escapes plain text and turns its http(s) URLs into links that open in a new tab. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

// Pages are self-contained: inline CSS, no scripts. The CSP also covers the srcdoc iframe, which inherits it.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src * data:',
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const STYLE = `
  body { font: 14px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 960px; padding: 0 1rem; color: #222; }
  h1 { font-size: 1.4rem; } h1 small { color: #888; font-weight: normal; font-size: .9rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #eee; vertical-align: top; }
  th { color: #666; font-weight: 600; } td.date { white-space: nowrap; color: #666; }
  a { color: #0b63ce; } .empty { color: #888; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { color: #666; } dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f7f7f8; padding: 1rem; border-radius: 6px; }
  iframe { width: 100%; height: 480px; border: 1px solid #ddd; border-radius: 6px; background: #fff; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(html);
}

function listPage(base: string, mails: StoredMail[]): string {
  const rows = mails
    .map((mail) => {
      const href = escapeHtml(`${base}/${encodeURIComponent(mail.id)}`);
      return `<tr>
  <td class="date"><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(formatDate(mail.sentAt))}</time></td>
  <td>${escapeHtml(mail.to)}</td>
  <td><a href="${href}">${escapeHtml(mail.subject || '(no subject)')}</a></td>
</tr>`;
    })
    .join('\n');
  const content =
    mails.length === 0
      ? '<p class="empty">No mail sent yet. Mail the app sends while no SMTP_URL is configured appears here.</p>'
      : `<table>
<thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    'Development mailbox',
    `<h1>Development mailbox <small>${mails.length} mail${mails.length === 1 ? '' : 's'}, newest first</small></h1>
${content}`,
  );
}

function detailPage(base: string, mail: StoredMail): string {
  const html =
    mail.html === undefined
      ? ''
      : `<h2>HTML</h2>
<iframe title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(mail.html)}"></iframe>`;
  return page(
    mail.subject || '(no subject)',
    `<p><a href="${escapeHtml(base)}">← All mail</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<dl>
  <dt>Date</dt><dd><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(formatDate(mail.sentAt))}</time></dd>
  <dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
  <dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
</dl>
<h2>Text</h2>
<pre>${linkify(mail.text)}</pre>
${html}`,
  );
}

function formatDate(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

export async function devMailboxRoutes(app: FastifyInstance, opts: DevMailboxRoutesOptions): Promise<void> {
  const { mailbox } = opts;
  const base = `${app.prefix}/dev/mail`;

  // A development aid, not part of the API: kept out of the OpenAPI document.
  const schema = { hide: true };

  app.get('/dev/mail', { schema }, async (_request, reply) => sendHtml(reply, 200, listPage(base, mailbox.list())));

  app.get('/dev/mail/api', { schema }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(mailbox.list()),
  );

  app.get<{ Params: { id: string } }>('/dev/mail/:id', { schema }, async (request, reply) => {
    const mail = mailbox.get(request.params.id);
    if (!mail) {
      return sendHtml(
        reply,
        404,
        page('Mail not found', `<p><a href="${escapeHtml(base)}">← All mail</a></p><h1>Mail not found</h1>`),
      );
    }
    return sendHtml(reply, 200, detailPage(base, mail));
  });
}
