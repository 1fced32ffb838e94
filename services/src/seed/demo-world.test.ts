import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_KINDS, BANK_NAMES, type MyCreator } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import { createTestApp, testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { signSessionToken } from '../auth';
import type { Db } from '../db';
import { EVENT_CONSUMERS } from '../runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF } from './demo-accounts';
import { seedDemoWorld, type DemoWorldReport } from './demo-world';

// The demo world on a database of its own, its media from the machine's cache (made on the first run).
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-demo-world-'));
const cache = process.env.FANMISSION_CACHE_DIR;
const config = testConfig({ STORAGE_DIR: storageDir, ...(cache && { FANMISSION_CACHE_DIR: cache }) });
// One clock for both worlds of the determinism check.
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const testApp = useTestApp({ config, now: () => NOW });
afterAll(() => rmSync(storageDir, { recursive: true, force: true }));
const consumers = EVENT_CONSUMERS.map((consumer) => consumer.name);
const count = async (db: Db, query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db)).rows[0]!.n;

// The creators the README names (creator@, dancer@, cook@, gamer@, night@).
const README_CREATORS = ['starlight', 'skydance', 'cookingbear', 'gameking', 'nightwhisper'];

const digest = async (db: Db) =>
  (
    await sql<{ users: string; missions: string; postings: string; files: string; statements: string }>`
      select
        (select md5(string_agg(concat_ws(',', id, email, image_file_id), ',' order by id)) from users) as users,
        (select md5(string_agg(concat_ws(',', id, status, user_id, creator_id, coin_price, requested_at,
          completed_at, video_file_id, picture_file_id, voice_file_id, thumbnail_file_id), ',' order by id))
         from missions) as missions,
        (select md5(string_agg(concat_ws(',', transaction_id, account, amount), ',' order by transaction_id, account))
         from ledger_postings) as postings,
        (select md5(string_agg(concat_ws(',', id, owner_user_id, content_type, size_bytes), ',' order by id))
         from files) as files,
        (select md5(string_agg(concat_ws(',', id, creator_id, year, month, status, to_receipt), ',' order by id))
         from settlement_statements) as statements`.execute(db)
  ).rows[0]!;

let report: DemoWorldReport;
/** What the first seeding said (on a fresh machine it also made the media pool). */
const seedingLines: string[] = [];
beforeAll(async () => {
  report = await seedDemoWorld(testApp.current.app.ctx, { consumers, log: (line) => seedingLines.push(line) });
}, 180_000);

