import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureAppsBuilt } from './build-apps';
import { CACHE_DIR, REPO_ROOT } from './lib/paths';
import { prepareTestInfrastructure } from './infra/prepare';
import vitestConfig from '../vitest.config';

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

// The static checks and the preparation of the real components do not depend on each other, nor do the tests on the
// static checks: the checks run beside the preparation and then beside the tests (the preparation is mostly
// downloads, jar and venv checks and two small app builds; the tests mostly wait for servers and browsers), so they
// add little to the time instead of their sum. Each step's own time is still reported in the summary.
// The folders whose imports `npm run lint:imports` checks for circles and layers (.dependency-cruiser.cjs).
/**
 * The type check of record is TypeScript 7's compiler, TypeScript's Go port (the `typescript-native` package: about a
 * third of TypeScript 5's CPU on this repository); TypeScript 5 stays installed as `typescript` for typescript-eslint's
 * parser, which needs its JavaScript API.
 */
const TYPE_CHECKER = path.join(REPO_ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');
const IMPORT_CHECKED = ['contracts', 'ledger', 'workflows', 'services', 'web', 'admin-ui', 'tests', 'scripts'];
const results: StepResult[] = [];
console.log('[test] static checks (lint, format, types) beside the real components (PostgreSQL, Temporal, Kafka,');
console.log('[test] Chromium, app builds) and then beside the tests…');
const staticChecks = Promise.all([
  timed('lint (eslint)', checked(bin('eslint'), ['.', '--max-warnings=0'])),
  timed('format (prettier)', checked(bin('prettier'), ['--check', '.', '--log-level=warn'])),
  timed('types (tsc)', checked(process.execPath, [TYPE_CHECKER, '-p', 'tsconfig.json', '--noEmit'])),
  timed(
    'imports (dependency-cruiser)',
    checked(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', ...IMPORT_CHECKED]),
  ),
]);
const infrastructure = await timed('infrastructure', async () => {
  await Promise.all([
    ensureAppsBuilt({ log: (line) => console.log(`[test] ${line}`) }),
    prepareTestInfrastructure((line) => console.log(`[test] ${line}`)),
  ]);
  return { ok: true };
});
if (!infrastructure.ok) console.log(`\n[test] infrastructure failed:\n${infrastructure.detail}\n`);

// The tests run in lanes: one vitest process at a time per lane, the lanes side by side. One vitest process for
// everything ran the suite one file at a time: Vitest 4 puts the files of every project with `fileParallelism: false`
// into one single-worker group that starts after all other files, and on a 2-core machine its default worker count for
// the other files is 1 as well. Most test time is spent waiting for servers, browsers and timers, not on the CPU, so
// the lanes overlap well. Each run is a whole vitest run with its own real components (PostgreSQL, Temporal servers,
// Kafka, Chromium). Inside a run Vitest's rules still hold: the files of a serial project run one after another.
//
// The browser files (`e2e`, one at a time) are the longest part (about 1,250 s beside the others, most of it
// Chromium's CPU and the pages' waits); the unit lane's projects take about 1,020 s and the server suites about 590 s.
// So the other two lanes run a few browser files after their own projects, chosen with the file times of a whole run
// (vitest.config.ts), and the three lanes end close together: the sweep of every screen is two files, ko with the
// keyboard journeys in the e2e lane, en and ja in the servers lane. Each run starts the run's Chromium once.
interface LaneRun {
  projects: readonly string[];
  /** Only these files of the projects (paths from the repository root); every file when absent. */
  files?: readonly string[];
}
/**
 * Runs after the lanes, alone: the soak's cluster (two APIs, two workers, the relay, PostgreSQL, Temporal, Kafka)
 * under load with faults for 3 minutes takes the machine, and beside it the lanes' time-bound tests (workflows on the
 * time-skipping server, browser journeys) ran out of time.
 */
const ALONE_AFTER_THE_LANES = { project: 'scale-out', files: ['tests/scale-out/soak.test.ts'] } as const;
const BROWSER_FILES_IN_UNIT_LANE = ['tests/e2e/web-screens.test.ts'];
const BROWSER_FILES_IN_SERVERS_LANE = ['tests/e2e/admin-console.test.ts', 'tests/e2e/web-a11y-en-ja.test.ts'];
const LANES: readonly { name: string; runs: readonly LaneRun[] }[] = [
  { name: 'e2e', runs: [{ projects: ['e2e'] }] },
  {
    name: 'unit',
    runs: [
      { projects: ['unit', 'components', 'authz', 'infra', 'workflows', 'integration'] },
      { projects: ['e2e'], files: BROWSER_FILES_IN_UNIT_LANE },
    ],
  },
  {
    name: 'servers',
    runs: [
      { projects: ['faults', 'kafka', 'scale-out', 'fuzz'] },
      { projects: ['e2e'], files: BROWSER_FILES_IN_SERVERS_LANE },
    ],
  },
];

/**
 * The vitest arguments of each lane's runs. A project that no lane names joins the unit lane's first run, and the
 * `e2e` lane leaves out the browser files another lane runs: every file runs once.
 */
function laneArguments(): { name: string; runs: string[][] }[] {
  const configured = (vitestConfig.test?.projects ?? []).flatMap((project) =>
    typeof project === 'object' && 'test' in project && typeof project.test?.name === 'string'
      ? [project.test.name]
      : [],
  );
  const laned = new Set(LANES.flatMap((lane) => lane.runs.flatMap((run) => run.projects)));
  const unknown = [...laned].filter((name) => !configured.includes(name));
  if (unknown.length > 0)
    throw new Error(`test lanes name projects that vitest.config.ts lacks: ${unknown.join(', ')}`);
  const missing = configured.filter((name) => !laned.has(name));
  const elsewhere = LANES.flatMap((lane) => lane.runs.flatMap((run) => run.files ?? []));
  return LANES.map((lane) => ({
    name: lane.name,
    runs: lane.runs.map((run, index) => {
      const projects = lane.name === 'unit' && index === 0 ? [...run.projects, ...missing] : run.projects;
      const args = projects.flatMap((name) => ['--project', name]);
      if (run.files) return [...args, ...run.files];
      if (projects.includes(ALONE_AFTER_THE_LANES.project)) {
        args.push(...ALONE_AFTER_THE_LANES.files.flatMap((file) => ['--exclude', file]));
      }
      if (lane.name === 'e2e') return [...args, ...elsewhere.flatMap((file) => ['--exclude', file])];
      return args;
    }),
  }));
}

/**
 * The lines of vitest's output that tell of errors outside any test (an unhandled rejection, an error thrown in a timer
 * after its test ended): the JSON report has no place for them, and a run that only warns of them may still exit 0.
 */
const UNHANDLED_ERRORS = /Vitest caught \d+ unhandled errors?|Unhandled (?:Errors?|Rejection)\b/;
/** vitest's lines naming the file or test an unhandled error came from, kept past the head of its message. */
const UNHANDLED_ORIGIN = /originated in|might've caused the error/;

/**
 * One vitest run of a lane: its output line by line, each line prefixed with the lane's name. Its exit code, and the
 * head of the unhandled errors its output told of.
 */
function runVitest(
  laneName: string,
  selection: string[],
  reportFile: string,
): Promise<{ code: number; unhandled: string[] }> {
  const unhandled: string[] = [];
  return new Promise((resolve) => {
    const args = ['run', ...selection];
    args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`);
    const child = spawn(bin('vitest'), args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const prefix = `[${laneName}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          // eslint-disable-next-line no-control-regex -- vitest colours its output
          const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
          if (unhandled.length > 0 && unhandled.length < 8 && plain.trim()) unhandled.push(plain.trim());
          else if (UNHANDLED_ERRORS.test(plain) && unhandled.length === 0) unhandled.push(plain.trim());
          else if (unhandled.length > 0 && UNHANDLED_ORIGIN.test(plain)) unhandled.push(plain.trim());
        }
        if (lines.length > 0) process.stdout.write(lines.map((line) => prefix + line + '\n').join(''));
      });
      stream.on('end', () => {
        if (pending) process.stdout.write(prefix + pending + '\n');
      });
    }
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), unhandled }));
  });
}

