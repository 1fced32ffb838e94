import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The statements whose body asks again until a state holds: a pause in their body is a polling interval. */
const LOOPS = ['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForOfStatement', 'ForInStatement'].join(', ');

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.cache/**', 'coverage/**', 'tests/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**', 'admin-ui/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['scripts/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx', 'services/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // A test waits for the state it expects (an element, `expect.poll`, a row, `untilStill` for a screen at rest),
    // never for a fixed time: a time that is enough on a quiet machine is too short beside the other lanes, and too
    // long everywhere else. A pause inside a polling loop (a loop that asks again until a state holds) is allowed.
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    // The soak's workload and faults run on a schedule of time by design (a fault every 30 s), as the benchmarks do;
    // the sample workflows are workflow code, whose timers the time-skipping server skips.
    ignores: ['tests/bench/**', 'tests/support/soak/**', 'tests/support/sample-workflows.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for a state (an element, expect.poll, untilStill), never for a time.',
        },
        {
          selector: `:not(${LOOPS}) > BlockStatement > ExpressionStatement > AwaitExpression > NewExpression[callee.name='Promise']:has(CallExpression[callee.name='setTimeout'])`,
          message:
            'A pause outside a polling loop waits for a time: wait for the state instead (expect.poll, waitFor).',
        },
        {
          selector: `:not(${LOOPS}) > BlockStatement > ExpressionStatement > AwaitExpression > CallExpression[callee.name='sleep']`,
          message:
            'A pause outside a polling loop waits for a time: wait for the state instead (expect.poll, waitFor).',
        },
      ],
    },
  },
  {
    // services depends on workflows (types, the worker), never the reverse: not even workflows' tests import services.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fanmission/services', '@fanmission/services/*'],
              message: 'workflows must not import services; a suite that needs both belongs in tests/integration.',
            },
          ],
        },
      ],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no I/O.
    files: ['workflows/src/**/workflows.ts', 'workflows/src/**/workflow.ts', 'workflows/src/**/*.workflow.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'child_process', 'os'],
              message: 'Workflows must be deterministic: no Node built-ins.',
            },
            {
              group: ['@fanmission/services', '@fanmission/services/*', 'pg', 'kysely'],
              message: 'Workflows do no I/O: call an activity.',
            },
          ],
        },
      ],
    },
  },
  // Module boundaries: a services module imports another module only through that module's `index.ts` (its public
  // surface), e.g. `../files` or `../files/index`, never `../files/repository`. One block per folder depth, because
  // the rule sees import paths, not folders.
  ...[1, 2, 3].map((depth) => ({
    files: [`services/src/*/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.)[^/]+/(?!index$)`,
              message:
                "Import another module through its index.ts (its public surface), not its internals: '../<module>'.",
            },
            {
              regex: '^(\\.\\./)+tests/',
              message:
                "Import test support one way: '@fanmission/tests/support/<name>' or '@fanmission/tests/harness/<name>'.",
            },
          ],
        },
      ],
    },
  })),
  // The database layer sits below every module: `db/schema.ts` assembles the `Database` interface from each module's
  // `table.ts` (row types only), not from its index.ts, whose routes and services import `db` in turn.
  {
    files: ['services/src/db/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!table$)',
              message: "The database layer reads a module's table.ts only: '../<module>/table'.",
            },
          ],
        },
      ],
    },
  },
  // Web features (bulletproof-react): a feature imports `shared/` and its own files, never another feature. What two
  // features need goes to `shared/`; `app/` composes the features. One block per folder depth, because a relative
  // path leaves the feature after as many `../` as the file is deep.
  ...[0, 1, 2, 3, 4].map((depth) => ({
    files: [`web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${'\\.\\./'.repeat(depth + 1)}(?!\\.)`,
              message: 'No cross-feature imports: move what both features need into web/src/shared/.',
            },
            {
              regex: '^(@/|~/|(\\.\\./)+)features/',
              message: 'No cross-feature imports: move what both features need into web/src/shared/.',
            },
          ],
        },
      ],
    },
  })),
);
