import {
  notificationIdParamsSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationStreamQuerySchema,
  notificationsUpToSchema,
  unreadNotificationsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../auth';
import { connectionStringOf } from '../db';
import { errorResponses, notFound } from '../http';
import { LiveNotifications } from './live';
import { markNotificationRead, markNotifications, unreadNotifications } from './reads';
import { notificationPage } from './service';
import { streamNotifications } from './stream';
import { mailUnsubscribeRoutes } from './unsubscribe-routes';

/** The caller's notifications, what he has seen and read of them, and their live stream. */
export async function notificationRoutes(app: FastifyInstance) {
  await app.register(mailUnsubscribeRoutes);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/users/me/notifications/page',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first',
        description:
          'A page of 12 by default. A creator is told about new mission requests; a fan about acceptance, ' +
          'completion, and refused, expired or cancelled missions with the coins refunded. `content` follows ' +
          '`Accept-Language`; `thumbnail` is the other party’s profile picture (null: show the placeholder); ' +
          '`read`: opened, or reached by "mark all as read".',
        security: [{ bearerAuth: [] }],
        querystring: notificationPageQuerySchema,
        response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => notificationPage(app.ctx, requireCaller(request).id, request.query, request.language),
  );

  routes.get(
    '/users/me/notifications/unread',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications the caller has not seen (the header’s count)',
        description:
          'Those newer than the newest his notifications page showed him, counted up to 100 (`more`: past 99).',
        security: [{ bearerAuth: [] }],
        response: { 200: unreadNotificationsSchema, ...errorResponses(401) },
      },
    },
    async (request) => unreadNotifications(app.ctx.db, requireCaller(request).id),
  );

  for (const mark of ['seen', 'read'] as const) {
    routes.post(
      mark === 'seen' ? '/users/me/notifications/seen' : '/users/me/notifications/read-all',
      {
        schema: {
          tags: ['notifications'],
          summary:
            mark === 'seen'
              ? 'Marks the caller’s notifications seen up to the newest his page showed (the count drops)'
              : 'Marks every one of the caller’s notifications read up to the newest his page showed',
          description:
            '`upTo` is a notification id; a mark never moves back, nor past the caller’s newest notification. ' +
            'Answers the count after it; the caller’s other open pages hear the change.',
          security: [{ bearerAuth: [] }],
          body: notificationsUpToSchema,
          response: { 200: unreadNotificationsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const userId = requireCaller(request).id;
        await markNotifications(app.ctx.db, userId, mark, request.body.upTo);
        return unreadNotifications(app.ctx.db, userId);
      },
    );
  }

  routes.post(
    '/users/me/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of the caller’s notifications read (he opened it)',
        description: 'Another member’s notification is 404, like one that does not exist.',
        security: [{ bearerAuth: [] }],
        params: notificationIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const found = await markNotificationRead(app.ctx.db, requireCaller(request).id, request.params.id, app.ctx.now());
      if (!found) throw notFound();
      return reply.code(204).send(null);
    },
  );

  let live: LiveNotifications | undefined;
  app.addHook('preClose', async () => live?.stop());
  routes.get(
    '/users/me/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications as they come (server-sent events)',
        description:
          '`text/event-stream`, authenticated by the session cookie (or a Bearer token). Events: `notification` ' +
          '(a new notification as on the page, its id as the event id) and `unread` (the count, after every change ' +
          'of the caller’s notifications or marks, on any API process). A reconnecting browser sends `Last-Event-ID` ' +
          'and gets the notifications after it, then the count. Texts in `language` (Accept-Language otherwise). ' +
          'The stream ends with an `end` event when its session does (logout, password change or reset, login ' +
          'block, deleted account, the token’s expiry). A member may hold NOTIFICATION_STREAMS_PER_MEMBER streams and ' +
          'an address NOTIFICATION_STREAMS_PER_ADDRESS per API process; past either, 429 TOO_MANY_STREAMS.',
        security: [{ bearerAuth: [] }],
        querystring: notificationStreamQuerySchema,
        response: { 200: z.any().describe('The event stream'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const userId = requireCaller(request).id;
      const connectionString = connectionStringOf(app.ctx.db);
      if (!connectionString) throw new Error('the live stream needs a database handle made by createDb');
      live ??= new LiveNotifications(connectionString, app.log);
      await streamNotifications(app.ctx, live, request, reply, userId, request.query.language ?? request.language);
    },
  );
}
