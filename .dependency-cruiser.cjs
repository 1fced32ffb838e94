/**
 * Import rules the type checker cannot see, checked by `npm run lint` (dependency-cruiser):
 * no import circle anywhere in the product's code, and layers that point one way (docs/architecture.md).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move what both sides need into a lower layer (a table file, a shared type).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-shared-imports-up',
      severity: 'error',
      comment: 'web/src/shared is the lowest layer of the web app: it never imports a feature or the app.',
      from: { path: '^web/src/shared/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-feature-imports-app',
      severity: 'error',
      comment: 'A web feature never imports web/src/app (app → features → shared).',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-api-imports-ui',
      severity: 'error',
      comment: "A feature's api/ (fetchers and query hooks) never imports a page or component (.tsx).",
      from: { path: '^web/src/features/[^/]+/api/' },
      to: { path: '\\.tsx$' },
    },
    {
      name: 'services-db-imports-module',
      severity: 'error',
      comment:
        "services/src/db is below every module: it reads modules' table files (their row types) and nothing else of them.",
      from: { path: '^services/src/db/' },
      to: { path: '^services/src/(?!db/)[^/]+/', pathNot: '^services/src/[^/]+/table\\.ts$' },
    },
    {
      name: 'services-table-imports-upward',
      severity: 'error',
      comment: "A module's table.ts declares row types only: it imports contracts and other table files, nothing else.",
      from: { path: '^services/src/[^/]+/table\\.ts$' },
      to: { path: '^services/src/', pathNot: ['^services/src/[^/]+/table\\.ts$', '^services/src/db/sql\\.ts$'] },
    },
    {
      name: 'services-repository-imports-up',
      severity: 'error',
      comment: 'A repository takes `db | trx` and returns rows: it never imports a service or a route file.',
      from: { path: '^services/src/[^/]+/[^.]*repository\\.ts$' },
      to: { path: '^services/src/[^/]+/[^.]*(service|routes)\\.ts$' },
    },
    {
      name: 'services-service-imports-routes',
      severity: 'error',
      comment: 'A service never imports a route file (routes → service → repository → db).',
      from: { path: '^services/src/[^/]+/[^.]*service\\.ts$' },
      to: { path: '^services/src/[^/]+/[^.]*routes\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
