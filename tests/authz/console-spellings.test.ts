import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { AUTHZ_MATRIX, PERSONAS, type RouteKey } from '@fanmission/tests/support/authz-matrix';
import {
  ledgerVerifyRunsIdle,
  MISSING_ID,
  type OpenApi,
  type Operation,
  operationsOf,
  pathValue,
} from '@fanmission/tests/support/authz-requests';

/*
 * Every route of the console's API (the OpenAPI document's `/api/admin` operations), asked by each persona under many
 * spellings of its path, over a real socket so that the path reaches the server exactly as written. The plain
 * spelling answers what tests/support/authz-matrix.ts declares for the persona; no other spelling does better: where
 * the plain one refuses (401, 403) every other spelling refuses too (401, 403, or no route of the API: its 404, or
 * the web app's page), and none succeeds where the plain one does not — no role check skipped, no web-app session
 * read, no write. The figures of the walk are printed.
 *
 * Write routes get a body their schema refuses, so that a caller let past the role check meets the 400 of validation
 * instead of changing anything (the role check runs before the body is read). The plain spelling's answer is
 * therefore the declared one where that is a refusal (401, 403) and 400 where the declaration lets the caller through.
 */

const testApp = useTestApp();
const app = (): FastifyInstance => testApp.current.app;

/** Who asks, and how his session travels (as a browser or an API client sends it). */
const SPELLING_PERSONAS = [
  'visitor',
  'fan',
  'operator',
  'finance',
  // Both staff roles and a member role, signed in to the web app only: its cookie, then its token.
  'staffWebCookie',
  'staffWebBearer',
] as const;
type SpellingPersona = (typeof SPELLING_PERSONAS)[number];

/** The authz matrix's persona whose declared statuses apply (a web-app session is no session on the console). */
const DECLARED_AS: Record<SpellingPersona, (typeof PERSONAS)[number]> = {
  visitor: 'visitor',
  fan: 'fan',
  operator: 'operator',
  finance: 'finance',
  staffWebCookie: 'visitor',
  staffWebBearer: 'visitor',
};

/**
 * Other spellings of a console path `/api/admin/<rest>`: what the router (or a proxy in front of it) might decode or
 * normalize into the same route.
 */
