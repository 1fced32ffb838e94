/**
 * The daily data maintenance on a generated world (services/src/retention): the database's size and its biggest
 * tables before and after the pass, and what the pass removed. Sizes, not times, are the figures: load does not move
 * them.
 *
 *   BENCH_DATA_DIR=<the data directory of a world made by `npm run world`> [BENCH_AS_OF=<ISO time>]
 *   node --import tsx tests/bench/retention.ts
 *
 * The pass runs as of BENCH_AS_OF (default now), converting the outbox online first if it is not partitioned yet. It
 * changes the database: keep a copy to run it again. Last line:
 * `retention: <before> MB → <after> MB (<ratio>×); outbox <o> MB → <o2> MB; pass <s> s`.
 */
import { join } from 'node:path';
import { createDb, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { runDataMaintenance } from '@fanmission/services/retention';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';
import { databaseSizes } from './support';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR: the data directory of a generated world (see the header)');
const asOf = new Date(process.env.BENCH_AS_OF ?? Date.now());

const postgres = await startEmbeddedPostgres({
  dataDir: join(dataDir, 'postgres'),
  port: Number(process.env.BENCH_PORT ?? 55511),
});
const db = createDb(postgres.urlFor('fanmission'), { max: 4, statementTimeoutMs: 0 });
await migrateToLatest(db);

const mb = (bytes: number | undefined) => ((bytes ?? 0) / 1e6).toFixed(0);
const before = await databaseSizes(db);
const started = performance.now();
const report = await runDataMaintenance(db, asOf, {
  consumers: EVENT_CONSUMERS.map((consumer) => consumer.name),
  log: (line) => console.log(`  ${line}`),
});
const seconds = (performance.now() - started) / 1000;
const after = await databaseSizes(db);
console.log(`as of ${report.asOf}: run ${report.runId}`);
for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
  console.log(
    `  ${table.padEnd(28)} ${mb(before.tables[table]).padStart(6)} MB → ${mb(after.tables[table]).padStart(6)} MB`,
  );
}
console.log(
  `retention: ${mb(before.database)} MB → ${mb(after.database)} MB (${(after.database / before.database).toFixed(2)}×); ` +
    `outbox ${mb(before.tables.outbox)} MB → ${mb(after.tables.outbox)} MB; pass ${seconds.toFixed(1)} s`,
);
await db.destroy();
await postgres.stop();
