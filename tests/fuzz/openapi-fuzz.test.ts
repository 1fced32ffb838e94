import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '@fanmission/services/seed';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { testConfig } from '@fanmission/tests/harness/app';
import { useServedApp } from '@fanmission/tests/harness/served-app';
import {
  FUZZ_EXCLUDED_PATHS,
  FUZZ_PERSONAS,
  nulRequests,
  type FuzzPersona,
  type OpenApiPaths,
} from '@fanmission/tests/support/fuzz';
import { ensureSchemathesis } from '../../scripts/infra/schemathesis';
import { CACHE_DIR } from '../../scripts/lib/paths';

/*
 * OpenAPI fuzzing: schemathesis generates requests from the API's own OpenAPI document (valid and invalid
 * ones) and sends them to the real API, served on a loopback port with the demo data and a Temporal server, once per
 * persona (visitor, fan, creator, finance, operator). Every response must be no server error (5xx) and, for a
 * declared status, match its declared schema; the requests must reach the handlers (some succeed, a signed-in
 * persona keeps his session).
 *
 * Bounded for `npm test`: the examples and fuzzing phases with 2 cases per operation, one worker, one persona after
 * the other (the operator last). Deeper runs: FUZZ_PHASES=examples,coverage,fuzzing (the coverage
 * phase's boundary values: ~8,000 cases and ~3-5 minutes per persona), FUZZ_MAX_EXAMPLES=<n>, FUZZ_SEED=<n> (the
 * seed is fixed so a failure replays), FUZZ_ONLY=fan,operator. The summary and every request/answer are kept in
 * <cache>/fuzz-<persona>.log and .ndjson.
 */

const scratch = mkdtempSync(path.join(os.tmpdir(), 'fanmission-fuzz-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// The web apps are not fuzzed (not in the OpenAPI document): placeholder folders instead of built apps.
const staticApps = { webDist: path.join(scratch, 'web'), adminDist: path.join(scratch, 'admin') };
for (const dist of Object.values(staticApps)) {
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>fuzz</title>');
}

// The document's `servers` entry is not this port: schemathesis is given the base URL itself.
const served = useServedApp({
  temporal: true,
  config: testConfig({ STORAGE_DIR: path.join(scratch, 'files') }),
  staticApps,
});
const tokens = new Map<FuzzPersona, string | null>();
let st: string;

beforeAll(async () => {
  st = await ensureSchemathesis();
  const { app } = served.testApp;
  await seedDemoData(app.ctx);
  tokens.set('visitor', null);
  tokens.set('fan', (await createAccount(app)).token);
  tokens.set('creator', (await createAccount(app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] })).token);
  tokens.set('operator', (await createAccount(app, { roles: ['ROLE_OPERATOR'] })).token);
  tokens.set('finance', (await createAccount(app, { roles: ['ROLE_FINANCE'] })).token);
}, 180_000);

