import { missionPageSchema, type MissionProduct } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';

// A visitor's page of missions is every visitor's: kept VISITOR_PAGE_CACHE_MS per page and filters, while members
// read theirs each time.
const testApp = useTestApp({ config: testConfig({ VISITOR_PAGE_CACHE_MS: '60000' }) });
const app = () => testApp.current.app;

async function completedIds(query: string, account?: TestAccount): Promise<number[]> {
  const response = await app().inject({
    method: 'GET',
    url: `/api/v1/missions/page?status=COMPLETED${query}`,
    headers: { ...(account && account.headers) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return missionPageSchema.parse(response.json()).content.map((mission) => mission.id);
}

let fan: TestAccount;
let product: MissionProduct;

beforeAll(async () => {
  const creator = await createCreator(app());
  fan = await createAccount(app());
  product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100 });
});

describe('GET /missions/page for visitors', () => {
  it('answers a page again from the cache, members and other pages from the database', async () => {
    const first = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
    expect(await completedIds('')).toEqual([first.id]);

    const second = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
    // The same page for a visitor: as it was read a moment ago.
    expect(await completedIds('')).toEqual([first.id]);
    // A member's page, and another page (size) of a visitor's, are read now.
    expect(await completedIds('', fan)).toEqual([second.id, first.id]);
    expect(await completedIds('&size=5')).toEqual([second.id, first.id]);
  });
});
