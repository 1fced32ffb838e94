import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_ACCOUNT_SHARDS, verify } from '@fanmission/ledger';
import { DAY_MS } from '@fanmission/contracts';
import { testConfig } from '@fanmission/tests/harness/app';
import { identityNameHmac } from '../creators';
import { payeeAccountRefusals } from '../money-out';
import { DEFAULT_RETENTION } from '../retention';
import { EVENT_CONSUMERS } from '../runtime';
import { createTestDatabase, useTestDatabase } from '@fanmission/tests/harness/database';
import type { Db } from '../db';
import { generateWorld } from './generate';
import { WORLD_SIZES } from './shape';
import { LOAD_TRIGGERS, withoutRowTriggers } from './triggers';
import { countersOffTheirRecount } from '@fanmission/tests/support/counters';
import { verifyRolls, type RollRecord } from '@fanmission/tests/support/fairness-verifier';

const CONSUMERS = EVENT_CONSUMERS.map((consumer) => consumer.name);
const CONFIG = testConfig();
const nameHmac = (name: string) => identityNameHmac(CONFIG, name);

const NOW = new Date('2026-11-24T00:00:00Z');
const database = useTestDatabase();
const rows = async <R>(db: Db, query: ReturnType<typeof sql<R>>) => (await query.execute(db)).rows;

