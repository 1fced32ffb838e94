import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { createProduct } from '@fanmission/tests/support/missions';
import { localizeDefaultProductNames } from './default-name';

const testApp = useTestApp();
const app = () => testApp.current.app;

const get = (url: string, language: string) =>
  app().inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': language } });

describe('the default name of a CUSTOM product', () => {
  it('is shown in the reader’s language wherever the product appears; a chosen name never changes', async () => {
    const creator = await createCreator(app());
    const fan = await createAccount(app());
    const custom = await createProduct(app().db, creator.creatorId, 'CUSTOM');
    await app().db.updateTable('mission_products').set({ name: '커스텀 미션' }).where('id', '=', custom).execute();
    const other = await createCreator(app());
    const named = await createProduct(app().db, other.creatorId, 'CUSTOM');
    await app().db.updateTable('mission_products').set({ name: 'My own custom' }).where('id', '=', named).execute();
    const mission = await app()
      .db.insertInto('missions')
      .values({
        product_id: custom,
        creator_id: creator.creatorId,
        user_id: fan.id,
        type: 'CUSTOM',
        status: 'COMPLETED',
        coin_price: 100,
        completed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    for (const [language, name] of [
      ['ko', '커스텀 미션'],
      ['en', 'Custom mission'],
      ['ja', 'カスタムミッション'],
    ] as const) {
      expect((await get(`/mission-products/${custom}`, language)).json()).toMatchObject({ name });
      expect((await get(`/missions/${mission.id}`, language)).json()).toMatchObject({ missionProduct: { name } });
      expect((await get(`/mission-products/${named}`, language)).json()).toMatchObject({ name: 'My own custom' });
    }
  });

  it('copies what it changes and leaves other objects alone', () => {
    const untouched = { type: 'BASIC', name: '커스텀 미션' };
    const payload = { content: [{ type: 'CUSTOM', name: 'Custom mission' }, untouched], at: new Date(0) };
    const localized = localizeDefaultProductNames(payload, 'カスタムミッション') as typeof payload;
    expect(localized.content[0]).toEqual({ type: 'CUSTOM', name: 'カスタムミッション' });
    expect(localized.content[1]).toBe(untouched);
    expect(localized.at).toBe(payload.at);
    expect(payload.content[0]!.name).toBe('Custom mission');
    const same = { type: 'CUSTOM', name: 'カスタムミッション' };
    expect(localizeDefaultProductNames(same, 'カスタムミッション')).toBe(same);
  });
});
