import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureAppsBuilt } from './build-apps';
import { CACHE_DIR, REPO_ROOT } from './lib/paths';
import { prepareTestInfrastructure } from './infra/prepare';

// `npm test`: lint, format check, type-check, then every vitest project against real components; one summary.

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  detail?: string;
}

const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);

function run(
  command: string,
  args: string[],
  options: { capture: boolean },
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function timed(name: string, work: () => Promise<{ ok: boolean; detail?: string }>): Promise<StepResult> {
  const started = performance.now();
  try {
    const { ok, detail } = await work();
    return { name, ok, seconds: (performance.now() - started) / 1000, ...(detail && { detail }) };
  } catch (error) {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { name, ok: false, seconds: (performance.now() - started) / 1000, detail };
  }
}

const checked = (command: string, args: string[]) => async () => {
  const { code, output } = await run(command, args, { capture: true });
  return { ok: code === 0, detail: code === 0 ? undefined : output.trim() };
};

// The static checks and the preparation of the real components do not depend on each other: they run side by side
// (the preparation is mostly downloads, jar and venv checks and two small app builds), so the slower of the two
// sets the time instead of their sum. Each step's own time is still reported in the summary.
const results: StepResult[] = [];
console.log('[test] static checks (lint, format, types) beside the real components (PostgreSQL, Temporal, Kafka,');
console.log('[test] Chromium, app builds)…');
const [staticChecks, infrastructure] = await Promise.all([
  Promise.all([
    timed('lint (eslint)', checked(bin('eslint'), ['.', '--max-warnings=0'])),
    timed('format (prettier)', checked(bin('prettier'), ['--check', '.', '--log-level=warn'])),
    timed('types (tsc)', checked(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])),
  ]),
  timed('infrastructure', async () => {
    await ensureAppsBuilt({ log: (line) => console.log(`[test] ${line}`) });
    await prepareTestInfrastructure((line) => console.log(`[test] ${line}`));
    return { ok: true };
  }),
]);
results.push(...staticChecks, infrastructure);
for (const result of staticChecks.filter((r) => !r.ok))
  console.log(`\n[test] ${result.name} failed:\n${result.detail}\n`);
if (!infrastructure.ok) console.log(`\n[test] infrastructure failed:\n${infrastructure.detail}\n`);

const reportFile = path.join(CACHE_DIR, 'vitest-report.json');
fs.mkdirSync(CACHE_DIR, { recursive: true });
fs.rmSync(reportFile, { force: true });
let counts = { passed: 0, failed: 0, skipped: 0 };
if (infrastructure.ok) {
  const vitestStep = await timed('tests (vitest)', async () => {
    const { code } = await run(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
      { capture: false },
    );
    if (fs.existsSync(reportFile)) {
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
        numTotalTests: number;
      };
      counts = {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      };
    }
    const ok = code === 0 && counts.passed > 0 && counts.failed === 0;
    return { ok, detail: ok ? undefined : `vitest exited with ${code}, ${counts.failed} failed` };
  });
  results.push(vitestStep);
}

console.log('\n──────── summary ────────');
for (const result of results) {
  console.log(`${result.ok ? 'PASS' : 'FAIL'}  ${result.name.padEnd(20)} ${result.seconds.toFixed(1).padStart(6)} s`);
}
const failedSteps = results.filter((result) => !result.ok).length;
console.log(failedSteps === 0 ? 'every step succeeded' : `${failedSteps} of ${results.length} steps did not succeed`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps === 0 && counts.failed === 0 ? 0 : 1);
