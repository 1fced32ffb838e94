import { Client } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { freePort, lazyTemporalConnection } from '../runtime';
import { basicRequest, createFan, createProduct, createVerifiedCreator } from '@fanmission/tests/support/missions';

// Temporal configured but not reachable (a port nobody listens on), over the API's own connection: a creator action
// is answered 503 "try again", never a 500, and the request itself still commits for the reconciler.
const unreachable = `127.0.0.1:${await freePort()}`;
const testApp = useTestApp({
  temporal: {
    client: new Client({ connection: lazyTemporalConnection({ address: unreachable }) }),
    taskQueue: 'nowhere',
  },
});
const app = () => testApp.current.app;

const post = (url: string, headers: Record<string, string>, payload: object) =>
  app().inject({ method: 'POST', url: `/api/v1${url}`, headers: { 'accept-language': 'en', ...headers }, payload });

describe('creator actions while Temporal cannot be reached', () => {
  it('answers 503 with a try-again message', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(app().db, creator.creatorId, 'CUSTOM', { minimumCost: 5 });
    const fan = await createFan(app(), 10);
    const requested = await post('/missions', fan.headers, basicRequest(product, { coinPrice: 5 }));
    expect(requested.statusCode, requested.body).toBe(200);
    const { id } = requested.json<{ id: number }>();

    const refused = await post(`/missions/${id}/refuse`, creator.headers, { feedback: 'not this time' });
    expect(refused.json()).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The mission service is unavailable. Please try again later.',
    });
  }, 120_000);
});
