import { defineConfig } from 'vitest/config';

// One embedded PostgreSQL per run (each test file clones a migrated template database);
// one Temporal time-skipping server per run; Kafka only for the suites that need a broker.
const postgres = 'tests/harness/postgres-global-setup.ts';
const temporal = 'tests/harness/temporal-global-setup.ts';
const kafka = 'tests/harness/kafka-global-setup.ts';
const browser = 'tests/harness/browser-global-setup.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{contracts,ledger,services,web,admin-ui}/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.kafka.test.ts', '**/node_modules/**'],
          globalSetup: [postgres],
        },
      },
      {
        extends: true,
        test: {
          name: 'workflows',
          include: ['workflows/src/**/*.test.ts'],
          globalSetup: [postgres, temporal],
          // Time skipping is global to the shared Temporal environment: workflow files run one after another.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Suites that span packages (the API, its activities and the workflows together): they live in tests/, so
          // that workflows never imports services, not even in its tests.
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: [postgres, temporal],
          // Time skipping is global to the shared Temporal environment: these files run one after another too.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The lottery-event workflow suites on a time-skipping server of their own: event workflows they leave
          // running (long timers) would otherwise move the shared clock under the mission suites.
          name: 'integration-events',
          include: ['tests/integration-events/**/*.test.ts'],
          globalSetup: [postgres, temporal],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Every route of the OpenAPI document × eight personas against one app (issue 20).
          name: 'authz',
          include: ['tests/authz/**/*.test.ts'],
          globalSetup: [postgres],
        },
      },
      {
        extends: true,
        test: {
          // The mission Update suites on a time-skipping server of their own: one of them leaves a workflow whose
          // task nobody takes (the 503-deadline case), which holds a shared server's clock for every later suite.
          name: 'integration-updates',
          include: ['tests/integration-updates/**/*.test.ts'],
          globalSetup: [postgres, temporal],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // schemathesis against the served API with the demo data, once per persona (issue 20); its own Temporal.
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          globalSetup: [postgres],
        },
      },
      {
        extends: true,
        test: {
          // Faults (issue 20): PostgreSQL and Temporal servers of each file's own, stopped and restarted under load.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: [postgres],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Scale-out (issue 20): the compose roles as processes (2 API, 2 workers, a relay on Kafka) over one
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
          fileParallelism: false,
        },
      },
    ],
  },
});
