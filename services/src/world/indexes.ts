import { sql } from 'kysely';
import type { Db } from '../db';

/**
 * Loads tables with their secondary indexes (neither unique nor a constraint's) dropped, then builds each again from
 * its own definition (`pg_get_indexdef`: the same name, columns, predicate and method). Building an index once from
 * the loaded rows is a sort; keeping it up to date row by row costs a random page per row and index (the missions of
 * an M world: 26 such indexes, 4,300 rows/s). The unique indexes stay: they check the rows as they arrive.
 * The world generator only: it writes into an empty database, so no reader misses the indexes meanwhile.
 */
export async function withoutSecondaryIndexes<T>(
  db: Db,
  tables: string | readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  // A partitioned table's index is dropped with its partitions' (each of which has a name of its own) and made again
  // as the migrations made it: on the table alone (`ON ONLY`), then each partition's, attached to it.
  const { rows: indexes } = await sql<{ name: string; definition: string; partitions: IndexDefinition[] }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition,
      coalesce((
        select json_agg(json_build_object('name', p.inhrelid::regclass::text, 'definition', pg_get_indexdef(p.inhrelid))
          order by p.inhrelid)
        from pg_inherits p where p.inhparent = i.indexrelid
      ), '[]') as partitions
    from pg_index i
    join pg_class t on t.oid = i.indrelid and t.relkind in ('r', 'p')
    where i.indrelid = any(${[tables].flat()}::regclass[]) and not i.indisunique and not i.indisexclusion
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by i.indexrelid`.execute(db);
  for (const { name } of indexes) await sql`drop index ${sql.raw(name)}`.execute(db);
  const result = await load();
  await db.transaction().execute(async (trx) => {
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    for (const { name, definition, partitions } of indexes) {
      await sql.raw(definition).execute(trx);
      for (const partition of partitions) {
        await sql.raw(partition.definition).execute(trx);
        await sql`alter index ${sql.raw(name)} attach partition ${sql.raw(partition.name)}`.execute(trx);
      }
    }
  });
  return result;
}

interface IndexDefinition {
  name: string;
  definition: string;
}
