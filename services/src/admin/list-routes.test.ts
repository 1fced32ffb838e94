import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

// Every console list of the OpenAPI document (a GET under /api/admin answering an array) speaks react-admin's
// simple-rest dialect: it takes `range=[start,end]` and answers `Content-Range: <resource> start-end/total`, which
// the console reads for its total and pages. A list added without it fails here.

const testApp = useTestApp();
const app = () => testApp.current.app;

interface OpenApi {
  paths: Record<
    string,
    { get?: { responses?: Record<string, { content?: Record<string, { schema?: { type?: string } }> }> } }
  >;
}

let staff: TestAccount;
let lists: string[];

beforeAll(async () => {
  staff = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'] });
  const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  lists = Object.entries(document.paths)
    .filter(([path, operations]) => {
      const answer = operations.get?.responses?.['200']?.content?.['application/json']?.schema;
      return path.startsWith('/api/admin/') && answer?.type === 'array';
    })
    // The one path parameter of a list, a ledger account, is the staff member's own wallet.
    .map(([path]) => path.replace('{account}', `wallet:${staff.id}`));
});

const CONTENT_RANGE = /^(?<resource>[a-z/-]+) (?<start>\d+)-(?<end>\d+)\/(?<total>\d+)$/;

async function page(list: string, range: [number, number]) {
  const response = await app().inject({
    method: 'GET',
    url: `${list}?range=${encodeURIComponent(JSON.stringify(range))}`,
    headers: staff.headers,
  });
  expect(response.statusCode, `${list}: ${response.body}`).toBe(200);
  const header = String(response.headers['content-range'] ?? '');
  const match = CONTENT_RANGE.exec(header);
  expect(match, `${list} answers Content-Range "${header}"`).not.toBeNull();
  expect(String(response.headers['access-control-expose-headers'])).toContain('Content-Range');
  return { rows: response.json<unknown[]>(), start: Number(match!.groups!.start), total: Number(match!.groups!.total) };
}

describe('the console lists', () => {
  it('are found in the OpenAPI document', () => {
    expect(lists).toEqual(
      expect.arrayContaining(['/api/admin/users', '/api/admin/missions', '/api/admin/payment-reversals/shortfalls']),
    );
  });

  it('each answers Content-Range and pages by range', async () => {
    for (const list of lists) {
      const first = await page(list, [0, 0]);
      expect(first.start, list).toBe(0);
      expect(first.rows.length, list).toBe(Math.min(1, first.total));
      const second = await page(list, [1, 1]);
      expect(second.start, list).toBe(1);
      expect(second.total, list).toBe(first.total);
      expect(second.rows.length, list).toBe(Math.min(1, Math.max(0, first.total - 1)));
      if (first.total >= 2) expect(second.rows[0], list).not.toEqual(first.rows[0]);
    }
  });
});
