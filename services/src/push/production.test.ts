// In production the API registers and sends to the browser vendors' push services only: https, their hosts, never an
// address literal, the loopback or a private network (services/src/push/endpoint-policy.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { productionPushKeys, useTestApp } from '@fanmission/tests/harness/app';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import {
  browserSubscription,
  startLocalPushService,
  type LocalPushService,
} from '@fanmission/tests/support/push-service';
import { loadConfig } from '../config';
import { notificationsConsumer, noticeText } from '../notifications';
import { domainEvent, recordEvents } from '../outbox';
import { drainPushDeliveries } from './index';

const testApp = useTestApp({
  config: loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'a-secret-nobody-has-seen-before-9f3a7c1e5b',
    ADMIN_PASSWORD: 'a long admin passphrase',
    PUBLIC_URL: 'https://fanmission.example',
    DATABASE_URL: 'postgres://fanmission:s3cret-of-our-own@db:5432/fanmission',
    SMTP_URL: 'smtp://mail:25',
    METRICS_TOKEN: 'a-scrape-token-of-our-own',
    BANK_DEPOSIT_ACCOUNT_NUMBER: '123456-01-234567',
    BACKUP_ENABLED: 'false',
    ...productionPushKeys(),
  }),
});
const app = () => testApp.current.app;
let member: TestAccount;
let pushService: LocalPushService;

beforeAll(async () => {
  member = await createAccount(app());
  pushService = await startLocalPushService();
});
afterAll(async () => pushService.close());

const register = (endpoint: string) =>
  app().inject({
    method: 'PUT',
    url: '/api/v1/users/me/push-subscriptions',
    headers: { ...member.headers, 'accept-language': 'en' },
    payload: { endpoint, keys: browserSubscription(endpoint).keys },
  });

describe('push subscriptions in production', () => {
  it('registers the browser vendors’ push services', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/production-1',
      'https://updates.push.services.mozilla.com/wpush/v2/production-2',
      'https://wns2-by3p.notify.windows.com/w/?token=production-3',
      'https://web.push.apple.com/production-4',
    ]) {
      expect((await register(endpoint)).statusCode, endpoint).toBe(204);
    }
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'The push service address must be https.'],
    ['http://127.0.0.1:9090/push/x', 'The push service address must be https.'],
    ['https://push.example.com/x', 'This is not the address of a browser vendor’s push service.'],
    ['https://localhost/push/x', 'This is not the address of a browser vendor’s push service.'],
    ['https://127.0.0.1/push/x', 'This is not the address of a browser vendor’s push service.'],
    ['https://10.0.0.5/push/x', 'This is not the address of a browser vendor’s push service.'],
    ['https://[::1]/push/x', 'This is not the address of a browser vendor’s push service.'],
  ])('refuses %s (400 naming the endpoint)', async (endpoint, message) => {
    const response = await register(endpoint);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ subErrors: [{ field: 'endpoint', message, rejectedValue: endpoint }] });
  });

  it('sends nothing to a loopback subscription stored before, and forgets it', async () => {
    const creator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const creatorId = (
      await app().db.selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
    ).id;
    const browser = pushService.subscribe();
    const now = new Date();
    await app()
      .db.insertInto('push_subscriptions')
      .values({
        user_id: creator.id,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        expires_at: null,
        created_at: now,
        refreshed_at: now,
      })
      .execute();
    await recordEvents(app().db, [
      domainEvent(
        'mission.requested',
        {
          missionId: 7,
          creatorId,
          userId: member.id,
          productId: 3,
          productType: 'BASIC',
          productName: 'Song',
          coinPrice: 30,
          status: 'ACCEPTED',
        },
        now,
      ),
    ]);
    await drainOutbox(app().db, { consumers: [notificationsConsumer] });
    expect(await drainPushDeliveries({ ctx: app().ctx, noticeText })).toBe(1);
    expect(pushService.received).toEqual([]);
    const left = await app()
      .db.selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', creator.id)
      .execute();
    expect(left).toEqual([]);
  });
});
