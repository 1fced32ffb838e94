// Whether a member's routes stay flat in his own data:
//   node --import tsx tests/bench/persona.ts
// On world S (services/src/world; generated once in a minute or two under BENCH_WORLDS_DIR, default
// <tmp>/fanmission-persona-worlds, and kept) three pairs of personas are added, each a fan and a creator whose own data
// is 1×, 10× and 100× that of the busiest fan and the busiest creator of world M. A world's busiest members are its
// first fan and first creator (services/src/world/missions.ts draws a mission's creator as skewed(creators, 4) and its
// fan as skewed(members, 3): the first of n gets a share n^(-1/4), n^(-1/3)); so M's busiest hold S's busiest's data
// times (M missions ÷ S missions) × (S count ÷ M count)^(1/skew):
// - the busiest fan: 10 × (1/10)^(1/3) = 4.64× S's fan 1: 2,373 missions and 3,643 notifications at S (seed 39),
//   so 11,014 missions and 16,909 notifications at M, the 1× persona;
// - the busiest creator: 10 × (1/10)^(1/4) = 5.62× S's creator 1: 8,860 missions at S, so 49,823 at M, in S's creator
//   1's mix of statuses and types (COMPLETED 65 %, REJECTED 22 %, CREATED 10 %, ACCEPTED 1.8 %, REQUESTED 0.5 %).
// The bench reads these figures from the world itself and prints them. A persona's missions are his creator's (the
// fan's are a share of his same-scale creator's), spread over the world's year, the open ones (REQUESTED, ACCEPTED,
// CREATED) within its last two weeks, 10 % private; the fan's notifications over the year. Both are loaded
// set-based (generate_series) in time order (as the product appends them: ids and pages grow with time), through the
// world generator's bulk path (secondary indexes built after, the counters' triggers off and their rows filled from
// the loaded missions). No coin moves: every persona mission is priced 0 coins, so the ledger is untouched and
// `verify` stays as clean as the world was. The personas are kept with the world (table `bench_personas`).
// Then for each route a member's own data feeds — the fan's notifications, the creator's management lists (per product
// type of his open missions, per status) and his studio's tabs, browsing the REQUESTED, ACCEPTED and COMPLETED tabs at
// page 0 and 50 as the fan — at each scale: buffers (shared hit + read, pg_stat_statements) and statements per request,
// and CPU per request of the API (with its client) and PostgreSQL, over requests one after the other
// (tests/bench/support.ts `measureCost`, BENCH_COST_REQUESTS (30)); the ratio 100×/1× of buffers; the calibration
// route's CPU (a constant JSON answer of the same app). BENCH_ROUTES (a regular expression) measures only the routes it
// matches; BENCH_STATEMENTS=1 prints each route's heaviest statements. Last the line
//   persona: worst growth <x>× by buffers (<route>) from 1× to 100×; heaviest fan route <y> ms CPU (<route>) at 100×,
//   <z>× the calibration route (<c> ms)
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, type Db } from '@fanmission/services/db';
import {
  fillMissionCounters,
  fillReviews,
  withoutRowTriggers,
  withoutSecondaryIndexes,
  WORLD_SIZES,
} from '@fanmission/services/world';
import {
  CALIBRATION_ROUTE,
  ensureWorld,
  measureCost,
  startWorldApp,
  startWorldsPostgres,
  WORLDS_NOW,
  type RouteCost,
  STUDIO_TABS,
} from './support';

const WORLDS = process.env.BENCH_WORLDS_DIR ?? path.join(os.tmpdir(), 'fanmission-persona-worlds');
const DATABASE = 'world_s';
const COST_REQUESTS = Number(process.env.BENCH_COST_REQUESTS ?? 30);
const ROUTES = new RegExp(process.env.BENCH_ROUTES ?? '.');
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const WARM_UP_REQUESTS = 10;
const SCALES = [1, 10, 100] as const;
type Scale = (typeof SCALES)[number];
const S = WORLD_SIZES.S;
const M = WORLD_SIZES.M;
/** M's busiest fan's and creator's data over S's (the header comment). */
const FAN_FACTOR = (M.missions / S.missions) * (S.members / M.members) ** (1 / 3);
const CREATOR_FACTOR = (M.missions / S.missions) * (S.creators / M.creators) ** (1 / 4);
/** The world's busiest fan and creator (services/src/world/shape.ts: the operator 1, creators from 2, then fans). */
const BUSIEST_FAN = 2 + S.creators + 1;
const BUSIEST_CREATOR = 1;
/** How long ago a persona's open missions were asked (their deadlines are days away, services/src/world/missions.ts). */
const OPEN_DAYS = 14;

