import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminApproval } from '@fanmission/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { balance, earningsAccount, escrowAccount, verify, walletAccount } from '@fanmission/ledger';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { signSessionToken } from '../auth';
import { findMissionsWithoutWorkflow } from '../missions';
import { DEMO_FAQS, DEMO_TAG_TRANSLATIONS, DEMO_TAGS } from './demo-content';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF } from './demo-accounts';
import { DEMO_CAPPED_CREATOR_URL, DEMO_PAUSED_CREATOR_URL, DEMO_PRODUCT_CAP } from './demo-capacity';
import { seedDemoData } from './demo-data';
import { DEMO_FAN_COINS, DEMO_MISSIONS, DEMO_PRODUCTS } from './demo-catalog';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-seed-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });

/** The session of the demo creator with that URL. */
async function ownerHeaders(url: string): Promise<{ authorization: string }> {
  const { app } = testApp.current;
  const owner = await app.db
    .selectFrom('creators')
    .innerJoin('users', 'users.id', 'creators.user_id')
    .select(['users.id', 'users.roles'])
    .where('creators.url', '=', url)
    .executeTakeFirstOrThrow();
  return { authorization: `Bearer ${signSessionToken(app, { id: owner.id, roles: owner.roles })}` };
}
afterAll(() => rmSync(storageDir, { recursive: true, force: true }));

