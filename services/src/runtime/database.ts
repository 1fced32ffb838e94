import type { AppConfig } from '../config';
import { createDb, type Db, ensureDatabase, migrateToLatest } from '../db';
import { startEmbeddedServer } from './prestart';

export const EMBEDDED_DATABASE_NAME = 'fanmission';

export interface DatabaseRuntime {
  db: Db;
  url: string;
  embedded: boolean;
  /** The embedded server's `postgres` database as its superuser, over TCP (for Barman); none with DATABASE_URL. */
  adminUrl?: string;
  stop(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR (reused across restarts), and brings
 * the schema up to date.
 */
export async function openDatabase(
  config: AppConfig,
  options: {
    migrate: boolean;
    log: (line: string) => void;
    /** The embedded server, already starting (see prestart.ts); started here when absent. */
    embeddedServer?: ReturnType<typeof startEmbeddedServer>;
  },
): Promise<DatabaseRuntime> {
  let url = config.DATABASE_URL;
  let adminUrl: string | undefined;
  let stopServer = async () => {};
  if (!url) {
    const started = performance.now();
    const server = await (options.embeddedServer ?? startEmbeddedServer(config, options.log));
    stopServer = server.stop;
    try {
      await ensureDatabase(server.url, EMBEDDED_DATABASE_NAME);
    } catch (error) {
      await server.stop();
      throw error;
    }
    // The Unix socket when there is one: no loopback TCP stack on every query.
    url = server.localUrlFor(EMBEDDED_DATABASE_NAME);
    adminUrl = server.url;
    options.log(
      `embedded PostgreSQL ready on port ${config.EMBEDDED_POSTGRES_PORT} in ${Math.round(performance.now() - started)} ms`,
    );
  }
  const db = createDb(url, {
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    onIdleError: (error) => {
      // 57P01 admin_shutdown: the server is stopping (Ctrl-C reaches the embedded server too); nothing to report.
      if ((error as { code?: string }).code === '57P01') return;
      options.log(`database connection lost: ${error.message}`);
    },
  });
  try {
    if (options.migrate) {
      // Migrations may rewrite big tables: their own connection, with no statement timeout.
      const migrationDb = createDb(url, { max: 1, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 });
      try {
        const applied = await migrateToLatest(migrationDb, { log: options.log });
        if (applied.length) options.log(`applied migrations: ${applied.join(', ')}`);
      } finally {
        await migrationDb.destroy();
      }
    }
  } catch (error) {
    await db.destroy();
    await stopServer();
    throw error;
  }
  return {
    db,
    url,
    embedded: !config.DATABASE_URL,
    ...(adminUrl && { adminUrl }),
    async stop() {
      await db.destroy();
      await stopServer();
    },
  };
}
