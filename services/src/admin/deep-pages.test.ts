import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { identityNameHmac } from '../creators';
import { EVENT_CONSUMERS } from '../runtime';
import { generateWorld } from '../world';
import { EXACT_COUNT_LIMIT } from './simple-rest';

// A console list reads its window by a deferred join (the window's ids first, then their rows): a deep page must be
// the very rows, in the very order, that a plain `order by … offset … limit` over the table reads, ties included, and
// its total the filter's count (exact up to EXACT_COUNT_LIMIT).

const testApp = useTestApp();
const app = () => testApp.current.app;
const NOW = new Date('2026-11-24T00:00:00Z');
let staff: TestAccount;

beforeAll(async () => {
  await generateWorld(testApp.current.database.db, {
    size: 'XS',
    seed: 7,
    now: NOW,
    consumers: EVENT_CONSUMERS.map((consumer) => consumer.name),
    nameHmac: (name) => identityNameHmac(app().ctx.config, name),
  });
  staff = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'] });
}, 120_000);

/** A list, its sort and filter, and the same rows' ids by a plain offset query (`where` and `order by` as SQL). */
const CASES: {
  resource: string;
  sort: [string, 'ASC' | 'DESC'];
  filter?: object;
  table: string;
  where?: string;
  order: string;
}[] = [
  { resource: 'users', sort: ['createdAt', 'DESC'], table: 'users', order: 'created_at desc, id desc' },
  { resource: 'users', sort: ['username', 'ASC'], table: 'users', order: 'username asc, id asc' },
  { resource: 'missions', sort: ['coinPrice', 'DESC'], table: 'missions', order: 'coin_price desc, id desc' },
  {
    resource: 'missions',
    sort: ['createdAt', 'ASC'],
    filter: { status: 'COMPLETED' },
    table: 'missions',
    where: "status = 'COMPLETED'",
    order: 'created_at asc, id asc',
  },
  { resource: 'mission-products', sort: ['coinPrice', 'ASC'], table: 'mission_products', order: 'coin_price, id' },
  {
    resource: 'mission-comments',
    sort: ['likesCount', 'DESC'],
    table: 'mission_comments',
    order: 'likes_count desc, id desc',
  },
  { resource: 'creators', sort: ['reviewedAt', 'ASC'], table: 'creators', order: 'reviewed_at asc, id asc' },
  { resource: 'payments', sort: ['createdAt', 'DESC'], table: 'payments', order: 'created_at desc, id desc' },
  { resource: 'bank-transfers', sort: ['status', 'DESC'], table: 'bank_transfers', order: 'status desc, id desc' },
  { resource: 'coin-refunds', sort: ['dueOn', 'ASC'], table: 'coin_refunds', order: 'due_on asc, id asc' },
  {
    resource: 'settlements',
    sort: ['month', 'ASC'],
    table: 'settlement_statements',
    order: 'year asc, month asc, id asc',
  },
  {
    resource: 'settlements',
    sort: ['toReceipt', 'DESC'],
    table: 'settlement_statements',
    order: 'to_receipt desc, id desc',
  },
];

describe('a deep page of a console list', () => {
  it.each(CASES)('$resource by $sort.0 $sort.1 is the rows a plain offset query reads', async (list) => {
    const db = testApp.current.database.db;
    const where = list.where ? sql.raw(`where ${list.where}`) : sql``;
    const { rows: counted } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(list.table)} ${where}`.execute(db);
    const count = counted[0]!.n;
    // Deep enough to skip rows, with a full window left where the table has one.
    const offset = Math.min(300, Math.floor(count / 2));
    expect(count - offset, `${list.table} has rows past the offset`).toBeGreaterThan(1);
    const { rows: expected } = await sql<{ id: string | number }>`
      select id from ${sql.table(list.table)} ${where} order by ${sql.raw(list.order)}
      offset ${offset} limit 25`.execute(db);
    const query = new URLSearchParams({
      sort: JSON.stringify(list.sort),
      range: JSON.stringify([offset, offset + 24]),
      ...(list.filter && { filter: JSON.stringify(list.filter) }),
    });
    const response = await app().inject({
      method: 'GET',
      url: `/api/admin/${list.resource}?${query}`,
      headers: staff.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ id: string | number }[]>().map((row) => String(row.id))).toEqual(
      expected.map((row) => String(row.id)),
    );
    const total = Number(String(response.headers['content-range']).split('/')[1]);
    if (count <= EXACT_COUNT_LIMIT) expect(total).toBe(count);
    else expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });
});