/** One schemathesis run as `persona`; `only` narrows it to the operations whose path matches. */
function schemathesis(
  persona: FuzzPersona,
  options: { phases?: string; only?: string; report?: string } = {},
): Promise<{ code: number; output: string }> {
  const token = tokens.get(persona);
  const args = [
    'run',
    `${served.baseUrl}/api/docs/json`,
    '--url',
    served.baseUrl,
    '--checks',
    'not_a_server_error,response_schema_conformance',
    '--phases',
    options.phases ?? process.env.FUZZ_PHASES ?? 'examples,fuzzing',
    '--max-examples',
    process.env.FUZZ_MAX_EXAMPLES ?? '2',
    '--seed',
    process.env.FUZZ_SEED ?? '20',
    '--workers',
    '1',
    '--request-timeout',
    '20',
    '--continue-on-failure',
    '--suppress-health-check',
    'all',
    '--report',
    'ndjson',
    '--report-ndjson-path',
    path.join(scratch, `${options.report ?? persona}.ndjson`),
    '--max-redirects',
    '0',
    '--warnings',
    'off',
    ...FUZZ_EXCLUDED_PATHS.flatMap(({ path: route }) => ['--exclude-path', route]),
    ...(options.only ? ['--include-path-regex', options.only] : []),
    ...(token ? ['--header', `Authorization: Bearer ${token}`] : []),
  ];
  return new Promise((resolve, reject) => {
    // In the scratch folder: schemathesis keeps a cache of its crashes (`.schemathesis/`) in its working directory.
    const child = spawn(st, args, {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

interface FuzzRun {
  code: number;
  output: string;
  /** How many answers had each status. */
  statuses: Map<number, number>;
  seconds: number;
}

async function fuzz(persona: FuzzPersona): Promise<FuzzRun> {
  const started = performance.now();
  const { code, output } = await schemathesis(persona);
  const seconds = Math.round((performance.now() - started) / 1000);
  // Kept after the run (git-ignored cache): the summary, and every request and answer.
  const report = path.join(scratch, `${persona}.ndjson`);
  writeFileSync(path.join(CACHE_DIR, `fuzz-${persona}.log`), output);
  const statuses = new Map<number, number>();
  if (existsSync(report)) {
    copyFileSync(report, path.join(CACHE_DIR, `fuzz-${persona}.ndjson`));
    for (const [, status] of readFileSync(report, 'utf8').matchAll(/"status_code":\s*(\d{3})/g)) {
      statuses.set(Number(status), (statuses.get(Number(status)) ?? 0) + 1);
    }
  }
  if (process.env.FANMISSION_TEST_TIMINGS) {
    console.log(`[fuzz] ${persona}: ${seconds} s, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }
  return { code, output, statuses, seconds };
}

const only = process.env.FUZZ_ONLY?.split(',');
const personas = FUZZ_PERSONAS.filter((name) => !only || only.includes(name));
const runs = new Map<FuzzPersona, Promise<FuzzRun>>();
/**
 * One persona after the other, in FUZZ_PERSONAS order (the operator last: his writes may block the others'
 * accounts). At once they took five times as long on two cores.
 */
function startRuns() {
  let previous: Promise<unknown> = Promise.resolve();
  for (const persona of personas) {
    const run = previous.then(() => fuzz(persona));
    runs.set(persona, run);
    previous = run.catch(() => undefined);
  }
}

describe('OpenAPI fuzzing (schemathesis)', () => {
  for (const persona of personas) {
    it(`answers ${persona} with no server error and no response outside its schema`, async () => {
      if (runs.size === 0) startRuns();
      const run = await runs.get(persona)!;
      // The summary names each failing operation with the request that reproduces it.
      expect(run.code, run.output.slice(-20_000)).toBe(0);
      expect(run.output).toMatch(/\d+ passed/);
      const count = (test: (status: number) => boolean) =>
        [...run.statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
      const total = count(() => true);
      // The requests reached the handlers: some succeeded, and a signed-in persona kept his session to the end.
      expect(total).toBeGreaterThan(100);
      expect(count((status) => status >= 200 && status < 300)).toBeGreaterThan(10);
      if (persona !== 'visitor') expect(count((status) => status === 401) / total).toBeLessThan(0.1);
    }, 600_000);
  }
});

/**
 * The coverage phase's boundary values on the upload and product routes, as a fan, in every run of `npm test`:
 * multipart bodies without a boundary or cut off, and dates that are no dates (an empty text, the year 0). Each of
 * these once answered 500, and the bounded runs above did not reach them.
 */
describe('OpenAPI fuzzing of the upload and product routes (coverage phase)', () => {
  it('answers their boundary values with no server error and no response outside its schema', async () => {
    await Promise.allSettled(runs.values());
    const { code, output } = await schemathesis('fan', {
      phases: 'coverage',
      only: '^/api/v1/(files/s3|users/\\{[^}]+\\}/image|creators/\\{[^}]+\\}/intro|mission-products(/\\{[^}]+\\})?)$',
      report: 'fan-uploads-and-products',
    });
    writeFileSync(path.join(CACHE_DIR, 'fuzz-fan-uploads-and-products.log'), output);
    expect(code, output.slice(-20_000)).toBe(0);
    expect(output).toMatch(/\d+ passed/);
  }, 600_000);
});

/**
 * A NUL character (U+0000) in every query parameter, path parameter and JSON string property of every operation, as
 * a visitor and as a fan: never a server error (PostgreSQL refuses the character; the request pipeline answers 400
 * before a route reads it). Random generation seldom produces it, so it is sent on purpose.
 */
describe('NUL characters in text', () => {
  it('answers every operation carrying one with no server error', async () => {
    await Promise.allSettled(runs.values());
    const document = (await (await fetch(`${served.baseUrl}/api/docs/json`)).json()) as { paths: OpenApiPaths };
    const requests = nulRequests(document.paths);
    const failures: string[] = [];
    let refused = 0;
    for (const persona of ['visitor', 'fan'] as const) {
      const token = tokens.get(persona);
      for (const request of requests) {
        const response = await fetch(`${served.baseUrl}${request.url}`, {
          method: request.method,
          redirect: 'manual',
          headers: {
            'x-requested-with': 'fanmission',
            ...(token && { authorization: `Bearer ${token}` }),
            ...(request.body && { 'content-type': 'application/json' }),
          },
          ...(request.body && { body: JSON.stringify(request.body) }),
        });
        const text = await response.text();
        if (response.status >= 500)
          failures.push(`${persona} ${request.method} ${request.url} (${request.carrier}): ${text}`);
        if (response.status === 400 && text.includes('NUL')) refused += 1;
      }
    }
    if (process.env.FANMISSION_TEST_TIMINGS)
      console.log(`[fuzz] NUL: ${requests.length * 2} requests, ${refused} refused`);
    expect(failures).toEqual([]);
    expect(requests.length).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(requests.length / 2);
  }, 300_000);
});
