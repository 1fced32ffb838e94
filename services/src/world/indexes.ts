import { sql } from 'kysely';
import type { Db } from '../db';

/**
 * Loads a table with its secondary indexes (neither unique nor a constraint's) dropped, then builds each again from
 * its own definition (`pg_get_indexdef`: the same name, columns, predicate and method). Building an index once from
 * the loaded rows is a sort; keeping it up to date row by row costs a random page per row and index (the missions of
 * an M world: 26 such indexes, 4,300 rows/s). The unique indexes stay: they check the rows as they arrive.
 * The world generator only: it writes into an empty database, so no reader misses the indexes meanwhile.
 */
export async function withoutSecondaryIndexes<T>(db: Db, table: string, load: () => Promise<T>): Promise<T> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class t on t.oid = i.indrelid and t.relkind = 'r'
    where i.indrelid = ${table}::regclass and not i.indisunique and not i.indisexclusion
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by i.indexrelid`.execute(db);
  for (const { name } of indexes) await sql`drop index ${sql.raw(name)}`.execute(db);
  const result = await load();
  await db.transaction().execute(async (trx) => {
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    for (const { definition } of indexes) await sql.raw(definition).execute(trx);
  });
  return result;
}