describe('demo data', () => {
  it('creates accounts one can log in with, once', async () => {
    const { app } = testApp.current;
    expect(await seedDemoData(app.ctx)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    expect(await seedDemoData(app.ctx)).toEqual([]);

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'creator@fanmission.local', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: login.headers.authorization as string },
    });
    expect(me.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_CREATOR'], creator: { verified: true } });
  });

  it('has a paused creator and a capped product, shown by their availability', async () => {
    const { app } = testApp.current;
    await seedDemoData(app.ctx);
    const availability = async (url: string) => {
      const creator = await app.db.selectFrom('creators').select('id').where('url', '=', url).executeTakeFirstOrThrow();
      return (await app.inject({ method: 'GET', url: `/api/v1/creators/${creator.id}/availability` })).json();
    };
    expect(await availability(DEMO_PAUSED_CREATOR_URL)).toMatchObject({
      paused: true,
      pauseMessage: expect.stringContaining('쉬어가요'),
      returnOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const capped = await availability(DEMO_CAPPED_CREATOR_URL);
    expect(capped).toMatchObject({ paused: false });
    expect(capped.products).toEqual([expect.objectContaining({ maxOpenRequests: DEMO_PRODUCT_CAP })]);
  });

  it('has a small-bank team whose approvals queue shows money in and out, a payout account, payout rates and an invitation waiting', async () => {
    const { app } = testApp.current;
    const consoleSession = async (email: string) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { username: email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = login.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
      return (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    };
    const checker = await consoleSession(DEMO_STAFF.financeChecker);
    expect((await checker('/api/admin/approvals/counts')).json()).toEqual({ waitingForMe: 10, mine: 0 });
    const waiting = (await checker(`/api/admin/approvals?filter=${encodeURIComponent('{"view":"waiting"}')}`)).json<
      AdminApproval[]
    >();
    expect(waiting.map((request) => [request.kind, request.status, request.makerEmail]).sort()).toEqual([
      ['BANK_DEPOSIT_CONFIRM', 'PENDING', DEMO_STAFF.financeMaker],
      ['BONUS_COIN_ITEM', 'PENDING', DEMO_STAFF.financeMaker],
      ['BONUS_GRANT', 'PENDING', DEMO_STAFF.financeMaker],
      ['CASH_COIN_ITEM', 'PENDING', DEMO_STAFF.financeMaker],
      ['CREATOR_BUSINESS_VERIFICATION', 'PENDING', DEMO_STAFF.financeMaker],
      ['CREATOR_GRADE_CHANGE', 'PENDING', DEMO_STAFF.operatorMaker],
      ['CREATOR_PENALTY_LIFT', 'PENDING', DEMO_STAFF.operatorMaker],
      ['GRADE_PROPOSAL_OVERRIDE', 'PENDING', DEMO_STAFF.operatorMaker],
      ['PAYOUT_ACCOUNT_CHANGE', 'PENDING', DEMO_STAFF.financeMaker],
      ['STAFF_INVITATION', 'PENDING', DEMO_STAFF.financeMaker],
    ]);
    const maker = await consoleSession(DEMO_STAFF.financeMaker);
    expect((await maker('/api/admin/approvals/counts')).json()).toEqual({ waitingForMe: 3, mine: 7 });
    for (const operator of [DEMO_STAFF.operatorMaker, DEMO_STAFF.operatorChecker]) {
      expect((await (await consoleSession(operator))('/api/admin/approvals/counts')).statusCode).toBe(200);
    }
  });

  it('fills the creator search: verified creators with photos, tags and SNS links; the adult one hidden', async () => {
    const { app } = testApp.current;
    const search = await app.inject({ method: 'GET', url: '/api/v1/creators/page' });
    const urls = search.json().content.map((item: { creator: { url: string } }) => item.creator.url);
    expect(urls.sort()).toEqual(['cookingbear', 'gameking', 'skydance', 'starlight']);
    for (const item of search.json().content) {
      expect(item.creator.user.image.thumbnail.s3Url).toMatch(/\.thumb\.webp$/);
      const photo = await app.inject({ method: 'GET', url: item.creator.user.image.s3Url });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
    }

    // Behind the age gate for a visitor (docs/rules/adult-content.md); the creator reads his own page.
    const gated = await app.inject({ method: 'GET', url: '/api/v1/creators/by-url/nightwhisper' });
    expect(gated.json()).toMatchObject({ status: 401, code: 'ADULT_LOGIN_REQUIRED' });
    const adult = await app.inject({
      method: 'GET',
      url: '/api/v1/creators/by-url/nightwhisper',
      headers: await ownerHeaders('nightwhisper'),
    });
    expect(adult.json().creator).toMatchObject({ containAdultContent: true, verified: true });
    const starlight = await app.inject({ method: 'GET', url: '/api/v1/creators/by-url/starlight' });
    expect(starlight.json().creator).toMatchObject({
      description: expect.stringContaining('노래'),
      tags: [{ name: '노래' }, { name: '토크' }],
      snsLinks: [{ type: 'YOUTUBE' }, { type: 'INSTAGRAM' }],
      avatar: { contentType: 'image/png' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/v1/creators/by-url/sprout' })).statusCode).toBe(404);

    const tags = await app.inject({ method: 'GET', url: '/api/v1/tags/creator' });
    expect(tags.json().map((tag: { tag: { name: string } }) => tag.tag.name)).toEqual([...DEMO_TAGS]);
    const english = await app.inject({
      method: 'GET',
      url: '/api/v1/tags/creator',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().map((tag: { tag: { name: string } }) => tag.tag.name)).toEqual(
      DEMO_TAGS.map((name) => DEMO_TAG_TRANSLATIONS[name].en),
    );
  });

  it('adds FAQ entries in both categories and one popup', async () => {
    const { app } = testApp.current;
    for (const type of ['PAYMENT', 'MISSION'] as const) {
      const faq = await app.inject({ method: 'GET', url: `/api/v1/board/faq?type=${type}` });
      expect(faq.json().totalElements).toBe(DEMO_FAQS.filter((entry) => entry.category === type).length);
    }
    const popup = await app.inject({ method: 'GET', url: '/api/v1/notifications/popup/current' });
    expect(popup.json()).toMatchObject({
      title: '팬미션 오픈 기념 이벤트',
      webImage: { s3Url: expect.stringMatching(/\.png$/) },
    });
    expect(await app.db.selectFrom('popups').select('id').execute()).toHaveLength(1);
  });

  it('gives each verified demo creator BASIC and LUCKY products with drawn covers, CUSTOM equal to his settings', async () => {
    const { app } = testApp.current;
    for (const demo of DEMO_PRODUCTS) {
      const creator = await app.db
        .selectFrom('creators')
        .select(['id', 'available_custom', 'minimum_cost'])
        .where('url', '=', demo.url)
        .executeTakeFirstOrThrow();
      // As the creator reads them (an adult-flagged creator's answer nobody else not verified as an adult).
      const listed = await app.inject({
        method: 'GET',
        url: `/api/v1/mission-products?creatorId=${creator.id}`,
        headers: await ownerHeaders(demo.url),
      });
      expect(listed.statusCode).toBe(200);
      const products = listed.json<
        Array<{
          type: string;
          name: string;
          description: string | null;
          winProbability: number | null;
          descriptionPicture: { s3Url: string } | null;
        }>
      >();
      const expected = [
        ...demo.products.map((product) => product.type),
        ...(demo.customMinimumCost === undefined ? [] : ['CUSTOM']),
      ].sort();
      expect(products.map((product) => product.type).sort()).toEqual(expected);
      for (const product of demo.products) {
        const listedProduct = products.find((candidate) => candidate.name === product.name)!;
        expect(listedProduct).toMatchObject({
          description: expect.stringMatching(/[가-힣]/),
          winProbability: product.winProbability ?? null,
        });
        const cover = await app.inject({
          method: 'GET',
          url: listedProduct.descriptionPicture!.s3Url,
        });
        expect(cover.statusCode).toBe(200);
        expect(cover.headers['content-type']).toBe('image/png');
      }
      const custom = await app.db
        .selectFrom('mission_products')
        .select(['active', 'minimum_cost', 'name'])
        .where('creator_id', '=', creator.id)
        .where('type', '=', 'CUSTOM')
        .executeTakeFirst();
      if (demo.customMinimumCost === undefined) {
        expect(custom).toBeUndefined();
      } else {
        expect(custom).toMatchObject({ active: true, minimum_cost: demo.customMinimumCost, name: '커스텀 미션' });
        expect(creator).toMatchObject({ available_custom: true, minimum_cost: demo.customMinimumCost });
      }
    }
    const unverified = await app.db
      .selectFrom('mission_products as p')
      .innerJoin('creators as c', 'c.id', 'p.creator_id')
      .select('p.id')
      .where('c.url', '=', 'sprout')
      .execute();
    expect(unverified).toEqual([]);
  });

  it('gives the demo fan completed, accepted and expired missions with their coins moved in the ledger', async () => {
    const { app } = testApp.current;
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'fan@fanmission.local', password: DEMO_PASSWORD },
    });
    const headers = { authorization: login.headers.authorization as string };
    const page = await app.inject({ method: 'GET', url: '/api/v1/users/me/missions/page?size=12', headers });
    expect(page.statusCode).toBe(200);
    const missions = page.json<{
      content: Array<{
        id: number;
        status: string;
        coinPrice: number;
        rejectionReason: string | null;
        responseComment: string | null;
        picture: { s3Url: string } | null;
      }>;
    }>().content;
    expect(missions.map((mission) => mission.status).sort()).toEqual(
      DEMO_MISSIONS.map((mission) => mission.state).sort(),
    );

    const fan = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'fan@fanmission.local')
      .executeTakeFirstOrThrow();
    let spent = 0;
    for (const mission of missions) {
      const row = await app.db
        .selectFrom('missions')
        .selectAll()
        .where('id', '=', mission.id)
        .executeTakeFirstOrThrow();
      const escrow = await balance(app.db, escrowAccount(mission.id));
      if (mission.status === 'COMPLETED') {
        spent += mission.coinPrice;
        expect(mission.responseComment).toMatch(/[가-힣]/);
        const picture = await app.inject({ method: 'GET', url: mission.picture!.s3Url });
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toBe('image/png');
        expect(escrow.balance).toBe(0);
        expect(row.completed_at!.getTime()).toBeLessThan(row.perform_due_at!.getTime());
      } else if (mission.status === 'REJECTED') {
        expect(mission.rejectionReason).toBe('PERFORM_EXPIRED');
        expect(row.refunded_coins).toBe(mission.coinPrice);
        expect(escrow.balance).toBe(0);
        const penalties = await app.db
          .selectFrom('creator_penalties')
          .select(['level', 'mission_id'])
          .where('creator_id', '=', row.creator_id)
          .execute();
        expect(penalties).toEqual([{ level: 1, mission_id: mission.id }]);
      } else {
        spent += mission.coinPrice;
        expect(escrow.balance).toBe(mission.coinPrice);
        expect(row.perform_due_at!.getTime()).toBeGreaterThan(app.ctx.now().getTime());
      }
    }
    expect(await balance(app.db, walletAccount(fan.id))).toMatchObject({ balance: DEMO_FAN_COINS - spent });
    const completedCreators = await app.db
      .selectFrom('missions')
      .select(['creator_id', 'coin_price'])
      .where('user_id', '=', fan.id)
      .where('status', '=', 'COMPLETED')
      .execute();
    const earned = new Map<number, number>();
    for (const { creator_id: creatorId, coin_price: coins } of completedCreators) {
      earned.set(creatorId, (earned.get(creatorId) ?? 0) + coins);
    }
    for (const [creatorId, coins] of earned) {
      expect(await balance(app.db, earningsAccount(creatorId))).toMatchObject({ balance: coins });
    }

    // Shared missions: the public completed ones have their share pages, the private one an active unlisted link.
    for (const mission of missions.filter((each) => each.status === 'COMPLETED')) {
      const row = await app.db
        .selectFrom('missions')
        .select('is_private')
        .where('id', '=', mission.id)
        .executeTakeFirstOrThrow();
      const sharePage = await app.inject({ method: 'GET', url: `/share/m/${mission.id}` });
      expect(sharePage.statusCode).toBe(row.is_private ? 404 : 200);
      const links = await app.db
        .selectFrom('mission_share_links')
        .select('revoked_at')
        .where('mission_id', '=', mission.id)
        .execute();
      expect(links).toEqual(row.is_private ? [{ revoked_at: null }] : []);
    }

    // Only the ACCEPTED mission waits for a workflow, and the reconciler's next run (30 s grace) starts it.
    const waiting = await findMissionsWithoutWorkflow(app.db, new Date(app.ctx.now().getTime() - 30_000), 100);
    expect(waiting.map((mission) => mission.status)).toEqual(['ACCEPTED']);
    const events = await app.db
      .selectFrom('outbox')
      .select([sql<string>`type`.as('type'), sql<number>`count(*)::int`.as('count')])
      .where('aggregate_type', '=', 'mission')
      .groupBy('type')
      .orderBy('type')
      .execute();
    const seededIn = (state: string) => DEMO_MISSIONS.filter((mission) => mission.state === state).length;
    expect(events).toEqual([
      { type: 'mission.completed', count: seededIn('COMPLETED') },
      { type: 'mission.rejected', count: seededIn('REJECTED') },
      { type: 'mission.requested', count: DEMO_MISSIONS.length },
    ]);
    expect((await verify(app.db)).differences).toEqual([]);
  });

  it('adds nothing when seeded again', async () => {
    const { app } = testApp.current;
    const counts = async () => {
      const count = async (table: 'mission_products' | 'missions' | 'files' | 'ledger_transactions' | 'outbox') =>
        Number(
          (
            await app.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      return {
        products: await count('mission_products'),
        missions: await count('missions'),
        files: await count('files'),
        ledger: await count('ledger_transactions'),
        outbox: await count('outbox'),
      };
    };
    const before = await counts();
    expect(before.missions).toBe(DEMO_MISSIONS.length);
    expect(await seedDemoData(app.ctx)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
