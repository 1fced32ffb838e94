import { ADMIN_LIST_SORT_FIELDS, type AdminListResource } from '@fanmission/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { identityNameHmac } from '../creators';
import { EVENT_CONSUMERS } from '../runtime';
import { generateWorld } from '../world';

// Every console list sorts by each field its contract names (ADMIN_LIST_SORT_FIELDS, the list the console's sortable
// headers follow), both ways: 200, and the rows in that order on the first page and on a deep one; a field it does
// not name answers 400 naming `sort`, which is what the console drops a stored sort on.

const testApp = useTestApp();
const app = () => testApp.current.app;
const NOW = new Date('2026-11-24T00:00:00Z');
let staff: TestAccount;

/** The small lists the generated world leaves empty or nearly: a few dozen rows each, with ties in their orders. */
async function fillSmallLists() {
  const db = testApp.current.database.db;
  await sql`
    insert into creator_penalties (creator_id, mission_id, level, blocks_login, created_at)
    select creator_id, id, 1 + id % 3, id % 2 = 0, ${NOW}::timestamptz - (id % 7) * interval '1 day'
    from missions order by id limit 40`.execute(db);
  await sql`
    insert into block_objections (user_id, blocked_at, block_reason, reason, status, created_at)
    select id, ${NOW}::timestamptz - interval '3 days', 'spam', 'not me',
      (array['PENDING', 'ACCEPTED', 'REJECTED'])[1 + id % 3], ${NOW}::timestamptz - (id % 5) * interval '1 hour'
    from users order by id limit 40`.execute(db);
  await sql`
    insert into payout_account_changes (creator_id, actor_id, actor_roles, from_payout_overseas,
      from_payout_foreigner, to_bank_name, to_bank_account_holder, to_bank_account_number, to_payout_overseas,
      to_payout_foreigner, destination_changed, request_id, changed_at)
    select id, user_id, array['ROLE_USER', 'ROLE_CREATOR'], false, false, 'KB', 'holder', '100000001', false, false,
      true, 'request-' || id, ${NOW}::timestamptz - (id % 4) * interval '1 day'
    from creators order by id limit 30`.execute(db);
  await sql`
    insert into comment_restrictions (user_id, until, reason, created_at)
    select id, ${NOW}::timestamptz + interval '7 days', 'flood', ${NOW}::timestamptz - (id % 4) * interval '1 hour'
    from users order by id limit 30`.execute(db);
  await sql`
    insert into comment_events (title, starts_at, ends_at, win_probability, coins_per_win, daily_budget, server_seed,
      commitment)
    select 'past event ' || n, timestamptz '2020-01-01' + n * interval '10 days',
      timestamptz '2020-01-01' + n * interval '10 days' + interval '5 days', 5, 10, 100, md5(n::text), md5(n::text)
    from generate_series(1, 5) n`.execute(db);
  await sql`
    insert into popups (title, active, starts_at, created_at)
    select 'popup ' || n, n % 2 = 0, case when n % 3 = 0 then null else ${NOW}::timestamptz + (n % 4) * interval '1 day' end,
      ${NOW}::timestamptz - (n % 3) * interval '1 hour'
    from generate_series(1, 12) n`.execute(db);
  await sql`
    insert into settlement_transfer_batches (year, month, status, created_by_user_id, created_at, statement_count,
      total_won, file_sha256, cancelled_by_user_id, cancelled_at)
    select 2026, 1 + n % 12, case when n % 3 = 0 then 'CANCELLED' else 'CREATED' end, u.id,
      ${NOW}::timestamptz - (n % 4) * interval '1 hour', 1 + n, 1000 * n, md5(n::text) || md5(n::text),
      case when n % 3 = 0 then u.id end, case when n % 3 = 0 then ${NOW}::timestamptz end
    from generate_series(1, 12) n, (select id from users order by id limit 1) u`.execute(db);
  // Through the API, so that the audit log has entries too.
  for (let n = 1; n <= 6; n += 1) {
    const response = await app().inject({
      method: 'POST',
      url: '/api/admin/faqs',
      headers: staff.headers,
      payload: { category: n % 2 === 0 ? 'PAYMENT' : 'MISSION', title: `FAQ ${n}`, content: 'answer', position: n % 3 },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  for (let n = 0; n < 3; n += 1) await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
}

beforeAll(async () => {
  await generateWorld(testApp.current.database.db, {
    size: 'XS',
    seed: 11,
    now: NOW,
    consumers: EVENT_CONSUMERS.map((consumer) => consumer.name),
    nameHmac: (name) => identityNameHmac(app().ctx.config, name),
  });
  staff = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'] });
  await fillSmallLists();
}, 180_000);

type Row = Record<string, unknown> & { id: string | number };
type Key = string | number | boolean | null | readonly Key[];

/** The value a list orders a row by, where it is not the row's field of the sort's name. */
const KEYS: Partial<Record<string, (row: Row) => Key>> = {
  'settlements.year': (row) => [row['year'] as number, row['month'] as number],
  'settlements.month': (row) => [row['year'] as number, row['month'] as number],
};
const keyOf = (resource: string, field: string, row: Row): Key =>
  (KEYS[`${resource}.${field}`] ?? ((of: Row) => (of[field] ?? null) as Key))(row);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** PostgreSQL's order of the database's C.UTF-8 collation: text by code point; null after every value. */
function compareKeys(a: Key, b: Key): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
      const order = compareKeys((a as Key[])[index] ?? null, (b as Key[])[index] ?? null);
      if (order !== 0) return order;
    }
    return 0;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    if (INSTANT.test(a) && INSTANT.test(b)) return Date.parse(a) - Date.parse(b);
    const left = [...a];
    const right = [...b];
    for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
      const order = left[index]!.codePointAt(0)! - right[index]!.codePointAt(0)!;
      if (order !== 0) return order;
    }
    return left.length - right.length;
  }
  return Number(a) - Number(b);
}

