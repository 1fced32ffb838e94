// The console's write rule comes from the route the router matched, never from the spelling of the URL: every write
// route of the admin plugin declares its resource of ADMIN_WRITE_POLICY, a write route that declares none is refused,
// the audit log names the declared resource, and an encoded spelling of a console path names no route.
import { ADMIN_READ_POLICY, ADMIN_WRITE_POLICY, type AdminAuditEntry } from '@fanmission/contracts';
import Fastify, { type FastifyInstance, type InjectOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { adminResources } from '../app';
import { zodValidatorCompiler } from '../http';
import { EVENT_CONSUMERS } from '../runtime';
import { adminRoutes } from './routes';
import { hasEncodedUnreservedCharacter } from './canonical-path';

const testApp = useTestApp();
const app = () => testApp.current.app;
const READS = ['GET', 'HEAD', 'OPTIONS'];

let operator: TestAccount;
let finance: TestAccount;

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
});

/** Every route the admin plugin registers with the app's own resources, as the router gets them. */
async function registeredAdminRoutes(): Promise<RouteOptions[]> {
  const probe = Fastify({ logger: false });
  probe.setValidatorCompiler(zodValidatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  probe.decorate('ctx', app().ctx);
  probe.decorate('config', app().config);
  probe.decorate('db', app().db);
  const routes: RouteOptions[] = [];
  probe.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await probe.register(adminRoutes, { prefix: '/api/admin', resources: adminResources(EVENT_CONSUMERS) });
  await probe.ready();
  await probe.close();
  return routes;
}

describe('the admin plugin’s routes', () => {
  it('every one declares a resource of ADMIN_WRITE_POLICY', async () => {
    const routes = await registeredAdminRoutes();
    const writes = routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => !READS.includes(method))
        .map((method) => ({ key: `${method} ${route.url}`, resource: route.config?.adminResource })),
    );
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.filter((write) => write.resource === undefined).map((write) => write.key)).toEqual([]);
    expect(writes.filter((write) => !(write.resource! in ADMIN_WRITE_POLICY)).map((write) => write.key)).toEqual([]);
    // Each resource of the table is written by some route (no rule for a resource nobody writes).
    const written = new Set(writes.map((write) => write.resource));
    expect(Object.keys(ADMIN_WRITE_POLICY).filter((resource) => !written.has(resource as never))).toEqual([]);
    // A write's resource is the one its path names (the audit log and the console's buttons say the same), but for
    // finance's approval of an operator's comment event budget, a resource of its own, and the console's resumable
    // uploads, which are popup pictures.
    const ownResource: Record<string, string> = {
      'POST /api/admin/comment-events/:id/budget-approval': 'comment-event-budgets',
      'POST /api/admin/files/tus': 'popups',
      'PATCH /api/admin/files/tus/:uploadId': 'popups',
      'DELETE /api/admin/files/tus/:uploadId': 'popups',
    };
    for (const write of writes) {
      expect(write.resource, write.key).toBe(ownResource[write.key] ?? write.key.split(' ')[1]!.split('/')[3]);
    }
  });

  it('every read of a resource only one role may read declares it', async () => {
    const routes = await registeredAdminRoutes();
    const undeclared = routes
      .filter((route) => [route.method].flat().includes('GET'))
      .filter((route) => (route.url.split('/')[3] ?? '') in ADMIN_READ_POLICY)
      .filter((route) => route.config?.adminResource !== route.url.split('/')[3])
      .map((route) => route.url);
    expect(undeclared).toEqual([]);
  });
});

