import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// One embedded PostgreSQL per run (each test file clones a migrated template database);
// one Temporal time-skipping server per workflow test file (the bundle once per run); Kafka only for the suites that
// need a broker.
const postgres = 'tests/harness/postgres-global-setup.ts';
const temporal = 'tests/harness/temporal-global-setup.ts';
const kafka = 'tests/harness/kafka-global-setup.ts';
const browser = 'tests/harness/browser-global-setup.ts';

// Longest file first, so that a pool running files side by side ends on short files instead of waiting for one long
// file that started last. Vitest's own sequencer sorts by the durations in its results cache, which a fresh clone
// (CI) does not have: there it keeps the glob order. This one keeps Vitest's order of groups and projects and, within a
// project, puts the files below first, slowest first (seconds of each file in a whole run on the 2-core machine,
// 23 Nov 2026), then every other file in Vitest's order. A stale figure only changes the order, never a result.
const SECONDS: Readonly<Record<string, number>> = {
  'tests/e2e/web-a11y-en-ja.test.ts': 150,
  'tests/e2e/web-a11y.test.ts': 120,
  'tests/e2e/web-screens.test.ts': 111,
  'tests/e2e/admin-console.test.ts': 108,
  'tests/e2e/web-creator-journey.test.ts': 87,
  'tests/e2e/web-discovery.test.ts': 64,
  'tests/e2e/web-lottery-creator.test.ts': 62,
  'tests/e2e/web-missions.test.ts': 60,
  'tests/e2e/web-accounts.test.ts': 55,
  'tests/e2e/web-lottery-fan.test.ts': 47,
  'tests/e2e/web-trust.test.ts': 46,
  'tests/e2e/web-coins.test.ts': 42,
  'tests/e2e/web-comments.test.ts': 33,
  'tests/e2e/web-refunds.test.ts': 31,
  'tests/e2e/web-journey.test.ts': 22,
  'tests/e2e/web-income.test.ts': 19,
  'tests/e2e/web-first-view.test.ts': 17,
  'tests/e2e/web-lists.test.ts': 11,
  'tests/faults/worker-killed.test.ts': 133,
  'tests/faults/restore-drill.test.ts': 30,
  'services/src/outbox/outbox.kafka.test.ts': 108,
  'tests/infra/start.test.ts': 45,
  'services/src/missions/unreachable-temporal.test.ts': 33,
  'ledger/src/ledger.property.test.ts': 29,
  'tests/integration-updates/mission-updates.test.ts': 17,
  'tests/integration/mission-workflow.test.ts': 16,
  'web/src/features/creator-studio/creator-studio.test.tsx': 15,
  'tests/integration-events/event-workflow.test.ts': 12,
  'services/src/comments/routes.test.ts': 12,
  'web/src/features/creator-studio/missions/products.test.tsx': 11,
  'services/src/creators/routes.test.ts': 11,
};

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) =>
      SECONDS[path.relative(root, spec.moduleId).split(path.sep).join('/')] ?? 0;
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    // Groups and projects stay where Vitest put them; only files of one project change places (a stable sort).
    const projectIndex = new Map<string, number>();
    for (const spec of sorted) {
      if (!projectIndex.has(spec.project.name)) projectIndex.set(spec.project.name, projectIndex.size);
    }
    const project = (spec: TestSpecification) => projectIndex.get(spec.project.name) ?? 0;
    return [...sorted].sort(
      (a, b) => project(a) - project(b) || seconds(b) - seconds(a) || (position.get(a) ?? 0) - (position.get(b) ?? 0),
    );
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // `expect.poll` waits for a state: as long as a locator's wait (tests/harness), not vitest's 1 s, which a page
    // still loading its route beside the other lanes outlived.
    expect: { poll: { timeout: 10_000 } },
    // Within a project, the files known to be slow start first (a fresh clone has no results cache to sort by).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{contracts,ledger,services}/src/**/*.test.ts'],
          exclude: ['**/*.kafka.test.ts', '**/node_modules/**'],
          globalSetup: [postgres],
          // The files of a worker share one module graph: each file still gets its own database (a clone of the
          // migrated template), app and servers, but no longer imports the whole API again (466 s of a 1,470 s lane
          // went to module imports with isolation, 12 s without).
          isolate: false,
        },
      },
      {
        extends: true,
        // The browser build of packages that have one for the browser (the app's Vite build picks it the same way).
        resolve: { alias: { 'tus-js-client': 'tus-js-client/lib.esm/browser/index.js' } },
        test: {
          // The web and console components in jsdom.
          name: 'components',
          include: ['{web,admin-ui}/src/**/*.test.{ts,tsx}'],
          globalSetup: [postgres],
          // The files of a worker share one module graph and one jsdom (a fresh graph and jsdom per file cost two
          // thirds of the project's CPU); each file starts from a browser state no earlier file left behind.
          isolate: false,
          setupFiles: ['tests/support/component-file-reset.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'workflows',
          include: ['workflows/src/**/*.test.ts'],
          globalSetup: [postgres, temporal],
          // Each file has its own time-skipping server (a JVM): one file at a time keeps two cores for the rest.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Suites that span packages (the API, its activities and the workflows together): they live in tests/, so
          // that workflows never imports services, not even in its tests. The lottery-event suites leave event
          // workflows running (long timers) and one mission Update suite a workflow whose task nobody takes (the
          // 503-deadline case): harmless, since each file's time-skipping server, with its clock, is its own.
          name: 'integration',
          include: [
            'tests/integration/**/*.test.ts',
            'tests/integration-events/**/*.test.ts',
            'tests/integration-updates/**/*.test.ts',
          ],
          globalSetup: [postgres, temporal],
          // One file (and its time-skipping server) at a time, as in the workflows project.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Every route of the OpenAPI document × eight personas against one app.
          name: 'authz',
          include: ['tests/authz/**/*.test.ts'],
          globalSetup: [postgres],
        },
      },
      {
        extends: true,
        test: {
          // schemathesis against the served API with the demo data, once per persona; its own Temporal.
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          globalSetup: [postgres],
        },
      },
      {
        extends: true,
        test: {
          // Faults: PostgreSQL and Temporal servers of each file's own, stopped and restarted under load.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: [postgres],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Scale-out: the compose roles as processes (2 API, 2 workers, a relay on Kafka) over one
          // PostgreSQL, one Temporal dev server and a local S3 store; one worker SIGKILLed mid-run.
          name: 'scale-out',
          include: ['tests/scale-out/**/*.test.ts'],
          globalSetup: [postgres],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'kafka',
          include: ['**/src/**/*.kafka.test.ts', 'tests/infra/kafka*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: [postgres, kafka],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          exclude: ['tests/infra/kafka*.test.ts'],
          globalSetup: [postgres],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [postgres, browser],
          // The files share one worker and its module graph (the API is imported once, not per file) and the run's
          // Chromium (browser-global-setup.ts); each file still gets its own database, app and browser contexts.
          isolate: false,
          // One file at a time: the browser journeys are the most timing-sensitive files, and two at a time on 2 cores
          // (each with its own Chromium, app and time-skipping server) made them miss their waits when the machine was
          // busy. The lanes (scripts/test.ts) already run them beside the other suites.
          fileParallelism: false,
          // A journey is tens of steps, each waiting on the page: 19 s alone took 25–31 s beside the other lanes, so
          // a journey gets three times the default before it counts as hung (its steps keep their own waits).
          testTimeout: 90_000,
        },
      },
    ],
  },
});