const compareIds = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : compareKeys(String(a), String(b));

/**
 * Whether `second` may follow `first` in the order: its key after or equal, and on equal keys its id after (the id
 * breaks ties in the same direction). An instant is compared to the millisecond the API writes, finer than the
 * database's microseconds: equal there, the id is not asked.
 */
function inOrder(resource: string, field: string, direction: 'ASC' | 'DESC', first: Row, second: Row): boolean {
  const sign = direction === 'ASC' ? 1 : -1;
  const a = keyOf(resource, field, first);
  const b = keyOf(resource, field, second);
  const order = field === 'id' ? compareIds(first.id, second.id) : compareKeys(a, b);
  if (order !== 0) return sign * order < 0;
  if (typeof a === 'string' && INSTANT.test(a)) return true;
  return sign * compareIds(first.id, second.id) < 0;
}

async function page(resource: string, sort: [string, 'ASC' | 'DESC'], range: [number, number]) {
  const query = new URLSearchParams({ sort: JSON.stringify(sort), range: JSON.stringify(range) });
  const response = await app().inject({
    method: 'GET',
    url: `/api/admin/${resource}?${query}`,
    headers: staff.headers,
  });
  expect(response.statusCode, `${resource} by ${sort.join(' ')}: ${response.body}`).toBe(200);
  return { rows: response.json<Row[]>(), total: Number(String(response.headers['content-range']).split('/')[1]) };
}

const CASES = (Object.entries(ADMIN_LIST_SORT_FIELDS) as [AdminListResource, readonly string[]][]).flatMap(
  ([resource, fields]) =>
    fields.flatMap((field) => (['ASC', 'DESC'] as const).map((direction) => ({ resource, field, direction }))),
);

/** Lists the test cannot fill without another module's workflow: they sort by id alone and may be empty here. */
const MAY_BE_EMPTY = new Set<AdminListResource>(['approvals', 'bonus-grants', 'grade-proposals', 'ledger-verify-runs']);

describe('every console list by every sort field of its contract', () => {
  it.each(CASES)('$resource by $field $direction: page 1 and a deep page in that order', async (list) => {
    const { resource, field, direction } = list;
    const first = await page(resource, [field, direction], [0, 24]);
    if (!MAY_BE_EMPTY.has(resource)) expect(first.rows.length, `${resource} has rows`).toBeGreaterThan(2);
    // Deep enough to skip rows, with rows left where the list has them.
    const offset = Math.min(300, Math.floor(first.total / 2));
    const deep = await page(resource, [field, direction], [offset, offset + 24]);
    for (const rows of [first.rows, deep.rows]) {
      rows.slice(1).forEach((row, index) => {
        expect(
          inOrder(resource, field, direction, rows[index]!, row),
          `${resource} by ${field} ${direction}: ${JSON.stringify(keyOf(resource, field, rows[index]!))} (#${rows[index]!.id}) before ${JSON.stringify(keyOf(resource, field, row))} (#${row.id})`,
        ).toBe(true);
      });
    }
    if (offset < first.rows.length) {
      // The windows overlap: the deep one goes on from where the first stands.
      expect(deep.rows.slice(0, first.rows.length - offset).map((row) => row.id)).toEqual(
        first.rows.slice(offset).map((row) => row.id),
      );
    } else if (first.rows.length > 0 && deep.rows.length > 0) {
      expect(inOrder(resource, field, direction, first.rows.at(-1)!, deep.rows[0]!)).toBe(true);
    }
  });

  it('refuses a field its contract does not name, naming the sort (what the console drops a stored sort on)', async () => {
    const response = await app().inject({
      method: 'GET',
      url: `/api/admin/users?${new URLSearchParams({ sort: JSON.stringify(['coins', 'ASC']) })}`,
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ subErrors: { field: string }[] }>().subErrors.map((error) => error.field);
    expect(fields.some((name) => name === 'sort' || name.startsWith('sort['))).toBe(true);
  });

  it('covers every console list of the OpenAPI document', async () => {
    interface OpenApi {
      paths: Record<
        string,
        { get?: { responses?: Record<string, { content?: Record<string, { schema?: object }> }> } }
      >;
    }
    const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const lists = Object.entries(document.paths)
      .filter(([path, operations]) => {
        const answer = operations.get?.responses?.['200']?.content?.['application/json']?.schema as
          { type?: string } | undefined;
        return /^\/api\/admin\/[a-z-]+$/.test(path) && answer?.type === 'array';
      })
      .map(([path]) => path.slice('/api/admin/'.length))
      .sort();
    expect(lists).toEqual(Object.keys(ADMIN_LIST_SORT_FIELDS).sort());
  });
});
