import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '@fanmission/services/seed';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { testConfig } from '@fanmission/tests/harness/app';
import { useServedApp } from '@fanmission/tests/harness/served-app';
import { FUZZ_EXCLUDED_OPERATIONS, FUZZ_PERSONAS, type FuzzPersona } from '@fanmission/tests/support/fuzz';
import { ensureSchemathesis } from '../../scripts/infra/schemathesis';

/*
 * OpenAPI fuzzing (issue 20): schemathesis generates requests from the API's own OpenAPI document (valid and invalid
 * ones) and sends them to the real API, served on a loopback port with the demo data and a Temporal server, once per
 * persona (visitor, fan, creator, operator, finance). Every response must be no server error (5xx) and, for a
 * declared status, match its declared schema. Bounded: a few examples per operation, no stateful phase, a seed so a
 * failure can be replayed (FUZZ_SEED overrides it, FUZZ_MAX_EXAMPLES the count).
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

function schemathesis(persona: FuzzPersona): Promise<{ code: number; output: string }> {
  const token = tokens.get(persona);
  const args = [
    'run',
    `${served.baseUrl}/api/docs/json`,
    '--url',
    served.baseUrl,
    '--checks',
    'not_a_server_error,response_schema_conformance',
    '--phases',
    'examples,coverage,fuzzing',
    '--max-examples',
    process.env.FUZZ_MAX_EXAMPLES ?? '8',
    '--seed',
    process.env.FUZZ_SEED ?? '20',
    '--workers',
    '2',
    '--request-timeout',
    '20',
    '--continue-on-failure',
    '--suppress-health-check',
    'all',
    '--max-redirects',
    '0',
    '--warnings',
    'off',
    ...FUZZ_EXCLUDED_OPERATIONS.flatMap(({ method, path: route }) => [
      '--exclude-by',
      `method == "${method}" && path == "${route}"`,
    ]),
    ...(token ? ['--header', `Authorization: Bearer ${token}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(st, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('OpenAPI fuzzing (schemathesis)', () => {
  for (const persona of FUZZ_PERSONAS) {
    it(`answers ${persona} with no server error and no response outside its schema`, async () => {
      const started = performance.now();
      const { code, output } = await schemathesis(persona);
      const seconds = Math.round((performance.now() - started) / 1000);
      if (process.env.FANMISSION_TEST_TIMINGS) console.log(`[fuzz] ${persona}: ${seconds} s`);
      // The summary names each failing operation with the request that reproduces it.
      expect(code, output.slice(-20_000)).toBe(0);
      expect(output).toMatch(/\d+ passed/);
    }, 300_000);
  }
});
