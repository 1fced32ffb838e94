import {
  noContentSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  pushSubscriptionRemovalSchema,
  pushSubscriptionRequestSchema,
  vapidPublicKeySchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { alimtalkProviderOf } from '../config';
import { errorResponses } from '../http';
import { readPreferences, updatePreferences } from './preferences';
import { registerSubscription, unregisterSubscription, vapidPublicKey } from './service';

/** Web push subscriptions of the caller's browsers, and his choices of channels per notification topic. */
export async function pushRoutes(app: FastifyInstance) {
  const alimtalkRuns = alimtalkProviderOf(app.config) !== null;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/push/vapid-public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The key browsers subscribe to push notifications with',
        description:
          'The VAPID public key (base64url) for `pushManager.subscribe({ applicationServerKey })`. 404 when this ' +
          'server sends no push notifications.',
        response: { 200: vapidPublicKeySchema, ...errorResponses(404) },
      },
    },
    async () => vapidPublicKey(app.ctx),
  );

  routes.put(
    '/users/me/push-subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Register this browser for push notifications',
        description:
          'The body is `PushSubscription.toJSON()`. Registering again refreshes it; a browser another member had ' +
          'registered moves to the caller (nothing meant for the other member reaches it any more). A member keeps ' +
          'his 10 latest browsers. In production the endpoint must be https on a browser vendor’s push service ' +
          '(fcm.googleapis.com, *.push.services.mozilla.com, *.notify.windows.com, *.push.apple.com); outside ' +
          'production a push service on the loopback (127.0.0.1, localhost) is accepted too. A logout, a password ' +
          'change or reset forgets every browser of the member.',
        security: [{ bearerAuth: [] }],
        body: pushSubscriptionRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await registerSubscription(app.ctx, requireCaller(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  routes.delete(
    '/users/me/push-subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Stop push notifications to this browser',
        description:
          'Forgets the caller’s browser of this endpoint (204 whether or not it was registered, and whoever had it).',
        security: [{ bearerAuth: [] }],
        body: pushSubscriptionRemovalSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await unregisterSubscription(app.ctx, requireCaller(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/users/me/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s channels per notification topic',
        description:
          'Every topic with its notification kinds and who it concerns, and whether push, mail and KakaoTalk 알림톡 ' +
          'are on (every topic is on by default, except MARKETING, which is off without the consent to ' +
          'promotions; 알림톡 carries the transactional topics only, null on the others, and reaches a member only ' +
          'when `alimtalk.available` and `alimtalk.phoneOnFile`: the mobile number on his profile, confirmed by SMS code). In-app ' +
          'notifications are always written.',
        security: [{ bearerAuth: [] }],
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => readPreferences(app.db, requireCaller(request).id, alimtalkRuns),
  );

  routes.put(
    '/users/me/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Change the caller’s channels per topic, and his consents to promotions',
        description:
          'Only the topics and channels sent change. `marketing` records the consent to promotions and the ' +
          'separate consent to promotions between 21:00 and 08:00 Korea time (정보통신망법 §50), each with the ' +
          'moment it was given; the night consent needs the other (400 naming `marketing.nightConsent`). `alimtalk` ' +
          'on a topic 알림톡 does not carry is a 400 naming it.',
        security: [{ bearerAuth: [] }],
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => updatePreferences(app.db, requireCaller(request).id, request.body, app.ctx.now(), alimtalkRuns),
  );
}