const SPELLINGS: Record<string, (path: string) => string> = {
  'encoded last letter of the resource': (path) => encodeLetter(path, 'last'),
  'encoded first letter, upper-case hex': (path) => encodeLetter(path, 'first', 'upper'),
  '%61dmin': (path) => path.replace(/^\/api\/admin/, '/api/%61dmin'),
  '%61pi': (path) => path.replace(/^\/api\//, '/%61pi/'),
  'encoded slash after admin': (path) => path.replace(/^\/api\/admin\//, '/api/admin%2F'),
  'encoded slash after api': (path) => path.replace(/^\/api\//, '/api%2F'),
  'double slash': (path) => path.replace(/^\/api\/admin\//, '/api/admin//'),
  'leading double slash': (path) => `/${path}`,
  'trailing slash': (path) => `${path}/`,
  'dot segment': (path) => path.replace(/^\/api\/admin\//, '/api/admin/./'),
  'encoded dot segment': (path) => path.replace(/^\/api\/admin\//, '/api/admin/%2e/'),
  'dot-dot segment': (path) => path.replace(/^\/api\/admin\//, '/api/v1/../admin/'),
  'upper case': (path) => path.toUpperCase(),
  'capitalized admin': (path) => path.replace(/^\/api\/admin/, '/api/Admin'),
};

/** The path with one letter of its resource (the segment after `/api/admin/`) percent-encoded: `coin-item%73`. */
function encodeLetter(path: string, which: 'first' | 'last', hex: 'lower' | 'upper' = 'lower'): string {
  const start = '/api/admin/'.length;
  const end = path.slice(start).search(/[/?]/);
  const resource = path.slice(start, end < 0 ? undefined : start + end);
  const letters = [...resource.matchAll(/[a-z]/g)].map((match) => match.index);
  const at = start + (which === 'first' ? letters[0]! : letters.at(-1)!);
  const code = path.charCodeAt(at).toString(16);
  return `${path.slice(0, at)}%${hex === 'upper' ? code.toUpperCase() : code}${path.slice(at + 1)}`;
}

/** A valid login body with a wrong password: the console's login changes nothing, so it gets a real body. */
const VALID_BODY_ROUTES: readonly RouteKey[] = ['POST /api/admin/session'];

/**
 * Declared refusals that come from the route's own rule on the body, after validation (the role check let the caller
 * through): with a refused body these answer 400. Finance may invite staff, only with roles finance holds.
 */
const REFUSED_AFTER_VALIDATION: readonly string[] = ['POST /api/admin/staff as finance'];

/** Reads first, then writes, then deletes; the console's logout (it revokes the staff's sessions) last. */
const rank = (operation: Operation) =>
  operation.key === 'DELETE /api/admin/session'
    ? 3
    : operation.method === 'GET'
      ? 0
      : operation.method === 'DELETE'
        ? 2
        : 1;

let server: { port: number; agent: Agent };
const accounts = new Map<SpellingPersona, TestAccount>();
let fanId: number;

beforeAll(async () => {
  const fan = await createAccount(app());
  fanId = fan.id;
  accounts.set('fan', fan);
  accounts.set('operator', await createAccount(app(), { roles: ['ROLE_OPERATOR'] }));
  accounts.set('finance', await createAccount(app(), { roles: ['ROLE_FINANCE'] }));
  const staffWeb = await createAccount(app(), {
    roles: ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'],
    session: 'web',
  });
  accounts.set('staffWebCookie', staffWeb);
  accounts.set('staffWebBearer', staffWeb);
  await app().listen({ host: '127.0.0.1', port: 0 });
  server = { port: (app().server.address() as AddressInfo).port, agent: new Agent({ keepAlive: true }) };
});

afterAll(() => server?.agent.destroy());

/** A browser sends a cookie only on the paths under its `Path`, compared as written (no decoding). */
const cookieGoesTo = (cookiePath: string, rawPath: string) =>
  rawPath === cookiePath || rawPath.startsWith(`${cookiePath}/`) || rawPath.startsWith(`${cookiePath}?`);

function headersOf(persona: SpellingPersona, rawPath: string): Record<string, string> {
  const account = accounts.get(persona);
  const headers: Record<string, string> = { 'accept-language': 'en', 'x-requested-with': 'fanmission' };
  if (!account) return headers;
  if (persona === 'staffWebCookie') {
    if (cookieGoesTo('/api', rawPath)) headers.cookie = `fm_session=${account.token}`;
    return headers;
  }
  // The others as API clients do (the authz matrix's way): a Bearer token, sent on every path.
  headers.authorization = `Bearer ${account.token}`;
  return headers;
}

interface Answer {
  status: number;
  /** The answer is an HTML page: the web app's, which the server sends for any GET outside its API. */
  page: boolean;
  json: { code?: string; message?: string };
}

/** One request with the path exactly as given (no client-side normalization). */
function send(method: string, rawPath: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: rawPath,
        agent: server.agent,
        headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let json = {};
          try {
            json = JSON.parse(text) as object;
          } catch {
            // Not JSON: a page, or nothing (204).
          }
          const page = String(response.headers['content-type'] ?? '').startsWith('text/html');
          resolve({ status: response.statusCode ?? 0, page, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * No route of the API answered: its "no API route matches" 404, or the web app's page (served for other GETs). A
 * HEAD's answer has no body to tell: its 404 reveals nothing and refuses as a 401 or 403 does.
 */
const isNoRoute = (answer: Answer, method: string) =>
  answer.page ||
  (answer.status === 404 && (method === 'HEAD' || (answer.json.message ?? '').startsWith('No API route matches')));

/**
 * The console's tus routes but the finished file's: without the protocol's headers (none are sent here) a caller let
 * through is refused by validation (400).
 */
const needsTusHeaders = (operation: Operation) =>
  operation.path.startsWith('/api/admin/files/tus') && !operation.path.endsWith('/file');

function canonicalPathOf(operation: Operation): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(
      pathValue(operation.key, name, {
        fanId,
        creatorUserId: MISSING_ID,
        creatorId: MISSING_ID,
        creatorUrl: 'none',
        productId: MISSING_ID,
        missionId: MISSING_ID,
        commentId: MISSING_ID,
        fileId: MISSING_ID,
        uploadId: '0'.repeat(32),
      }),
    ),
  );
  const query = Object.entries(operation.query).map(([name, value]) => [name, String(value)]);
  return query.length ? `${path}?${new URLSearchParams(query)}` : path;
}

describe('the console API under every spelling of its paths', () => {
  it('answers no spelling better than the plain one, for every route and persona', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const operations = operationsOf(document)
      .filter((operation) => operation.path === '/api/admin' || operation.path.startsWith('/api/admin/'))
      .sort((a, b) => rank(a) - rank(b));
    const problems: string[] = [];
    let requests = 0;
    /** What the other spellings answered: "no route", or a status. */
    const spelledAnswers = new Map<string, number>();
    for (const operation of operations) {
      const canonical = canonicalPathOf(operation);
      const body =
        operation.body !== 'json'
          ? undefined
          : VALID_BODY_ROUTES.includes(operation.key)
            ? JSON.stringify(operation.jsonBody)
            : '[]';
      for (const persona of SPELLING_PERSONAS) {
        const declared = AUTHZ_MATRIX[operation.key]![PERSONAS.indexOf(DECLARED_AS[persona])]!;
        const refusedBody = body === '[]';
        const expected =
          declared === 401 || (declared === 403 && !REFUSED_AFTER_VALIDATION.includes(`${operation.key} as ${persona}`))
            ? declared
            : refusedBody || needsTusHeaders(operation)
              ? 400
              : // An upload sent without its multipart body (none is sent here) is refused as such once let through.
                operation.body === 'multipart'
                ? 415
                : declared;
        // The other spellings first: the plain one may change things (a run started, the console's logout).
        const spelled: [string, string, Answer][] = [];
        for (const [name, spell] of Object.entries(SPELLINGS)) {
          const rawPath = spell(canonical);
          if (rawPath === canonical) continue;
          spelled.push([name, rawPath, await send(operation.method, rawPath, headersOf(persona, rawPath), body)]);
          requests += 1;
          if (operation.key === 'POST /api/admin/ledger-verify-runs') await ledgerVerifyRunsIdle(app().db);
        }
        const plain = await send(operation.method, canonical, headersOf(persona, canonical), body);
        requests += 1;
        if (operation.key === 'POST /api/admin/ledger-verify-runs') await ledgerVerifyRunsIdle(app().db);
        const where = `${operation.key} as ${persona}`;
        if (plain.status !== expected)
          problems.push(`${where}: plain ${canonical} answered ${plain.status}, not ${expected}`);
        for (const [name, rawPath, answer] of spelled) {
          const outcome = isNoRoute(answer, operation.method) ? 'no route' : String(answer.status);
          spelledAnswers.set(outcome, (spelledAnswers.get(outcome) ?? 0) + 1);
          // A refusal (no session, no role) stays a refusal: never let through to validation or the handler.
          const refused = plain.status === 401 || plain.status === 403;
          const stillRefused = isNoRoute(answer, operation.method) || answer.status === 401 || answer.status === 403;
          // Nothing succeeds under another spelling that did not succeed under the plain one.
          const succeeded = !isNoRoute(answer, operation.method) && answer.status < 300 && plain.status >= 300;
          if ((refused && !stillRefused) || succeeded) {
            problems.push(`${where}: ${name} ${rawPath} answered ${answer.status} (plain: ${plain.status})`);
          }
        }
      }
    }
    console.info(
      `console spellings: ${operations.length} routes × ${SPELLING_PERSONAS.length} personas × ` +
        `${Object.keys(SPELLINGS).length + 1} spellings = ${requests} requests; ` +
        `other spellings answered ${[...spelledAnswers].map(([outcome, count]) => `${outcome}: ${count}`).join(', ')}`,
    );
    expect(operations.length).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  }, 300_000);
});
