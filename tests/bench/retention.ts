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
import { sql } from 'kysely';
import { createDb, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { runDataMaintenance } from '@fanmission/services/retention';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR: the data directory of a generated world (see the header)');
const asOf = new Date(process.env.BENCH_AS_OF ?? Date.now());

const postgres = await startEmbeddedPostgres({
  dataDir: join(dataDir, 'postgres'),
  port: Number(process.env.BENCH_PORT ?? 55511),
});
const db = createDb(postgres.urlFor('fanmission'), { max: 4, statementTimeoutMs: 0 });
await migrateToLatest(db);

/** Bytes of the database and of its biggest tables (a partitioned table counts its partitions). */
async function sizes() {
  const { rows: database } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(
    db,
  );
  const { rows: tables } = await sql<{ name: string; bytes: string }>`
    select coalesce(parent.relname, c.relname) as name, sum(pg_total_relation_size(c.oid)) as bytes
    from pg_class c
      left join pg_inherits i on i.inhrelid = c.oid
      left join pg_class parent on parent.oid = i.inhparent
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
    group by 1 order by 2 desc limit 8`.execute(db);
  return {
    database: Number(database[0]!.bytes),
    tables: Object.fromEntries(tables.map((table) => [table.name, Number(table.bytes)])),
  };
}

const mb = (bytes: number | undefined) => ((bytes ?? 0) / 1e6).toFixed(0);
const before = await sizes();
const started = performance.now();
const report = await runDataMaintenance(db, asOf, {
  consumers: EVENT_CONSUMERS.map((consumer) => consumer.name),
  log: (line) => console.log(`  ${line}`),
});
const seconds = (performance.now() - started) / 1000;
const after = await sizes();
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