/**
 * The head of a failure's message, indented under its test: the summary is the end of a long log and often the only
 * part of it kept, so it says why as well as what.
 */
function firstLines(message: string | undefined, count = 8): string {
  if (!message) return '';
  const lines = message
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count);
  return lines.map((line) => `\n    ${line.slice(0, 300)}`).join('');
}

/**
 * A vitest run's JSON report: its counts, and each failed test (by file and name, with its message's head) added to
 * `failedTests`. No report (the run did not start): nothing counted.
 */
function collectReport(reportFile: string): { passed: number; failed: number; skipped: number } {
  if (!fs.existsSync(reportFile)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: {
      name: string;
      status: string;
      message?: string;
      assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  };
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    const fileName = path.relative(REPO_ROOT, file.name);
    if (failed.length === 0 && file.status === 'failed')
      failedTests.push(`${fileName} (the file did not run)${firstLines(file.message)}`);
    for (const test of failed)
      failedTests.push(`${fileName}: ${test.fullName}${firstLines(test.failureMessages?.join('\n'))}`);
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

fs.mkdirSync(CACHE_DIR, { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
/** Every failed test by file and name with its message's head, printed again under the summary so the end of a long log names them. */
const failedTests: string[] = [];
if (infrastructure.ok) {
  const lanes = laneArguments();
  console.log(
    `\n[test] ${lanes.length} lanes side by side: ${lanes.map((l) => `${l.name} (${l.runs.map((run) => run.join(' ')).join('; then ')})`).join(' | ')}`,
  );
  const laneSteps = await Promise.all(
    lanes.map((lane) =>
      timed(`tests: ${lane.name}`, async () => {
        const laneCounts = { passed: 0, failed: 0, skipped: 0 };
        let failedRuns = 0;
        for (const [index, selection] of lane.runs.entries()) {
          const reportFile = path.join(CACHE_DIR, `vitest-report-${lane.name}-${index + 1}.json`);
          fs.rmSync(reportFile, { force: true });
          const { code, unhandled } = await runVitest(lane.name, selection, reportFile);
          if (code !== 0 || unhandled.length > 0) failedRuns += 1;
          if (unhandled.length > 0)
            failedTests.push(`unhandled errors in lane ${lane.name}:${firstLines(unhandled.join('\n'), 12)}`);
          const report = collectReport(reportFile);
          laneCounts.passed += report.passed;
          laneCounts.failed += report.failed;
          laneCounts.skipped += report.skipped;
        }
        counts.passed += laneCounts.passed;
        counts.failed += laneCounts.failed;
        counts.skipped += laneCounts.skipped;
        const ok = failedRuns === 0 && laneCounts.passed > 0 && laneCounts.failed === 0;
        const summary = `${laneCounts.passed} passed, ${laneCounts.failed} failed`;
        console.log(`[test] lane ${lane.name} ${ok ? 'passed' : 'FAILED'}: ${summary}`);
        return { ok, detail: ok ? undefined : `${failedRuns} vitest run(s) failed, ${summary}` };
      }),
    ),
  );
  results.push(...laneSteps);
  results.push(
    await timed('tests: alone', async () => {
      const reportFile = path.join(CACHE_DIR, 'vitest-report-alone.json');
      fs.rmSync(reportFile, { force: true });
      const selection = ['--project', ALONE_AFTER_THE_LANES.project, ...ALONE_AFTER_THE_LANES.files];
      const { code, unhandled } = await runVitest('alone', selection, reportFile);
      if (unhandled.length > 0)
        failedTests.push(`unhandled errors in the soak's run:${firstLines(unhandled.join('\n'), 12)}`);
      const report = collectReport(reportFile);
      counts.passed += report.passed;
      counts.failed += report.failed;
      counts.skipped += report.skipped;
      const ok = code === 0 && unhandled.length === 0 && report.passed > 0 && report.failed === 0;
      return { ok, detail: ok ? undefined : `${report.passed} passed, ${report.failed} failed` };
    }),
  );
}

const staticResults = await staticChecks;
for (const result of staticResults.filter((r) => !r.ok))
  console.log(`\n[test] ${result.name} failed:\n${result.detail}\n`);
results.unshift(...staticResults, infrastructure);

console.log('\n──────── summary ────────');
for (const result of results) {
  console.log(`${result.ok ? 'PASS' : 'FAIL'}  ${result.name.padEnd(22)} ${result.seconds.toFixed(1).padStart(6)} s`);
}
const failedSteps = results.filter((result) => !result.ok).length;
console.log(failedSteps === 0 ? 'every step succeeded' : `${failedSteps} of ${results.length} steps did not succeed`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
for (const name of failedTests) console.log(`failed: ${name}`);
process.exit(failedSteps === 0 && counts.failed === 0 ? 0 : 1);
