import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ServiceContext } from '../context';
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

/**
 * `npm start`'s demo: into a database without any account, a marketplace open for three months (the world
 * generator's DEMO size, services/src/world) whose first fan is the demo fan and whose creators have names, photos,
 * intro videos and product covers, with media on every performed mission; then the README's demo accounts
 * (`seedDemoData`). A database that has accounts gets only the demo accounts it lacks, so a seeded data directory
 * starts without generating anything. `consumers` are the event consumers whose checkpoints stand past the history.
 */
export async function seedDemoWorld(
  ctx: ServiceContext,
  options: { consumers: readonly string[]; log?: (line: string) => void; seed?: number },
): Promise<DemoWorldReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const { rows } = await sql<{ used: boolean }>`select exists (select 1 from users) as used`.execute(ctx.db);
  if (rows[0]!.used) {
    const created = await seedDemoData(ctx);
    return { created, world: null, media: null, seconds: (performance.now() - started) / 1000 };
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
  const files = new DemoFiles(ctx.db, storageDriverFor(ctx.config), pool, prefix);
  const dressed = await dressDemoWorld(ctx, files, pool, await media);
  log(
    `demo media: ${dressed.files} files (pool: ${dressed.pool.videos} videos, ${dressed.pool.voices} voices, ` +
      `${dressed.pool.pictures} pictures, ${dressed.pool.intros} intros) in ${dressed.seconds.toFixed(1)} s`,
  );
  for (const failure of new Set(pool.failures)) log(`demo media: made without an item: ${failure}`);
  return { created, world, media: dressed, seconds: (performance.now() - started) / 1000 };
}
