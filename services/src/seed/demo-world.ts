import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { identityNameHmac } from '../creators';
import type { ServiceContext } from '../context';
import type { Db } from '../db';
import { storageDriverFor } from '../files';
import { hashPassword } from '../auth';
import { generateWorld, WORLD_OPERATOR_EMAIL, type WorldReport } from '../world';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_CAST } from './demo-cast';
import { seedDemoData } from './demo-data';
import { DemoFiles } from './demo-files';
import { DemoMediaPool } from './demo-media-pool';
import { dressDemoWorld, prepareDemoMedia, type DressReport } from './demo-dress';

/** The demo world's seed: the same seed and clock give the same rows. */
export const DEMO_WORLD_SEED = 41;

export interface DemoWorldReport {
  /** The demo accounts created now (none when the database was seeded before). */
  created: string[];
  world: WorldReport | null;
  media: DressReport | null;
  seconds: number;
}

/** Where the demo world's writing stands (migration 0155): none before it started or on a database seeded earlier. */
async function demoWorldState(db: Db): Promise<{ state: 'WRITING' | 'COMPLETE'; empty_tables: string[] } | undefined> {
  const { rows } = await sql<{ state: 'WRITING' | 'COMPLETE'; empty_tables: string[] }>`
    select state, empty_tables from demo_world_state`.execute(db);
  return rows[0];
}

/** The tables without a row, but the migrations' own and the state's: those the demo world may fill. */
async function emptyTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not in ('demo_world_state', 'kysely_migration', 'kysely_migration_lock')
    order by 1`.execute(db);
  const empty: string[] = [];
  for (const { name } of rows) {
    const found = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(name)}) as any`.execute(db);
    if (!found.rows[0]!.any) empty.push(name);
  }
  return empty;
}

/**
 * Empties the tables a half-written demo world filled, in one transaction. The ledger's and the audit log's tables
 * refuse a truncate (their append-only triggers); a world that was never finished is no history anyone relies on, so
 * those triggers are off for this transaction only.
 */
async function emptyWorldTables(db: Db, tables: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows: triggers } = await sql<{ table: string; trigger: string }>`
      select c.relname as table, t.tgname as trigger from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgenabled <> 'D' and (t.tgtype & 32) <> 0
        and c.relnamespace = current_schema()::regnamespace and c.relname = any(${tables})`.execute(trx);
    for (const { table, trigger } of triggers) {
      await sql`alter table ${sql.table(table)} disable trigger ${sql.id(trigger)}`.execute(trx);
    }
    await sql`truncate table ${sql.join(tables.map((name) => sql.table(name)))} restart identity cascade`.execute(trx);
    for (const { table, trigger } of triggers) {
      await sql`alter table ${sql.table(table)} enable trigger ${sql.id(trigger)}`.execute(trx);
    }
  });
}

/**
 * `npm start`'s demo: into a database without any account, a marketplace open for three months (the world
 * generator's DEMO size, services/src/world) whose first fan is the demo fan and whose creators have names, photos,
 * intro videos and product covers, with media on every performed mission; then the README's demo accounts
 * (`seedDemoData`). A database that has accounts gets only the demo accounts it lacks, so a seeded data directory
 * starts without generating anything. The world is many transactions (the ledger's bulk path commits batch by
 * batch, the media are files), so its progress is recorded beside it: WRITING, with the tables empty then, before
 * the first write, and COMPLETE as the last one. A process that died halfway left WRITING: the next start empties
 * those tables (identities restarted) and writes the world again, never taking the half for a seeded world.
 * `consumers` are the event consumers whose checkpoints stand past the history.
 */
export async function seedDemoWorld(
  ctx: ServiceContext,
  options: { consumers: readonly string[]; log?: (line: string) => void; seed?: number },
): Promise<DemoWorldReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const progress = await demoWorldState(ctx.db);
  const { rows } = await sql<{ used: boolean }>`select exists (select 1 from users) as used`.execute(ctx.db);
  if (progress?.state === 'COMPLETE' || (!progress && rows[0]!.used)) {
    const created = await seedDemoData(ctx);
    return { created, world: null, media: null, seconds: (performance.now() - started) / 1000 };
  }
  if (progress && progress.empty_tables.length > 0) {
    log('demo world: a seeding process stopped halfway; writing the world again');
    await emptyWorldTables(ctx.db, progress.empty_tables);
  } else if (!progress) {
    await sql`
      insert into demo_world_state (state, empty_tables, started_at)
      values ('WRITING', ${await emptyTables(ctx.db)}, ${ctx.now()})`.execute(ctx.db);
  }
  const now = ctx.now();
  const seed = options.seed ?? DEMO_WORLD_SEED;
  const pool = new DemoMediaPool(ctx.config);
  // The media pool is made (or found in the cache) while the world is written.
  const media = prepareDemoMedia(pool);
  media.catch(() => undefined);
  const world = await generateWorld(ctx.db, {
    size: 'DEMO',
    seed,
    now,
    cast: DEMO_CAST,
    consumers: options.consumers,
    outboxRetentionDays: ctx.config.OUTBOX_RETENTION_DAYS,
    nameHmac: (name) => identityNameHmac(ctx.config, name),
  });
  log(`demo world: ${world.tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${world.seconds.toFixed(1)} s`);
  // The world's operator (who decided its bank transfers and statements) is the configured operator account.
  await ctx.db
    .updateTable('users')
    .set({
      email: ctx.config.ADMIN_EMAIL,
      username: 'operator',
      password_hash: await hashPassword(ctx.config.ADMIN_PASSWORD),
      roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'],
    })
    .where('email', '=', WORLD_OPERATOR_EMAIL)
    .execute();
  const added = await seedDemoData(ctx);
  const cast = new Set([...DEMO_CAST.fans, ...DEMO_CAST.creators].map((account) => account.email));
  const created = DEMO_ACCOUNTS.map((account) => account.email).filter(
    (email) => cast.has(email) || added.includes(email),
  );
  const prefix = createHash('sha256').update(`${seed}:${now.toISOString()}`).digest('hex').slice(0, 12);
  const uploadedAt = new Date(ctx.now().getTime() - 2 * 24 * 60 * 60 * 1000);
  const files = new DemoFiles(ctx.db, storageDriverFor(ctx.config), pool, prefix, uploadedAt);
  const dressed = await dressDemoWorld(ctx, files, pool, await media);
  log(
    `demo media: ${dressed.files} files (pool: ${dressed.pool.videos} videos, ${dressed.pool.voices} voices, ` +
      `${dressed.pool.pictures} pictures, ${dressed.pool.intros} intros) in ${dressed.seconds.toFixed(1)} s`,
  );
  for (const failure of new Set(pool.failures)) log(`demo media: made without an item: ${failure}`);
  // The last write: from now on a start finds a seeded world.
  await sql`update demo_world_state set state = 'COMPLETE', completed_at = ${ctx.now()}`.execute(ctx.db);
  return { created, world, media: dressed, seconds: (performance.now() - started) / 1000 };
}
