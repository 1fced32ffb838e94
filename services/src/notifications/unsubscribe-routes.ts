import { notificationTopicSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, notFound } from '../http';

export const mailUnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .describe('The token of the mail’s List-Unsubscribe link'),
});

export const mailUnsubscribedSchema = z.object({
  topic: notificationTopicSchema.describe('The topic whose mails are off now'),
});

/**
 * The one-click unsubscribe of a notification mail (RFC 8058): the mail's `List-Unsubscribe` link, posted by the
 * member's mail client (`List-Unsubscribe=One-Click`, form-encoded), turns the mail of that topic off for him, as his
 * notification settings would. No session: the token is the mail's, one per member and topic.
 */
export async function mailUnsubscribeRoutes(app: FastifyInstance) {
  // A mail client posts `List-Unsubscribe=One-Click` form-encoded; the token is in the link, the body says nothing more.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/notification-mail/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turns one topic’s notification mails off from a mail’s one-click unsubscribe link',
        description:
          'The `List-Unsubscribe` link of a notification mail, posted with `List-Unsubscribe=One-Click`: the mail of ' +
          'that topic is off for its recipient (his notification settings show it). An unknown token is 404.',
        querystring: mailUnsubscribeQuerySchema,
        response: { 200: mailUnsubscribedSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      app.ctx.db.transaction().execute(async (trx) => {
        const owner = await trx
          .selectFrom('mail_unsubscribe_tokens')
          .select(['user_id', 'topic'])
          .where('token', '=', request.query.token)
          .executeTakeFirst();
        if (!owner) throw notFound();
        const now = app.ctx.now();
        await trx
          .insertInto('notification_preferences')
          .values({
            user_id: owner.user_id,
            topic: owner.topic,
            push: true,
            mail: false,
            alimtalk: null,
            updated_at: now,
          })
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'topic']).doUpdateSet({ mail: false, updated_at: now }),
          )
          .execute();
        return { topic: owner.topic };
      }),
  );
}