describe('the world generator (size XS)', () => {
  beforeAll(async () => {
    await generateWorld(database.current.db, { size: 'XS', seed: 7, now: NOW, consumers: CONSUMERS, nameHmac });
  }, 60_000);

  it('leaves a ledger whose verify is clean: balances, versions and lots equal the replay of the log', async () => {
    const { db } = database.current;
    const report = await verify(db);
    expect(report.differences).toEqual([]);
    expect(report.transactions).toBeGreaterThan(WORLD_SIZES.XS.missions);
    const drift = await rows(
      db,
      sql<{ account: string }>`
        select a.account from ledger_accounts a
        left join (select account, sum(amount) as balance, count(*) as postings from ledger_postings group by 1) p
          using (account)
        where a.balance <> coalesce(p.balance, 0) or a.version <> coalesce(p.postings, 0)`,
    );
    expect(drift).toEqual([]);
    // Every transaction of the outbox's retention window (its default 7 days before the world's present) has its event
    // in the outbox, delivered, and every consumer stands past them; an older one has none (a maintenance pass would
    // have dropped it).
    const windowStart = new Date(NOW.getTime() - DEFAULT_RETENTION.outboxDays * DAY_MS);
    const [events] = await rows(
      db,
      sql<{
        recent: number;
        older: number;
        events: number;
        olderEvents: number;
        unsent: number;
        behind: number;
        consumers: number;
      }>`
        select (select count(*)::int from ledger_transactions where occurred_at >= ${windowStart}) as recent,
          (select count(*)::int from ledger_transactions where occurred_at < ${windowStart}) as older,
          (select count(distinct aggregate_id)::int from outbox where aggregate_type = 'ledger') as events,
          (select count(*)::int from outbox o join ledger_transactions t on o.aggregate_type = 'ledger'
             and t.id = o.aggregate_id::bigint where t.occurred_at < ${windowStart}) as "olderEvents",
          (select count(*)::int from outbox where sent_at is null) as unsent,
          (select count(*)::int from event_consumer_checkpoints
           where position < (select max(position) from outbox)) as behind,
          (select count(*)::int from event_consumer_checkpoints) as consumers`,
    );
    expect(events!.recent).toBeGreaterThan(0);
    expect(events!.older).toBeGreaterThan(events!.recent);
    expect(events).toMatchObject({
      events: events!.recent,
      olderEvents: 0,
      unsent: 0,
      behind: 0,
      consumers: CONSUMERS.length,
    });
  });

  it("keeps each mission's escrow to its state: held while under way, released when performed, refunded when not", async () => {
    const { db } = database.current;
    const wrong = await rows(
      db,
      sql<{ id: number; status: string }>`
        select m.id, m.status from missions m
        left join ledger_accounts e on e.account = 'escrow:mission:' || m.id
        left join lateral (
          select coalesce(sum(p.amount) filter (where t.type = 'MISSION_RELEASE'), 0) as released,
            coalesce(sum(-p.amount) filter (where t.type = 'MISSION_REFUND'), 0) as refunded
          from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
          where p.account = 'escrow:mission:' || m.id and p.amount < 0
        ) moved on true
        where m.type <> 'EVENT' and m.status <> 'CREATED' and not (
          case m.status
            when 'REQUESTED' then coalesce(e.balance, 0) = m.coin_price
            when 'ACCEPTED' then coalesce(e.balance, 0) = m.coin_price
            when 'COMPLETED' then coalesce(e.balance, 0) = 0 and -moved.released = m.coin_price
            when 'REJECTED' then coalesce(e.balance, 0) = 0 and moved.refunded = m.coin_price
              and m.refunded_coins = m.coin_price
          end)`,
    );
    expect(wrong).toEqual([]);
    const states = await rows(db, sql<{ status: string }>`select distinct status from missions order by 1`);
    expect(states.map((row) => row.status)).toEqual(['ACCEPTED', 'COMPLETED', 'CREATED', 'REJECTED', 'REQUESTED']);
    // A lucky roll's coins: a win in the mission's escrow, a loss the fan's shard of platform revenue.
    const rolls = await rows(
      db,
      sql<{ bad: number }>`
        select count(*)::int as bad from lucky_rolls r join ledger_postings p
          on p.transaction_id = r.ledger_transaction_id and p.amount > 0
        where p.account <> case when r.success then 'escrow:mission:' || r.mission_id
            when r.user_id % ${HOUSE_ACCOUNT_SHARDS} = 0 then 'platform:revenue'
            else 'platform:revenue:' || r.user_id % ${HOUSE_ACCOUNT_SHARDS} end
          or p.amount <> r.coins`,
    );
    expect(rolls[0]!.bad).toBe(0);
    // Each creator page's counts (kept by triggers) equal his follows and his missions' likes.
    const pages = await rows(
      db,
      sql<{ bad: number }>`
        select count(*)::int as bad from creators c
        left join creator_page_totals t on t.creator_id = c.id
        where coalesce(t.followers, 0) <> (select count(*) from follows f where f.creator_id = c.id)
          or coalesce(t.likes, 0) <> (select coalesce(sum(m.likes_count), 0) from missions m where m.creator_id = c.id)`,
    );
    expect(pages[0]!.bad).toBe(0);
  });

  it("writes provably fair rolls: each verifies with its seed, nonces count a seed's rolls, past months' seeds revealed", async () => {
    const { db } = database.current;
    const all = await rows(
      db,
      sql<RollRecord & { revealed: boolean }>`
        select s.commitment, r.client_seed as "clientSeed", r.nonce, r.win_probability::float as "winProbability",
          r.success, encode(s.server_seed, 'hex') as "serverSeed", s.revealed_at is not null as revealed
        from lucky_rolls r left join roulette_seeds s on s.id = r.seed_id order by r.id`,
    );
    expect(all.length).toBeGreaterThan(WORLD_SIZES.XS.missions / 10);
    // The independent verifier (WebCrypto, no server code) recomputes every roll from its seed, client seed and nonce.
    expect(await verifyRolls(all)).toEqual([]);
    expect(all.some((roll) => roll.success)).toBe(true);
    expect(all.some((roll) => roll.revealed)).toBe(true);
    expect(all.some((roll) => !roll.revealed)).toBe(true);
    const monthStart = new Date('2026-10-31T15:00:00Z');
    const [seeds] = await rows(
      db,
      sql<{ nonces: number; order: number; revealed: number; active: number; fans: number; window: number }>`
        select
          -- a seed's rolls have the nonces 0 .. next_nonce - 1, each once
          (select count(*)::int from roulette_seeds s left join lateral (
             select count(*) as n, count(distinct nonce) as d, max(nonce) as top from lucky_rolls r where r.seed_id = s.id
           ) r on true
           where r.n <> s.next_nonce or r.d <> r.n or coalesce(r.top, -1) <> s.next_nonce - 1) as nonces,
          -- nonces follow the time of the rolls
          (select count(*)::int from (
             select id, lag(id) over (partition by seed_id order by nonce) as previous from lucky_rolls
           ) o where o.previous > o.id) as order,
          -- a seed holding rolls of a past month is revealed; the current month's are not
          (select count(*)::int from lucky_rolls r join roulette_seeds s on s.id = r.seed_id
           where (s.revealed_at is null) <> (r.created_at >= ${monthStart})) as revealed,
          (select count(*)::int from roulette_seeds where revealed_at is null) as active,
          (select count(distinct user_id)::int from lucky_rolls) as fans,
          -- every roll falls between its seed's commitment and its reveal
          (select count(*)::int from lucky_rolls r join roulette_seeds s on s.id = r.seed_id
           where r.created_at < s.created_at or r.created_at >= s.revealed_at or s.revealed_at > ${NOW}) as window`,
    );
    // Each fan who rolled has exactly one active, committed seed (the rotated ones revealed).
    expect(seeds).toEqual({ nonces: 0, order: 0, revealed: 0, active: seeds!.fans, fans: seeds!.fans, window: 0 });
  });

  it("matches each settled month's statement to its creator's missions and its ledger payout", async () => {
    const { db } = database.current;
    const [runs] = await rows(db, sql<{ n: number }>`select count(*)::int as n from settlement_runs`);
    expect(runs!.n).toBe(12);
    const wrong = await rows(
      db,
      sql<{ id: number }>`
        select s.id from settlement_statements s
        left join lateral (
          select coalesce(sum(l.coins), 0) as coins,
            count(*) filter (where m.status <> 'COMPLETED' or m.creator_id <> s.creator_id or t.type <> 'MISSION_RELEASE'
              or t.occurred_at >= (make_date(s.year, s.month, 1) + interval '1 month')::timestamp at time zone 'Asia/Seoul')
              as strays
          from settlement_statement_lines l join missions m on m.id = l.mission_id
          join ledger_transactions t on t.id = l.ledger_transaction_id
          where l.statement_id = s.id
        ) lines on true
        left join ledger_postings payout on payout.transaction_id = s.ledger_transaction_id
          and payout.account = 'settled:' || s.creator_id
        where lines.coins <> s.month_coins or lines.strays > 0
          or (s.status <> 'CARRIED_OVER' and payout.amount is distinct from s.total_earning_coin)`,
    );
    expect(wrong).toEqual([]);
    // Every release before the last settled month's end is on exactly one statement.
    const [unsettled] = await rows(
      db,
      sql<{ n: number }>`
        select count(*)::int as n from ledger_transactions t
        where t.type = 'MISSION_RELEASE' and t.occurred_at < ${new Date('2026-10-31T15:00:00Z')}
          and (select count(*) from settlement_statement_lines l where l.ledger_transaction_id = t.id) <> 1`,
    );
    expect(unsettled!.n).toBe(0);
    // Last month's first payout, and every 25th after it, is held by its creator's own account change the day
    // before the run, to the account the statement pays; no other statement is held.
    const [holds] = await rows(
      db,
      sql<{ held: number; issued: number; wrong: number }>`
        select count(*) filter (where s.payout_held)::int as held,
          count(*) filter (where s.status = 'ISSUED')::int as issued,
          count(*) filter (where s.payout_held and (s.status <> 'ISSUED' or c.creator_id <> s.creator_id
            or c.actor_id <> cr.user_id or c.to_bank_account_number <> s.bank_account_number
            or c.from_bank_account_number = c.to_bank_account_number
            or c.changed_at <> r.created_at - interval '1 day'))::int as wrong
        from settlement_statements s
        join creators cr on cr.id = s.creator_id
        join settlement_runs r on (r.year, r.month) = (s.year, s.month)
        left join payout_account_changes c on c.id = s.hold_account_change_id`,
    );
    expect(holds).toMatchObject({ wrong: 0, held: Math.ceil(holds!.issued / 25) });
    // The counters kept by triggers (creator pages, each creator's earnings per month, the dashboard's statement
    // totals per month and status, the releases no statement holds yet, the mission totals, the supporters), which
    // the generator fills set-based after the load (./triggers.ts), equal a recount of the rows they count.
    expect(await countersOffTheirRecount(db)).toEqual({
      creatorPages: 0,
      creatorMonthEarnings: 0,
      settlementMonths: 0,
      unsettledEarnings: 0,
      creatorMissionTotals: 0,
      productMissionCounts: 0,
      creatorSupporters: 0,
      missionAdultFlags: 0,
    });
  });

  it('withholds 3.3 % as the settlement rule does: only a verified business registration removes it, never a declared one', async () => {
    const { db } = database.current;
    const [withholding] = await rows(
      db,
      sql<{ declared: number; wrong: number; withheld: number }>`
        select count(*) filter (where c.business_type <> 'NONE' and c.verified_business_type = 'NONE')::int as declared,
          count(*) filter (where (c.verified_business_type = 'NONE') <> (s.tax_rate > 0 and s.local_tax_rate > 0))::int
            as wrong,
          count(*) filter (where s.tax_withheld > 0)::int as withheld
        from settlement_statements s join creators c on c.id = s.creator_id
        where s.status <> 'CARRIED_OVER'`,
    );
    // Some statements are a declared business's without a verified registration: withheld like any individual's.
    expect(withholding!.declared).toBeGreaterThan(0);
    expect(withholding).toMatchObject({ wrong: 0 });
    expect(withholding!.withheld).toBeGreaterThan(0);
  });

  it('pays every approved statement to its creator’s own verified account (the money-out rule)', async () => {
    const { db } = database.current;
    const approved = await db
      .selectFrom('settlement_statements')
      .select('id')
      .where('status', '=', 'APPROVED')
      .execute();
    expect(approved.length).toBeGreaterThan(0);
    const refused = await payeeAccountRefusals(
      db,
      CONFIG,
      approved.map((row) => row.id),
    );
    expect([...refused]).toEqual([]);
  });

  it('has the shape of a marketplace: a few creators hold most followers, most fans buy once or twice', async () => {
    const { db } = database.current;
    // Likes and comments are under public, performed missions only.
    const [social] = await rows(
      db,
      sql<{ comments: number; likes: number }>`
        select
          (select count(*)::int from mission_comments c join missions m on m.id = c.mission_id
           where m.status <> 'COMPLETED' or m.is_private) as comments,
          (select count(*)::int from mission_likes l join missions m on m.id = l.mission_id
           where m.status <> 'COMPLETED' or m.is_private) as likes`,
    );
    expect(social).toEqual({ comments: 0, likes: 0 });
    const [shape] = await rows(
      db,
      sql<{ top_follows: number; top_missions: number; median_purchases: number }>`
        select
          (select sum(n) filter (where rank <= 4)::float / sum(n) from (
            select count(*) as n, row_number() over (order by count(*) desc) as rank from follows group by creator_id
          ) f) as top_follows,
          (select sum(n) filter (where rank <= 4)::float / sum(n) from (
            select count(*) as n, row_number() over (order by count(*) desc) as rank from missions group by creator_id
          ) m) as top_missions,
          (select percentile_disc(0.5) within group (order by n) from (
            select count(*) as n from coin_deposits group by user_id
          ) d) as median_purchases`,
    );
    expect(shape!.top_follows).toBeGreaterThan(0.3);
    expect(shape!.top_missions).toBeGreaterThan(0.3);
    expect(Number(shape!.median_purchases)).toBeLessThanOrEqual(2);
    const methods = await rows(
      db,
      sql<{ method: string }>`
        select distinct coalesce(p.pay_method, 'bank') as method from coin_deposits d
        left join payments p on p.id = d.payment_id order by 1`,
    );
    expect(methods.map((row) => row.method)).toEqual(['bank', 'card', 'kakaopay', 'paypal', 'phone']);
    const [content] = await rows(
      db,
      sql<{ kinds: string[]; applications: number; comments: number; replies: number; notifications: number }>`
        select array(select distinct kind from coin_refunds order by 1) as kinds,
          (select count(*)::int from event_applications) as applications,
          (select count(*)::int from mission_comments) as comments,
          (select count(*)::int from mission_comments where parent_id is not null) as replies,
          (select count(*)::int from notifications) as notifications`,
    );
    expect(content).toMatchObject({ kinds: ['PARTIAL_REFUND', 'WITHDRAWAL'], comments: WORLD_SIZES.XS.comments });
    expect(content!.applications).toBeGreaterThan(0);
    expect(content!.replies).toBeGreaterThan(0);
    expect(content!.notifications).toBeGreaterThan(WORLD_SIZES.XS.missions);
  });

  it('has reviews under the product’s rules, replies, and each creator’s summary equal to a recount', async () => {
    const { db } = database.current;
    const [reviews] = await rows(
      db,
      sql<{ reviews: number; replies: number; broken: number; summaries_off: number }>`
        select
          (select count(*)::int from mission_reviews) as reviews,
          (select count(*)::int from mission_reviews where reply is not null) as replies,
          (select count(*)::int from mission_reviews r join missions m on m.id = r.mission_id
           where m.status <> 'COMPLETED' or coalesce(m.refunded_coins, 0) > 0 or r.user_id <> m.user_id
             or r.creator_id <> m.creator_id or r.created_at > m.completed_at + interval '30 days'
             or r.created_at > ${NOW}) as broken,
          (select count(*)::int from (
             select creator_id, count(*) as n, sum(rating) as s from mission_reviews group by creator_id
           ) c full join creator_review_summaries s using (creator_id)
           where s.reviews_count is distinct from c.n::int or s.rating_sum is distinct from c.s::int) as summaries_off`,
    );
    expect(reviews!.reviews).toBeGreaterThan(0);
    expect(reviews!.replies).toBeGreaterThan(0);
    expect(reviews).toMatchObject({ broken: 0, summaries_off: 0 });
  });

  it('is the same world from the same seed', async () => {
    const other = await createTestDatabase();
    try {
      await generateWorld(other.db, { size: 'XS', seed: 7, now: NOW, consumers: CONSUMERS, nameHmac });
      const digest = (db: Db) =>
        rows(
          db,
          sql<{ missions: string; postings: string; comments: string }>`
            select
              (select md5(string_agg(m::text, ',' order by id)) from missions m) as missions,
              (select md5(string_agg(p::text, ',' order by transaction_id, account)) from ledger_postings p) as postings,
              (select md5(string_agg(c::text, ',' order by id)) from mission_comments c) as comments`,
        );
      expect(await digest(other.db)).toEqual(await digest(database.current.db));
    } finally {
      await other.drop();
    }
  }, 60_000);
  it('leaves every index as the migrations made it (the tables are loaded without their secondary ones)', async () => {
    const fresh = await createTestDatabase();
    try {
      const indexes = (db: Db) =>
        rows(
          db,
          sql<{ definition: string; valid: boolean }>`
            select pg_get_indexdef(i.indexrelid) as definition, i.indisvalid as valid
            from pg_index i join pg_class c on c.oid = i.indexrelid
            where c.relnamespace = current_schema()::regnamespace order by 1`,
        );
      const world = await indexes(database.current.db);
      expect(world.filter((index) => !index.valid)).toEqual([]);
      expect(world.map((index) => index.definition)).toEqual(
        (await indexes(fresh.db)).map((index) => index.definition),
      );
    } finally {
      await fresh.drop();
    }
  });

  it("leaves every trigger on (the load turns the counters' off, and on again whether it succeeds or fails)", async () => {
    const { db } = database.current;
    const off = () =>
      rows(
        db,
        sql<{ name: string }>`
          select tgrelid::regclass || '.' || tgname as name from pg_trigger where tgenabled = 'D' order by 1`,
      );
    expect(await off()).toEqual([]);
    let during: { name: string }[] = [];
    await expect(
      withoutRowTriggers(db, async () => {
        during = await off();
        throw new Error('the load failed');
      }),
    ).rejects.toThrow('the load failed');
    // Each named trigger was off, on the postings' partitions too, and none other.
    const named = await rows(
      db,
      sql<{ name: string; root: string; trigger: string }>`
        select t.tgrelid::regclass || '.' || t.tgname as name, coalesce(i.inhparent, t.tgrelid)::regclass::text as root,
          t.tgname as trigger
        from pg_trigger t left join pg_inherits i on i.inhrelid = t.tgrelid
        where not t.tgisinternal order by 1`,
    );
    expect(during).toEqual(
      named.filter(({ root, trigger }) => LOAD_TRIGGERS[root]?.includes(trigger)).map(({ name }) => ({ name })),
    );
    expect(during.some(({ name }) => /^ledger_postings_.+\.creator_month_earnings$/.test(name))).toBe(true);
    expect(await off()).toEqual([]);
  });
});
