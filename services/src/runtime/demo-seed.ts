import { sql } from 'kysely';
import type { ServiceContext } from '../context';
import { type DemoWorldReport, seedDemoWorld } from '../seed';
import { EVENT_CONSUMERS } from './consumers';

/** The advisory lock the seeding process holds: processes starting together over one database seed one at a time. */
const DEMO_SEED_LOCK = 41_041;

/**
 * The demo world (services/src/seed/demo-world.ts) with every event consumer's checkpoint past its history, seeded
 * by one process at a time: a second API starting beside the first waits, then finds the accounts and adds nothing.
 */
export async function seedDemoWorldOnce(ctx: ServiceContext, log: (line: string) => void): Promise<DemoWorldReport> {
  return await ctx.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${DEMO_SEED_LOCK})`.execute(connection);
    try {
      return await seedDemoWorld(ctx, { consumers: EVENT_CONSUMERS.map((consumer) => consumer.name), log });
    } finally {
      await sql`select pg_advisory_unlock(${DEMO_SEED_LOCK})`.execute(connection);
    }
  });
}