describe('deny by default', () => {
  let guarded: FastifyInstance;

  beforeAll(async () => {
    // The admin plugin around one route that declares its resource and one that forgets to.
    guarded = Fastify({ logger: false });
    guarded.setValidatorCompiler(zodValidatorCompiler);
    guarded.setSerializerCompiler(serializerCompiler);
    guarded.decorate('ctx', app().ctx);
    guarded.decorateRequest('caller', null);
    guarded.addHook('onRequest', async (request) => {
      const id = Number(request.headers['x-caller']);
      if (id === operator.id) request.caller = { id, roles: ['ROLE_OPERATOR'], creatorId: null };
      if (id === finance.id) request.caller = { id, roles: ['ROLE_FINANCE'], creatorId: null };
    });
    await guarded.register(adminRoutes, {
      prefix: '/api/admin',
      resources: [
        async (resource) => {
          const body = { body: z.object({ name: z.string() }) };
          resource.put('/tags/:id', { config: { adminResource: 'tags' }, schema: body }, async () => ({ ok: true }));
          resource.put('/forgotten/:id', { schema: body }, async () => ({ ok: true }));
          resource.get('/forgotten/:id', async () => ({ ok: true }));
        },
      ],
    });
    await guarded.ready();
    return () => guarded.close();
  });

  const put = (caller: TestAccount, url: string, payload: InjectOptions['payload'] = { name: 'x' }) =>
    guarded.inject({ method: 'PUT', url, headers: { 'x-caller': String(caller.id) }, payload });

  it('refuses a write route that declares no resource to every role, before its body is read', async () => {
    for (const caller of [operator, finance]) {
      expect((await put(caller, '/api/admin/forgotten/1')).statusCode).toBe(403);
      expect((await put(caller, '/api/admin/forgotten/1', { wrong: true })).statusCode).toBe(403);
    }
    // Reads stay open to both roles.
    const read = await guarded.inject({
      method: 'GET',
      url: '/api/admin/forgotten/1',
      headers: { 'x-caller': String(finance.id) },
    });
    expect(read.statusCode).toBe(200);
  });

  it('checks the declared role before validating the body', async () => {
    expect((await put(operator, '/api/admin/tags/1')).statusCode).toBe(200);
    expect((await put(operator, '/api/admin/tags/1', { wrong: true })).statusCode).toBe(400);
    expect((await put(finance, '/api/admin/tags/1', { wrong: true })).statusCode).toBe(403);
  });

  it('takes the role from the matched route whatever the spelling (without the app’s spelling refusal)', async () => {
    for (const url of ['/api/admin/t%61gs/1', '/api/%61dmin/tags/1', '/api/admin/tag%73/1']) {
      expect((await put(finance, url)).statusCode, url).toBe(403);
      expect((await put(operator, url)).statusCode, url).toBe(200);
    }
    // The audit log files each under the declared resource, never the spelling.
    const rows = await app()
      .db.selectFrom('admin_audit_log')
      .select(['resource', 'action'])
      .where('actor_id', '=', finance.id)
      .where('action', '=', 'PUT /api/admin/tags/:id')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((row) => row.resource))).toEqual(new Set(['tags']));
  });
});

describe('the real console API', () => {
  const call = (account: TestAccount, url: string, payload: InjectOptions['payload']) =>
    app().inject({ method: 'PUT', url, headers: { ...account.headers, 'accept-language': 'en' }, payload });
  const coinItem = {
    itemType: 'CASH',
    name: '10 coins',
    point: 10,
    price: 1000,
    usdPrice: 0.8,
    active: true,
    sortOrder: 1,
  };

  it('keeps the role of the resource whatever the spelling, and audits under the declared resource', async () => {
    expect((await call(operator, '/api/admin/coin-items/1', coinItem)).json()).toMatchObject({ code: 'ACCESS_DENIED' });
    for (const url of ['/api/admin/coin-item%73/1', '/api/%61dmin/coin-items/1']) {
      const answer = await call(operator, url, coinItem);
      expect(answer.json(), url).toMatchObject({ status: 404, message: `No API route matches PUT ${url}.` });
    }
    expect((await call(finance, '/api/admin/t%61gs/7', { name: 'ASMR' })).statusCode).toBe(404);
    expect((await call(finance, '/api/admin/tags/7', { name: 'ASMR' })).statusCode).toBe(403);
    // Reads limited to one role, HEAD included.
    for (const method of ['GET', 'HEAD'] as const) {
      const settlements = (account: TestAccount) =>
        app().inject({ method, url: '/api/admin/settlements', headers: account.headers });
      expect((await settlements(operator)).statusCode, method).toBe(403);
      expect((await settlements(finance)).statusCode, method).toBe(200);
    }
    // The console's session too: an encoded spelling of its logout is no route (and logs nobody out).
    const logout = await app().inject({ method: 'DELETE', url: '/api/admin/sessio%6e', headers: operator.headers });
    expect(logout.statusCode).toBe(404);
    expect(
      (await app().inject({ method: 'GET', url: '/api/admin/session', headers: operator.headers })).statusCode,
    ).toBe(200);

    const audit = (
      await app().inject({
        method: 'GET',
        url: `/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ actorId: operator.id, resource: 'coin-items' }))}`,
        headers: finance.headers,
      })
    ).json<AdminAuditEntry[]>();
    // The refusal is filed under the declared resource; the encoded spellings named no route (nothing to audit).
    expect(audit.map((row) => [row.resource, row.action, row.statusCode])).toEqual([
      ['coin-items', 'PUT /api/admin/coin-items/:id', 403],
    ]);
    const bogus = await app()
      .db.selectFrom('admin_audit_log')
      .select('resource')
      .where('actor_id', '=', operator.id)
      .where('resource', 'like', '%\\%%')
      .execute();
    expect(bogus).toEqual([]);
  });
});

describe('hasEncodedUnreservedCharacter', () => {
  it('finds an encoded letter, digit, -, ., _ or ~ in the path, and nothing else', () => {
    for (const url of ['/a%61', '/%41', '/%7A', '/%7e', '/%2D', '/%2e', '/%5F', '/%30', '/%39']) {
      expect(hasEncodedUnreservedCharacter(url), url).toBe(true);
    }
    for (const url of ['/a', '/wallet%3A1', '/a%2Fb', '/%20', '/%40', '/%5B', '/%60', '/%7B', '/a?filter=%61']) {
      expect(hasEncodedUnreservedCharacter(url), url).toBe(false);
    }
  });
});