interface Persona {
  scale: Scale;
  fanUserId: number;
  creatorId: number;
  creatorUserId: number;
}

const postgres = await startWorldsPostgres(WORLDS);
try {
  await ensureWorld(postgres, 'S', DATABASE, { now: WORLDS_NOW });
  const db = createDb(postgres.urlFor(DATABASE), { max: 2, statementTimeoutMs: 0 });
  let personas: Persona[];
  try {
    personas = await ensurePersonas(db);
  } finally {
    await db.destroy();
  }
  await measure(personas);
} finally {
  await postgres.stop();
}

/** The personas kept with the world, or added now (a few minutes: most of it the missions' indexes). */
async function ensurePersonas(db: Db): Promise<Persona[]> {
  await sql`create table if not exists bench_personas (
      scale int primary key, fan_user_id bigint not null, creator_id bigint not null, creator_user_id bigint not null)`.execute(
    db,
  );
  const kept = await sql<Persona>`
    select scale, fan_user_id as "fanUserId", creator_id as "creatorId", creator_user_id as "creatorUserId"
    from bench_personas order by scale`.execute(db);
  const baseline = await busiestAtS(db);
  console.log(
    `world S's busiest fan: ${baseline.fanMissions} missions, ${baseline.fanNotifications} notifications ` +
      `(× ${FAN_FACTOR.toFixed(2)} at M: ${Math.round(baseline.fanMissions * FAN_FACTOR)}, ` +
      `${Math.round(baseline.fanNotifications * FAN_FACTOR)}); busiest creator: ${baseline.creatorMissions} missions ` +
      `(× ${CREATOR_FACTOR.toFixed(2)} at M: ${Math.round(baseline.creatorMissions * CREATOR_FACTOR)}), ` +
      baseline.mix.map((part) => `${part.status} ${part.type} ${part.missions}`).join(', '),
  );
  if (kept.rows.length === SCALES.length) {
    console.log('personas: kept from an earlier run');
    return kept.rows.map((row) => ({ ...row, fanUserId: Number(row.fanUserId), creatorId: Number(row.creatorId) }));
  }
  const started = performance.now();
  const personas: Persona[] = [];
  for (const scale of SCALES) personas.push(await addPersonaAccounts(db, scale));
  await withoutRowTriggers(db, () =>
    withoutSecondaryIndexes(db, ['missions', 'notifications'], async () => {
      for (const persona of personas) {
        await addMissions(db, persona, baseline);
        await addNotifications(db, persona, baseline);
      }
    }),
  );
  // What the turned-off triggers would have written, for the personas' creators only (the world's rows have theirs).
  await fillMissionCounters(db, { creatorIds: personas.map((persona) => persona.creatorId) });
  // Their reviews as the world has them (about 40 % of the answered missions), for the creator page's review reads.
  await fillReviews(db, WORLDS_NOW, { creatorIds: personas.map((persona) => persona.creatorId) });
  await sql`vacuum analyze`.execute(db);
  for (const persona of personas) {
    await sql`insert into bench_personas values (${persona.scale}, ${persona.fanUserId}, ${persona.creatorId},
      ${persona.creatorUserId})`.execute(db);
  }
  console.log(`personas: added in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return personas;
}

interface Baseline {
  fanMissions: number;
  fanNotifications: number;
  creatorMissions: number;
  mix: { status: string; type: string; missions: number }[];
}

async function busiestAtS(db: Db): Promise<Baseline> {
  // The world's own missions: a kept world's personas gave some of theirs to its fans (addMissions).
  const worldMissions = sql<boolean>`creator_id not in (select creator_id from bench_personas)`;
  const { rows: counts } = await sql<{ missions: number; notifications: number; creator: number }>`
    select (select count(*)::int from missions where user_id = ${BUSIEST_FAN} and ${worldMissions}) as missions,
      (select count(*)::int from notifications where user_id = ${BUSIEST_FAN}) as notifications,
      (select count(*)::int from missions where creator_id = ${BUSIEST_CREATOR}) as creator`.execute(db);
  const { rows: mix } = await sql<{ status: string; type: string; missions: number }>`
    select status, type, count(*)::int as missions from missions where creator_id = ${BUSIEST_CREATOR}
    group by 1, 2 order by 3 desc`.execute(db);
  return {
    fanMissions: counts[0]!.missions,
    fanNotifications: counts[0]!.notifications,
    creatorMissions: counts[0]!.creator,
    mix,
  };
}

/** A fan and a creator copied from the world's busiest (their profile), and the creator's products, one of each type. */
async function addPersonaAccounts(db: Db, scale: Scale): Promise<Persona> {
  const fanUserId = await copyRow(db, 'users', BUSIEST_FAN, {
    email: `persona-fan-${scale}x@world.local`,
    username: `persona-fan-${scale}x`,
  });
  const creatorUserId = await copyRow(db, 'users', 1 + BUSIEST_CREATOR, {
    email: `persona-creator-${scale}x@world.local`,
    username: `persona-creator-${scale}x`,
  });
  const creatorId = await copyRow(db, 'creators', BUSIEST_CREATOR, {
    user_id: creatorUserId,
    name: `페르소나 ${scale}x`,
    url: `persona-creator-${scale}x`,
  });
  const { rows: products } = await sql<{ id: number; type: string }>`
    select distinct on (type) id, type from mission_products where creator_id = ${BUSIEST_CREATOR} order by type, id`.execute(
    db,
  );
  for (const product of products) await copyRow(db, 'mission_products', product.id, { creator_id: creatorId });
  return { scale, fanUserId, creatorId, creatorUserId };
}

/** Inserts a copy of `table`'s row `id` with `overrides`, returning the copy's id (a new one from its identity). */
async function copyRow(db: Db, table: string, id: number, overrides: Record<string, unknown>): Promise<number> {
  const { rows: columns } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and column_name <> 'id'
      and is_generated = 'NEVER' order by ordinal_position`.execute(db);
  const names = columns.map((column) => column.name);
  const values = names.map((name) => (name in overrides ? sql`${overrides[name]}` : sql.ref(name)));
  const { rows } = await sql<{ id: string }>`
    insert into ${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))})
    select ${sql.join(values)} from ${sql.table(table)} where id = ${id} returning id`.execute(db);
  return Number(rows[0]!.id);
}

/**
 * The persona creator's missions: the busiest creator's mix at M times the scale, priced 0; the fan persona's share of
 * them (his missions at M over the creator's) his, the rest world S's fans'.
 */
async function addMissions(db: Db, persona: Persona, baseline: Baseline): Promise<void> {
  const started = performance.now();
  const plan = baseline.mix.map((part) => ({
    ...part,
    missions: Math.round(part.missions * CREATOR_FACTOR * persona.scale),
  }));
  const fanShare = baseline.fanMissions / baseline.creatorMissions;
  const now = WORLDS_NOW;
  await sql`select setseed(${0.39 + persona.scale / 1000})`.execute(db);
  const { numAffectedRows } = await sql`
    with plan (status, type, missions) as (
      select * from jsonb_to_recordset(${JSON.stringify(plan)}::jsonb) as p(status text, type text, missions int)
    ), drawn as (
      select plan.status, plan.type, product.id as product_id,
        ${now}::timestamptz - case
          when plan.status in ('COMPLETED', 'REJECTED') then interval '1 day' * (${S.days} * random())
          else interval '1 day' * (${OPEN_DAYS} * random())
        end - interval '1 minute' as created_at,
        random() < ${fanShare} as fans, random() < 0.1 as private
      from plan
        join mission_products product on product.creator_id = ${persona.creatorId} and product.type = plan.type,
        generate_series(1, plan.missions)
    ), timed as (
      select *, least(created_at + interval '1 day' * (10 * random()), ${now}::timestamptz - interval '1 minute') as ended
      from drawn
    )
    insert into missions (product_id, creator_id, user_id, type, status, coin_price, is_private, created_at,
      requested_at, accepted_at, completed_at, rejected_at, rejection_reason, refunded_coins, workflow_started_at,
      updated_at)
    select product_id, ${persona.creatorId},
      case when fans then ${persona.fanUserId} else ${BUSIEST_FAN} + floor(random() * ${S.members})::int end,
      type, status, 0, private, created_at,
      case when status = 'CREATED' then null else created_at end,
      case when status in ('ACCEPTED', 'COMPLETED') then created_at end,
      case when status = 'COMPLETED' then ended end,
      case when status = 'REJECTED' then ended end,
      case when status = 'REJECTED' then 'REFUSED' end,
      case when status = 'REJECTED' then 0 end,
      created_at, coalesce(case when status in ('COMPLETED', 'REJECTED') then ended end, created_at)
    from timed order by timed.created_at`.execute(db);
  console.log(
    `  persona ${persona.scale}×: ${numAffectedRows} missions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** The fan persona's notifications: M's busiest fan's count times the scale, of his missions' kinds, over the year. */
async function addNotifications(db: Db, persona: Persona, baseline: Baseline): Promise<void> {
  const started = performance.now();
  const count = Math.round(baseline.fanNotifications * FAN_FACTOR * persona.scale);
  const { rows: own } = await sql<{ missions: number }>`
    select count(*)::int as missions from missions where user_id = ${persona.fanUserId}`.execute(db);
  const { numAffectedRows } = await sql`
    with own as (
      select id, row_number() over (order by id) as n from missions where user_id = ${persona.fanUserId}
    ), drawn as (
      select 1 + g % ${own[0]!.missions} as n,
        ${WORLDS_NOW}::timestamptz - interval '1 day' * (${S.days} * random()) - interval '1 minute' as at,
        (array['MISSION_ACCEPTED', 'MISSION_COMPLETED', 'MISSION_REFUSED'])[1 + g % 3] as kind
      from generate_series(1, ${count}) g
    )
    insert into notifications (user_id, kind, mission_id, actor_user_id, params, event_id, created_at)
    select ${persona.fanUserId}, kind, own.id, ${persona.creatorUserId},
      jsonb_build_object('actor', ${`페르소나 ${persona.scale}x`}::text, 'product', '영상 편지', 'coins', 0),
      gen_random_uuid(), at
    from drawn join own using (n)
    order by at`.execute(db);
  console.log(
    `  persona ${persona.scale}×: ${numAffectedRows} notifications in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

interface RouteFigure extends RouteCost {
  route: string;
  scale: Scale;
}

async function measure(personas: Persona[]): Promise<void> {
  const { db, base, token, close } = await startWorldApp(postgres, DATABASE, path.join(WORLDS, `app-${DATABASE}`));
  const figures: RouteFigure[] = [];
  let calibration: RouteCost;
  try {
    const cost = (url: string, authorization: string) =>
      measureCost(db, `${base}${url}`, { authorization }, { requests: COST_REQUESTS, statements: STATEMENTS });
    const measured: [Persona, string, string, string][] = [];
    for (const persona of personas) {
      const fan = token(persona.fanUserId, ['ROLE_USER']);
      const creator = token(persona.creatorUserId, ['ROLE_USER', 'ROLE_CREATOR']);
      const mine = `/v1/missions/page?creatorId=${persona.creatorId}`;
      const routes: [string, string, string][] = [
        ['notifications (fan)', fan, '/v1/users/me/notifications/page'],
        // The creator page's review reads: the summary row and the first page in each order.
        ['creator page reviews summary', fan, `/v1/creators/${persona.creatorId}/reviews/summary`],
        ['creator page reviews newest', fan, `/v1/creators/${persona.creatorId}/reviews/page`],
        ['creator page reviews helpful', fan, `/v1/creators/${persona.creatorId}/reviews/page?sort=HELPFUL`],
        ...['BASIC', 'LUCKY', 'CUSTOM', 'EVENT'].map((type): [string, string, string] => [
          `management ${type}`,
          creator,
          `${mine}&productType=${type}&status=REQUESTED,ACCEPTED`,
        ]),
        ...['REQUESTED', 'ACCEPTED', 'COMPLETED', 'REJECTED'].map((status): [string, string, string] => [
          `management ${status}`,
          creator,
          `${mine}&status=${status}`,
        ]),
        ...STUDIO_TABS.map(([tab, query]): [string, string, string] => [
          `studio tab ${tab}`,
          creator,
          `${mine}&${query}&page=0&size=12`,
        ]),
        ...['REQUESTED', 'ACCEPTED', 'COMPLETED'].flatMap((status): [string, string, string][] => [
          [`browse ${status} page 0`, fan, `/v1/missions/page?status=${status}&page=0`],
          [`browse ${status} page 50`, fan, `/v1/missions/page?status=${status}&page=50`],
        ]),
      ];
      for (const route of routes.filter(([name]) => ROUTES.test(name))) measured.push([persona, ...route]);
    }
    // Every route answered a few times first: the API's code optimized (JIT) before the first route is measured, so
    // that the 1× figures do not carry the warm-up.
    for (const [persona, route, authorization, url] of measured) {
      for (let request = 0; request < WARM_UP_REQUESTS; request++) {
        const probe = await fetch(`${base}${url}`, { headers: { authorization } });
        if (probe.status !== 200)
          throw new Error(`${route} at ${persona.scale}×: ${probe.status} ${await probe.text()}`);
        await probe.arrayBuffer();
      }
    }
    calibration = await cost(CALIBRATION_ROUTE.path, '');
    // Each route at 1×, 10× and 100× one right after the other, so that the machine's load drifting during the run
    // moves the three alike (a stable sort keeps the scales' order within a route).
    const routeOrder = [...new Set(measured.map(([, route]) => route))];
    measured.sort(([, a], [, b]) => routeOrder.indexOf(a) - routeOrder.indexOf(b));
    for (const [persona, route, authorization, url] of measured) {
      if (STATEMENTS) console.log(`  ${route} at ${persona.scale}×`);
      figures.push({ route, scale: persona.scale, ...(await cost(url, authorization)) });
    }
  } finally {
    await close();
  }
  print(figures, calibration);
}

function print(figures: RouteFigure[], calibration: RouteCost): void {
  console.log(
    `\npersonas on world S, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    '| route | buffers 1× / 10× / 100× | 100× ÷ 1× | statements 1× / 10× / 100× | CPU ms 1× / 10× / 100× (API + PostgreSQL at 100×) |',
  );
  console.log('|---|---|---|---|---|');
  let worst = { growth: 0, route: '-' };
  const routes = [...new Set(figures.map((figure) => figure.route))];
  for (const route of routes) {
    const at = (scale: Scale) => figures.find((figure) => figure.route === route && figure.scale === scale)!;
    const [one, ten, hundred] = SCALES.map(at) as [RouteFigure, RouteFigure, RouteFigure];
    // Below 8 buffers (one index descent and its row) a route reads next to nothing: compare from 8.
    const growth = Math.max(hundred.buffers, 8) / Math.max(one.buffers, 8);
    if (growth > worst.growth) worst = { growth, route };
    const each = (value: (figure: RouteFigure) => string) => [one, ten, hundred].map(value).join(' / ');
    console.log(
      `| ${route} | ${each((figure) => figure.buffers.toFixed(0))} | ${growth.toFixed(2)}× | ` +
        `${each((figure) => figure.statements.toFixed(1))} | ${each((figure) => figure.cpuMs.toFixed(2))} ` +
        `(${hundred.apiCpuMs.toFixed(2)} + ${hundred.postgresCpuMs.toFixed(2)}) |`,
    );
  }
  const heaviest = figures
    .filter((figure) => figure.scale === 100 && /^(notifications|browse)/.test(figure.route))
    .reduce((most, figure) => (figure.cpuMs > most.cpuMs ? figure : most), { route: '-', cpuMs: 0 });
  console.log(
    `calibration: ${CALIBRATION_ROUTE.name} ${calibration.cpuMs.toFixed(2)} ms CPU a request ` +
      `(${calibration.buffers.toFixed(0)} buffers)`,
  );
  console.log(
    `persona: worst growth ${worst.growth.toFixed(2)}× by buffers (${worst.route}) from 1× to 100×; ` +
      `heaviest fan route ${heaviest.cpuMs.toFixed(2)} ms CPU (${heaviest.route}) at 100×, ` +
      `${(heaviest.cpuMs / Math.max(calibration.cpuMs, 0.001)).toFixed(1)}× the calibration route ` +
      `(${calibration.cpuMs.toFixed(2)} ms)`,
  );
}
