import { type Language, type NotificationTopic, notificationTopicSchema } from '@fanmission/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbExecutor } from '../db';
import { errorResponses, notFound } from '../http';
import { translate } from '../i18n';

export const mailUnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .describe('The token of the mail’s List-Unsubscribe link'),
});

export const mailUnsubscribedSchema = z.object({
  topic: notificationTopicSchema.describe('The topic whose mails are off now'),
});

const htmlPageSchema = z.string().describe('A small HTML page (text/html)');

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

// Self-contained pages: inline CSS, no script; the form posts to this origin only.
const PAGE_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const STYLE = `
  body { font: 16px/1.6 system-ui, sans-serif; margin: 0; padding: 2rem 1rem; color: #1a1a1a; background: #fafafa; }
  main { max-width: 32rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.3rem; margin: 0 0 1rem; }
  button { font: inherit; font-weight: 700; min-height: 48px; min-width: 48px; padding: 0 1.5rem; border: 0;
           border-radius: 8px; background: #c62828; color: #fff; cursor: pointer; }
  a { color: #1a56b0; display: inline-block; min-height: 24px; margin-top: 1rem; }`;

function page(reply: FastifyReply, status: number, language: Language, body: string) {
  const title = escapeHtml(translate(language, 'mailUnsubscribe.title'));
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_SECURITY_POLICY)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html>\n<html lang="${language}"><head><meta charset="utf-8">` +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        `<title>${title}</title><style>${STYLE}</style></head>` +
        `<body><main><h1>${title}</h1>${body}</main></body></html>\n`,
    );
}

/** The token's member (his language) and topic, or undefined. */
async function ownerOf(db: DbExecutor, token: string) {
  return db
    .selectFrom('mail_unsubscribe_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 't.topic', 'u.language'])
    .where('t.token', '=', token)
    .executeTakeFirst();
}

const topicName = (language: Language, topic: NotificationTopic) => translate(language, `push.title.${topic}`);

/**
 * The one-click unsubscribe of a notification mail (RFC 8058): the mail's `List-Unsubscribe` link, posted by the
 * member's mail client (`List-Unsubscribe=One-Click`, form-encoded), turns the mail of that topic off for him, as his
 * notification settings would. No session: the token is the mail's, one per member and topic. A GET of the link
 * (a person's click, or a mail scanner following every link) changes nothing: it shows a page asking, in the member's
 * language, with a button that posts the same link.
 */
export async function mailUnsubscribeRoutes(app: FastifyInstance) {
  // A mail client posts `List-Unsubscribe=One-Click` form-encoded; the token is in the link, the body says nothing more.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const settingsLink = (language: Language) =>
    `<p><a href="${escapeHtml(`${app.ctx.config.PUBLIC_URL}/edit-user-profile`)}">` +
    `${escapeHtml(translate(language, 'mailUnsubscribe.settings'))}</a></p>`;

  routes.get(
    '/notification-mail/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The page of a mail’s unsubscribe link: asks before turning a topic’s mails off',
        description:
          'Changes nothing (mail scanners follow links): an HTML page in the recipient’s language naming the topic, ' +
          'with a button posting the same link (`POST`, below). An unknown token is a 404 page.',
        querystring: mailUnsubscribeQuerySchema,
        response: { 200: htmlPageSchema, 404: htmlPageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(app.ctx.db, request.query.token);
      if (!owner) {
        const language = request.language;
        return page(reply, 404, language, `<p>${escapeHtml(translate(language, 'mailUnsubscribe.unknown'))}</p>`);
      }
      const language = owner.language;
      const action = `?token=${encodeURIComponent(request.query.token)}`;
      return page(
        reply,
        200,
        language,
        `<p>${escapeHtml(translate(language, 'mailUnsubscribe.question', { topic: topicName(language, owner.topic) }))}</p>` +
          `<form method="post" action="${escapeHtml(action)}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          `<button type="submit">${escapeHtml(translate(language, 'mailUnsubscribe.button'))}</button></form>` +
          settingsLink(language),
      );
    },
  );

  routes.post(
    '/notification-mail/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turns one topic’s notification mails off from a mail’s one-click unsubscribe link',
        description:
          'The `List-Unsubscribe` link of a notification mail, posted with `List-Unsubscribe=One-Click`: the mail of ' +
          'that topic is off for its recipient (his notification settings show it). An unknown token is 404. A ' +
          'browser’s post (`Accept: text/html`, the GET page’s button) is answered with a page saying it is done.',
        querystring: mailUnsubscribeQuerySchema,
        response: { 200: z.union([mailUnsubscribedSchema, htmlPageSchema]), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const owner = await app.ctx.db.transaction().execute(async (trx) => {
        const found = await ownerOf(trx, request.query.token);
        if (!found) throw notFound();
        const now = app.ctx.now();
        await trx
          .insertInto('notification_preferences')
          .values({
            user_id: found.user_id,
            topic: found.topic,
            push: true,
            mail: false,
            alimtalk: null,
            updated_at: now,
          })
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'topic']).doUpdateSet({ mail: false, updated_at: now }),
          )
          .execute();
        return found;
      });
      if (!request.headers.accept?.includes('text/html')) return { topic: owner.topic };
      const language = owner.language;
      return page(
        reply,
        200,
        language,
        `<p>${escapeHtml(translate(language, 'mailUnsubscribe.done', { topic: topicName(language, owner.topic) }))}</p>` +
          settingsLink(language),
      );
    },
  );
}
