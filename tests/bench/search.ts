// Creator search throughput over HTTP, against the same Fastify app answering a constant JSON route in the same
// process and run:
//   node --import tsx tests/bench/search.ts
// 10,000 creators (about 5 % adult-flagged, 2 % under review, 1–2 of 8 tags each, Korean names) and 100,000 follows
// with their popularity counters. Both routes get the same logged-in fan's token, so both pay the same
// authentication (a token check and the caller's row) and only the search work differs; the visitor runs repeat
// the pair without a token. BENCH_CONNECTIONS (default 10) autocannon connections, BENCH_SECONDS (default 5) per
// measurement, BENCH_ROUNDS (default 3) rounds of the five measurements, back to back; each ratio is the median of
// the rounds' own ratios (other load on the machine moves all numbers of a round alike).
// - "mixed": 60 distinct searches a search page sends (3 sorts × 5 pages, × 5 tags, × 10 names), cycled; results
//   come from the one-second result cache most of the time, as on the real site; `following` is computed each time.
// - "uncached": 1,650 different pages (sorts × pages 0–49 × sizes 10–20) in turn, so nearly every request runs the
//   SQL search (the counts, shared by all pages of a search, stay cached).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '@fanmission/services/app';
import { signSessionToken } from '@fanmission/services/auth';
import { type Db, startEmbeddedPostgres } from '@fanmission/services/db';
import { createDevMailbox } from '@fanmission/services/mail';
import { EVENT_CONSUMERS, freePort } from '@fanmission/services/runtime';
import { benchConfig, measureHttp, median, migratedDatabase, type HttpResult } from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CREATORS = 10_000;
const FANS = 25_000;
const FOLLOWS = 100_000;
const TAGS = ['노래', '댄스', '게임', '요리', '뷰티', '운동', '일상', '토크'];
const SORTS = ['newest', 'popular', 'recommended'] as const;
const NAMES = ['김', '이', '하늘', '별', '빛', '민', '수', 'star', '지', '아'];

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-search-bench-'));
await fs.chmod(scratch, 0o755);
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(scratch, 'pg'),
  port: await freePort(),
  settings: { max_connections: '60' },
});