describe('the demo world', () => {
  it('creates every demo account, and nothing when seeded again', async () => {
    const { app } = testApp.current;
    expect(report.created).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    const again = await seedDemoWorld(app.ctx, { consumers });
    expect(again).toMatchObject({ created: [], world: null, media: null });
    expect(again.seconds).toBeLessThan(5);
  });

  it("leaves finance2@ a pending request of every kind: finance1@'s, and the first account's role grant", async () => {
    const { app } = testApp.current;
    // The world holds last month's first payout (its creator changed his account the day before the run).
    const held = await app.db
      .selectFrom('settlement_statements')
      .select('id')
      .where('payout_held', '=', true)
      .executeTakeFirst();
    expect(held).toBeDefined();
    // Every kind but the staff changes the demo's four-member team has nobody to apply to: taking a role away needs a
    // member with two roles other than the first account, reactivating needs a deactivated one, and deactivating
    // one of the four would leave the demo's story short of a checker.
    const unseeded: readonly string[] = ['STAFF_ROLE_REMOVAL', 'STAFF_DEACTIVATION', 'STAFF_REACTIVATION'];
    // A creator's payout rate (his grade, a penalty that lowered it, a grade other than proposed) is an operator's
    // request that finance checks.
    const OPERATOR_KINDS: readonly string[] = [
      'CREATOR_GRADE_CHANGE',
      'CREATOR_PENALTY_LIFT',
      'GRADE_PROPOSAL_OVERRIDE',
    ];
    const kinds = APPROVAL_KINDS.filter((kind) => !unseeded.includes(kind));
    const rows = await app.db
      .selectFrom('staff_approval_requests as r')
      .innerJoin('users as u', 'u.id', 'r.maker_id')
      .select(['r.kind', 'r.status', 'u.email'])
      .orderBy('r.kind')
      .execute();
    expect(rows).toEqual(
      [...kinds].sort().map((kind) => ({
        kind,
        status: 'PENDING',
        email:
          kind === 'STAFF_ROLE_GRANT'
            ? config.ADMIN_EMAIL
            : OPERATOR_KINDS.includes(kind)
              ? DEMO_STAFF.operatorMaker
              : DEMO_STAFF.financeMaker,
      })),
    );
  });

  it("puts the README's creators among the busiest: missions, a paid statement; the adult one out of search", async () => {
    const { app } = testApp.current;
    const creators = await sql<{ url: string; verified: boolean; adult: boolean; completed: number; paid: number }>`
      select c.url, c.verified, c.contain_adult_content as adult,
        (select count(*)::int from missions m where m.creator_id = c.id and m.status = 'COMPLETED') as completed,
        (select count(*)::int from settlement_statements s where s.creator_id = c.id and s.status = 'PAID') as paid
      from creators c where c.url in ('starlight', 'skydance', 'nightwhisper', 'sprout') order by c.url`.execute(
      app.db,
    );
    expect(creators.rows).toEqual([
      { url: 'nightwhisper', verified: true, adult: true, completed: expect.any(Number), paid: expect.any(Number) },
      { url: 'skydance', verified: true, adult: false, completed: expect.any(Number), paid: expect.any(Number) },
      { url: 'sprout', verified: false, adult: false, completed: 0, paid: 0 },
      { url: 'starlight', verified: true, adult: false, completed: expect.any(Number), paid: expect.any(Number) },
    ]);
    expect(creators.rows.find((row) => row.url === 'starlight')).toMatchObject({
      completed: expect.toSatisfy((n: number) => n > 20),
      paid: expect.toSatisfy((n: number) => n >= 1),
    });
    const search = await app.inject({ method: 'GET', url: '/api/v1/creators/page?size=60' });
    const urls = search.json<{ content: { creator: { url: string } }[] }>().content.map((item) => item.creator.url);
    expect(urls).toEqual(expect.arrayContaining(['starlight', 'skydance', 'cookingbear', 'gameking']));
    expect(urls).not.toContain('nightwhisper');
    expect(urls).not.toContain('sprout');
  });

  it('lets each README creator save his profile as it stands (intro, picture, tags, SNS and business fields seeded)', async () => {
    const { app } = testApp.current;
    const emails = ['creator', 'dancer', 'cook', 'gamer', 'night'].map((name) => `${name}@fanmission.local`);
    for (const email of emails) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, email).toBe(200);
      const headers = { authorization: login.headers.authorization as string, 'accept-language': 'ko' };
      const me = (await app.inject({ method: 'GET', url: '/api/v1/creators/me', headers })).json<MyCreator>();
      // What the profile editor sends when the creator changes only his description.
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/v1/creators/${me.id}`,
        headers,
        payload: {
          tags: me.tags.map((tag) => tag.id),
          name: me.name,
          snsLinks: me.snsLinks,
          description: `${me.description ?? ''} (수정)`,
          containAdultContent: me.containAdultContent,
          url: me.url ?? '',
          businessType: me.businessType,
          businessName: me.businessName,
          businessRegistrationNumber: me.businessRegistrationNumber,
          businessCashReceiptNumber: me.businessCashReceiptNumber,
          donating: me.donating,
        },
      });
      expect(saved.statusCode, `${email}: ${saved.body}`).toBe(200);
    }
  });

  it('keeps the adult creator behind the age gate for the demo fan: no demo member is adult-verified', async () => {
    const { app } = testApp.current;
    const verified = await app.db
      .selectFrom('users')
      .select('email')
      .where('adult_verified_at', 'is not', null)
      .execute();
    expect(verified).toEqual([]);
    const fan = await app.db
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('email', '=', 'fan@fanmission.local')
      .executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${signSessionToken(app, { id: fan.id, roles: fan.roles })}` };
    const page = (extra: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/api/v1/creators/by-url/nightwhisper', headers: extra });
    expect((await page()).json()).toMatchObject({ status: 401, code: 'ADULT_LOGIN_REQUIRED' });
    expect((await page(headers)).json()).toMatchObject({ status: 403, code: 'ADULT_VERIFICATION_REQUIRED' });
    const night = await app.db
      .selectFrom('creators')
      .select('id')
      .where('url', '=', 'nightwhisper')
      .executeTakeFirstOrThrow();
    const browse = await app.inject({ method: 'GET', url: '/api/v1/missions/page?status=COMPLETED&size=100' });
    const creators = browse
      .json<{ content: { missionProduct: { creator: { id: number } } }[] }>()
      .content.map((mission) => mission.missionProduct.creator.id);
    expect(creators.length).toBeGreaterThan(0);
    expect(creators).not.toContain(night.id);
  });

  it("gives the README's creators a statement for each of the past three months: paid, approved, issued", async () => {
    const { db } = testApp.current.app;
    // The three months before the run's (Korea time), oldest first.
    const korea = new Date(NOW.getTime() + 9 * 3_600_000);
    const months = [3, 2, 1].map((back) => {
      const month = new Date(Date.UTC(korea.getUTCFullYear(), korea.getUTCMonth() - back, 1));
      return { year: month.getUTCFullYear(), month: month.getUTCMonth() + 1 };
    });
    const statements = await sql<{ url: string; year: number; month: number; status: string; toReceipt: number }>`
      select c.url, s.year, s.month, s.status, s.to_receipt as "toReceipt"
      from settlement_statements s join creators c on c.id = s.creator_id
      where c.url in ${sql`(${sql.join(README_CREATORS)})`} order by c.url, s.year, s.month`.execute(db);
    for (const url of README_CREATORS) {
      expect(statements.rows.filter((row) => row.url === url)).toEqual(
        months.map(({ year, month }, index) => ({
          url,
          year,
          month,
          status: ['PAID', 'APPROVED', 'ISSUED'][index],
          toReceipt: expect.toSatisfy((amount: number) => amount > 0),
        })),
      );
    }
  });

  it('leaves every open mission within its deadline and without a workflow, for the reconciler to start', async () => {
    const { db } = testApp.current.app;
    const now = NOW;
    const open = await db
      .selectFrom('missions')
      .select(['id', 'type', 'status', 'decision_due_at', 'perform_due_at', 'workflow_started_at'])
      .where('status', 'in', ['REQUESTED', 'ACCEPTED'])
      .execute();
    expect(open.length).toBeGreaterThan(10);
    for (const mission of open) {
      const due = mission.status === 'ACCEPTED' ? mission.perform_due_at : mission.decision_due_at;
      if (mission.type === 'EVENT') {
        expect(mission.workflow_started_at, `mission ${mission.id}`).not.toBeNull();
        continue;
      }
      expect(due!.getTime(), `mission ${mission.id}`).toBeGreaterThan(now.getTime());
      expect(mission.workflow_started_at, `mission ${mission.id}`).toBeNull();
    }
    const events = await db.selectFrom('lottery_events').select(['status', 'workflow_started_at']).execute();
    for (const status of ['APPLYING', 'DRAWING', 'DRAWN']) {
      expect(events.filter((event) => event.status === status)).toEqual([{ status, workflow_started_at: null }]);
    }
  });

  it('gives the demo fan charges of every payment method, spends and a refund, and a running comment event', async () => {
    const { db } = testApp.current.app;
    const fan = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'fan@fanmission.local')
      .executeTakeFirstOrThrow();
    const methods = await sql<{ method: string }>`
      select distinct t.metadata ->> 'payMethod' as method from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id
      where t.type = 'PURCHASE' and p.account = ${`wallet:${fan.id}`} order by 1`.execute(db);
    expect(methods.rows.map((row) => row.method)).toEqual(
      expect.arrayContaining(['card', 'kakaopay', 'paypal', 'phone', 'withoutbankbook']),
    );
    expect(await count(db, sql`select count(*)::int as n from coin_refunds where user_id = ${fan.id}`)).toBeGreaterThan(
      0,
    );
    expect(
      await count(db, sql`select count(*)::int as n from missions where user_id = ${fan.id} and status = 'COMPLETED'`),
    ).toBeGreaterThan(3);
    const running = await sql<{ wins: number }>`
      select (select count(*)::int from comment_event_wins w where w.event_id = e.id) as wins
      from comment_events e where e.starts_at < ${NOW} and e.ends_at > ${NOW}`.execute(db);
    expect(running.rows).toHaveLength(1);
    expect(running.rows[0]!.wins).toBeGreaterThan(0);
    expect((await verify(db)).differences).toEqual([]);
  });

  it("gives every payout and refund account a bank of contracts' list (the console's refunds answered 500 on 'KB')", async () => {
    const { db } = testApp.current.app;
    const banks = await sql<{ bank: string }>`
      select bank_name as bank from creators where bank_name is not null
      union select bank_name from coin_refunds where bank_name is not null`.execute(db);
    expect(banks.rows.length).toBeGreaterThan(0);
    for (const { bank } of banks.rows) expect(BANK_NAMES).toContain(bank);
  });

  it("leaves finance bank deposits to confirm (the console's default filter), without coins yet", async () => {
    const { db } = testApp.current.app;
    const ready = await sql<{ n: number; deposits: number; untold: number }>`
      select count(*)::int as n,
        (select count(*)::int from coin_deposits d join bank_transfers b on b.id = d.bank_transfer_id
         where b.status = 'ready') as deposits,
        count(*) filter (where pay_to_account_number is null or pay_due_at <= created_at)::int as untold
      from bank_transfers where status = 'ready'`.execute(db);
    expect(ready.rows[0]!.n).toBeGreaterThan(0);
    expect(ready.rows[0]!.deposits).toBe(0);
    // Their fans were told where and by when to pay (their pending tab shows it).
    expect(ready.rows[0]!.untold).toBe(0);
  });

  it("names each notification's actor, as the notifications consumer does", async () => {
    const { db } = testApp.current.app;
    const notifications = await sql<{ all: number; unnamed: number }>`
      select count(*)::int as all, count(*) filter (where coalesce(params ->> 'actor', '') = '')::int as unnamed
      from notifications`.execute(db);
    expect(notifications.rows[0]!.all).toBeGreaterThan(100);
    expect(notifications.rows[0]!.unnamed).toBe(0);
  });

  it('makes every item of the media pool: none left out because the media tools were busy', () => {
    expect(seedingLines.filter((line) => line.includes('made without an item'))).toEqual([]);
  });

  it('is the same world, media included, from the same seed and clock', async () => {
    const other = await createTestApp({ config, now: () => NOW });
    try {
      await seedDemoWorld(other.app.ctx, { consumers });
      expect(await digest(other.app.db)).toEqual(await digest(testApp.current.app.db));
    } finally {
      await other.app.close();
      await other.database.drop();
    }
  }, 180_000);

  it('writes the world again after a seeding process died halfway, never taking the half for a seeded world', async () => {
    const other = await createTestApp({ config, now: () => NOW });
    // A storage directory that is a file: the world is written, then its first picture fails.
    const blocked = path.join(storageDir, 'not-a-directory');
    writeFileSync(blocked, '');
    try {
      const broken = { ...other.app.ctx, config: { ...other.app.ctx.config, STORAGE_DIR: blocked } };
      await expect(seedDemoWorld(broken, { consumers })).rejects.toThrow();
      const half = await sql<{ state: string; users: number }>`
        select state, (select count(*)::int from users) as users from demo_world_state`.execute(other.app.db);
      expect(half.rows).toEqual([{ state: 'WRITING', users: expect.toSatisfy((n: number) => n > 300) }]);

      const lines: string[] = [];
      const again = await seedDemoWorld(other.app.ctx, { consumers, log: (line) => lines.push(line) });
      expect(again.world).not.toBeNull();
      expect(lines[0]).toMatch(/stopped halfway/);
      const done = await sql<{ state: string }>`select state from demo_world_state`.execute(other.app.db);
      expect(done.rows).toEqual([{ state: 'COMPLETE' }]);
      expect(await digest(other.app.db)).toEqual(await digest(testApp.current.app.db));
      expect((await verify(other.app.db)).differences).toEqual([]);
      expect(await seedDemoWorld(other.app.ctx, { consumers })).toMatchObject({ created: [], world: null });
    } finally {
      await other.app.close();
      await other.database.drop();
    }
  }, 300_000);

  // Last: approving changes the world the determinism checks above compare.
  it("runs each of finance1@'s waiting money requests once finance2@ approves it: refunds and cancel reach the bank and the card", async () => {
    const { app } = testApp.current;
    const checker = await app.db
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('email', '=', DEMO_STAFF.financeChecker)
      .executeTakeFirstOrThrow();
    const pending = await app.db
      .selectFrom('staff_approval_requests')
      .select(['id', 'kind'])
      .where('kind', 'in', ['MANUAL_REFUND', 'PROVIDER_REFUND', 'PAYMENT_CANCEL', 'STATEMENT_RELEASE'])
      .orderBy('id')
      .execute();
    expect(pending.map((row) => row.kind).sort()).toEqual([
      'MANUAL_REFUND',
      'PAYMENT_CANCEL',
      'PROVIDER_REFUND',
      'STATEMENT_RELEASE',
    ]);
    const session = signSessionToken(app, { id: checker.id, roles: checker.roles }, { kind: 'console' });
    for (const request of pending) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/admin/approvals/${request.id}/decision`,
        headers: { authorization: `Bearer ${session}` },
        payload: { decision: 'approve', note: 'demo check' },
      });
      expect(answer.statusCode, `${request.kind}: ${answer.body}`).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'EXECUTED' });
    }
    const refunds = await sql<{ status: string; parts: string[] }>`
      select r.status, array_agg(coalesce(p.provider_refund_id, 'bank') order by p.id) as parts
      from coin_refunds r join coin_refund_parts p on p.refund_id = r.id
      where r.id in (select (params ->> 'refundId')::bigint from staff_approval_requests
        where kind in ('MANUAL_REFUND', 'PROVIDER_REFUND'))
      group by r.id order by r.id`.execute(app.db);
    expect(refunds.rows).toEqual([
      { status: 'paid', parts: ['bank'] },
      { status: 'paid', parts: [expect.stringMatching(/^sandbox-refund-/), expect.stringMatching(/^sandbox-refund-/)] },
    ]);
    const cancelled = await sql<{ refunded: number; coins: number }>`
      select (select coalesce(sum(amount), 0)::int from sandbox_refunds s where s.payment_id = p.id) as refunded,
        (select coalesce(sum(l.remaining), 0)::int from coin_deposits d join ledger_lots l
          on l.transaction_id = d.ledger_transaction_id where d.payment_id = p.id) as coins
      from payments p where p.id = (select params ->> 'paymentId' from staff_approval_requests
        where kind = 'PAYMENT_CANCEL')`.execute(app.db);
    expect(cancelled.rows).toEqual([{ refunded: 300_000, coins: 0 }]);
    expect((await verify(app.db)).differences).toEqual([]);
  });
});
