import { describe, expect, it } from 'vitest';
import type { MissionProduct } from '@fanmission/contracts';
import type { TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';

const testApp = useTestApp();
const app = () => testApp.current.app;

function call(method: 'GET' | 'POST' | 'PUT', url: string, account: TestAccount, payload?: object) {
  return app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'accept-language': 'en', ...account.headers },
    ...(payload && { payload: payload as Record<string, unknown> }),
  });
}

async function customProducts(creatorId: number): Promise<MissionProduct[]> {
  const creator = await app()
    .db.selectFrom('creators')
    .select('user_id')
    .where('id', '=', creatorId)
    .executeTakeFirst();
  expect(creator).toBeDefined();
  return (await app()
    .db.selectFrom('mission_products')
    .select(['id', 'active', 'minimum_cost'])
    .where('creator_id', '=', creatorId)
    .where('type', '=', 'CUSTOM')
    .execute()) as unknown as MissionProduct[];
}

async function creatorSettings(creatorId: number) {
  return await app()
    .db.selectFrom('creators')
    .select(['available_custom', 'minimum_cost'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
}

describe('custom-mission settings and the CUSTOM product are one setting', () => {
  it('creates, updates and switches off the CUSTOM product when the creator saves his settings', async () => {
    const creator = await createCreator(app());
    const on = await call('PUT', `/creators/${creator.creatorId}`, creator, {
      availableCustom: true,
      minimumCost: 300,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await customProducts(creator.creatorId)).toEqual([
      expect.objectContaining({ active: true, minimum_cost: 300 }),
    ]);

    const raised = await call('PUT', `/creators/${creator.creatorId}`, creator, { minimumCost: 450 });
    expect(raised.statusCode, raised.body).toBe(200);
    const off = await call('PUT', `/creators/${creator.creatorId}`, creator, { availableCustom: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await customProducts(creator.creatorId)).toEqual([
      expect.objectContaining({ active: false, minimum_cost: 450 }),
    ]);
  });

  it('makes the creator settings follow the CUSTOM product written through the products API', async () => {
    const creator = await createCreator(app());
    const created = await call('POST', '/mission-products', creator, {
      creatorId: creator.creatorId,
      type: 'CUSTOM',
      minimumCost: 700,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await creatorSettings(creator.creatorId)).toEqual({ available_custom: true, minimum_cost: 700 });

    const id = created.json<MissionProduct>().id;
    expect((await call('PUT', `/mission-products/${id}/inactivate`, creator)).statusCode).toBe(200);
    expect(await creatorSettings(creator.creatorId)).toEqual({ available_custom: false, minimum_cost: 700 });
    const changed = await call('PUT', `/mission-products/${id}`, creator, { type: 'CUSTOM', minimumCost: 900 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await creatorSettings(creator.creatorId)).toEqual({ available_custom: false, minimum_cost: 900 });
  });

  it('refuses a second CUSTOM product with 409 and writes nothing', async () => {
    const creator = await createCreator(app());
    const body = { creatorId: creator.creatorId, type: 'CUSTOM', minimumCost: 100 };
    expect((await call('POST', '/mission-products', creator, body)).statusCode).toBe(200);
    const second = await call('POST', '/mission-products', creator, { ...body, minimumCost: 200 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'A creator has one custom mission; edit the existing one.' });
    expect(await customProducts(creator.creatorId)).toHaveLength(1);
    expect(await creatorSettings(creator.creatorId)).toEqual({ available_custom: true, minimum_cost: 100 });
  });
});