let db: Db | undefined;
try {
  const database = await migratedDatabase(postgres, 'search_bench', seed);
  db = database.db;
  const seeded = database.seeded;
  const config = await benchConfig(scratch);
  const port = config.PORT;
  const app = await buildApp({
    config,
    db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    eventConsumers: EVENT_CONSUMERS,
  });
  const constant = { content: [], last: true, totalElements: 0, totalPages: 0, number: 0, size: 12 };
  app.get('/bench/constant', async () => constant);
  await app.listen({ host: '127.0.0.1', port });
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${signSessionToken(app, { id: seeded.fanId, roles: ['ROLE_USER'] })}` };

  const mixed = [
    ...SORTS.flatMap((type) => [0, 1, 2, 3, 4].map((page) => `type=${type}&page=${page}`)),
    ...SORTS.flatMap((type) => seeded.tagIds.slice(0, 5).map((tag) => `type=${type}&tags=${tag}`)),
    ...SORTS.flatMap((type) => NAMES.map((name) => `type=${type}&name=${encodeURIComponent(name)}`)),
  ].map((query) => ({ method: 'GET' as const, path: `/api/v1/creators/page?${query}` }));
  const sample = await fetch(`${base}${mixed[0]!.path}`, { headers });
  const body = (await sample.json()) as { totalElements: number; content: unknown[] };
  if (sample.status !== 200 || body.content.length !== 12) throw new Error(`search answered ${sample.status}`);
  console.log(`searchable creators: ${body.totalElements} of ${CREATORS}; follows: ${seeded.follows}`);

  let uncachedCounter = 0;
  const uncached = [
    {
      method: 'GET' as const,
      setupRequest: (request: { path?: string }) => {
        uncachedCounter += 1;
        const type = SORTS[uncachedCounter % SORTS.length];
        const page = Math.floor(uncachedCounter / SORTS.length) % 50;
        const size = 10 + (Math.floor(uncachedCounter / (SORTS.length * 50)) % 11);
        return { ...request, path: `/api/v1/creators/page?type=${type}&page=${page}&size=${size}` };
      },
    },
  ];

  const constantRequests = [{ method: 'GET' as const, path: '/bench/constant' }];
  const visitor = {};
  await measure(base, headers, constantRequests, 2);
  await measure(base, headers, mixed, 2);
  type Round = Record<'constant' | 'mixed' | 'uncached' | 'visitorConstant' | 'visitorMixed', HttpResult>;
  const rounds: Round[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const results: Round = {
      constant: await measure(base, headers, constantRequests, SECONDS),
      mixed: await measure(base, headers, mixed, SECONDS),
      uncached: await measure(base, headers, uncached, SECONDS),
      visitorConstant: await measure(base, visitor, constantRequests, SECONDS),
      visitorMixed: await measure(base, visitor, mixed, SECONDS),
    };
    console.log(
      `round ${round}: ` +
        Object.entries(results)
          .map(([name, result]) => `${name} ${result.rps.toFixed(0)}/s`)
          .join(', '),
    );
    rounds.push(results);
  }
  await app.close();

  // Other load on the machine moves every number; a round's measurements run back to back, so each search run is
  // compared with its own round's constant run, and the median of those ratios is reported.
  const line = (label: string, name: keyof Round, baseline?: keyof Round, target = '') => {
    const rps = median(rounds.map((r) => r[name].rps));
    const p99 = median(rounds.map((r) => r[name].p99));
    const errors = rounds.reduce((sum, r) => sum + r[name].errors, 0);
    const ratio = baseline ? median(rounds.map((r) => r[name].rps / r[baseline].rps)) : undefined;
    console.log(
      `${label.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${String(p99).padStart(4)} ms` +
        (ratio === undefined ? '' : `  → ${ratio.toFixed(2)}× constant${target}`) +
        (errors ? `  (${errors} errors)` : ''),
    );
    if (errors) process.exitCode = 1;
  };
  console.log(
    `\nmedians of ${ROUNDS} rounds; ${CONNECTIONS} connections, ${SECONDS} s per run, ${os.cpus().length} CPUs, ` +
      `embedded PostgreSQL in the same machine`,
  );
  line('constant JSON route (fan)', 'constant');
  line('GET /creators/page mixed (fan)', 'mixed', 'constant', ' (target ≥ 0.5×)');
  line('GET /creators/page uncached (fan)', 'uncached', 'constant', ' (target ≥ 0.3×)');
  line('constant JSON route (visitor)', 'visitorConstant');
  line('GET /creators/page mixed (visitor)', 'visitorMixed', 'visitorConstant');
} finally {
  await db?.destroy();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}

/** Creators, fans, tags, follows and popularity counters, generated in SQL (repeatable: fixed seed). */
async function seed(db: Db): Promise<{ fanId: number; tagIds: number[]; follows: number }> {
  await sql`select setseed(0.42)`.execute(db);
  const tagRows = await db
    .insertInto('tags')
    .values(TAGS.map((name) => ({ name })))
    .returning('id')
    .execute();
  const tagIds = tagRows.map((row) => row.id);
  await sql`
    insert into users (username, provider, password_hash, roles, email)
    select 'creator' || n, 'local', 'x', array['ROLE_USER', 'ROLE_CREATOR'], 'creator' || n || '@bench.local'
    from generate_series(1, ${CREATORS}::int) as n`.execute(db);
  await sql`
    insert into users (username, provider, password_hash, roles, email)
    select 'fan' || n, 'local', 'x', array['ROLE_USER'], 'fan' || n || '@bench.local'
    from generate_series(1, ${FANS}::int) as n`.execute(db);
  // Names of two or three Hangul syllables (a few with a Latin word), created over the past two years.
  await sql`
    insert into creators (user_id, name, url, verified, contain_adult_content, created_at)
    select u.id,
           chr(44032 + (random() * 11171)::int) || chr(44032 + (random() * 11171)::int) ||
             case when random() < 0.5 then chr(44032 + (random() * 11171)::int) else '' end ||
             case when random() < 0.1 then ' star' else '' end,
           'c' || u.id,
           random() >= 0.02,
           random() < 0.05,
           now() - random() * interval '730 days'
    from users u where u.username like 'creator%'`.execute(db);
  await sql`
    insert into creator_tags (creator_id, tag_id)
    select c.id, t.id from creators c
    cross join lateral (
      select id from tags where random() < 0.2 + 0.0 * c.id order by random() limit 2
    ) t
    on conflict do nothing`.execute(db);
  await sql`
    insert into creator_tags (creator_id, tag_id)
    select c.id, ${tagIds[0]!}::bigint from creators c
    where not exists (select 1 from creator_tags ct where ct.creator_id = c.id)`.execute(db);
  // Follows skewed towards some creators (random()^3), exactly FOLLOWS distinct pairs.
  await sql`
    create temporary table follow_candidates as
    select distinct f.id as user_id, c.id as creator_id
    from generate_series(1, ${Math.round(FOLLOWS * 1.4)}::int) as n
    join lateral (select ${CREATORS}::int * power(random(), 3) as pick, 1 + (random() * (${FANS} - 1))::int as fan
                  where n > 0) r on true
    join users f on f.username = 'fan' || r.fan
    join creators c on c.user_id = 1 + r.pick::int`.execute(db);
  await sql`
    insert into follows (user_id, creator_id, created_at)
    select user_id, creator_id, now() - random() * interval '365 days' from follow_candidates
    order by random() limit ${FOLLOWS}`.execute(db);
  // Every creator got its counters row when it was created; fill in what the popularity consumer would have counted.
  await sql`
    update creator_popularity p
    set follower_count = coalesce(f.count, 0), like_count = (random() * 200)::int,
        completed_count = (random() * 40)::int, expired_count = (random() * 5)::int
    from creators c left join (select creator_id, count(*) as count from follows group by creator_id) f
      on f.creator_id = c.id
    where p.creator_id = c.id`.execute(db);
  const follows = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  // The benchmark's caller: a fan who follows some creators, so `following` has true values to find.
  const fan = await db
    .selectFrom('follows')
    .select('user_id')
    .groupBy('user_id')
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { fanId: fan.user_id, tagIds, follows: Number(follows.count) };
}

async function measure(
  base: string,
  headers: Record<string, string>,
  requests: autocannon.Request[],
  seconds: number,
): Promise<HttpResult> {
  return measureHttp({ url: base, connections: CONNECTIONS, seconds, requests, headers });
}
