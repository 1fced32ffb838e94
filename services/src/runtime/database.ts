import path from 'node:path';
import type { AppConfig } from '../config';
import { createDb, type Db, ensureDatabase, migrateToLatest, startEmbeddedPostgres } from '../db';

export const EMBEDDED_DATABASE_NAME = 'fanmission';

export interface DatabaseRuntime {
  db: Db;
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR (reused across restarts), and brings
 * the schema up to date.
 */
export async function openDatabase(
  config: AppConfig,
  options: { migrate: boolean; log: (line: string) => void },
): Promise<DatabaseRuntime> {
  let url = config.DATABASE_URL;
  let stopServer = async () => {};
  if (!url) {
    const started = performance.now();
    const server = await startEmbeddedPostgres({
      dataDir: path.join(config.DATA_DIR, 'postgres'),
      port: config.EMBEDDED_POSTGRES_PORT,
      log: (chunk) => {
        for (const line of chunk.split('\n')) {
          if (/PANIC|FATAL/.test(line) && !line.includes('administrator command')) options.log(`[postgres] ${line}`);
        }
      },
    });
    stopServer = server.stop;
    await ensureDatabase(server.url, EMBEDDED_DATABASE_NAME);
    // The Unix socket when there is one: no loopback TCP stack on every query.
    url = server.localUrlFor(EMBEDDED_DATABASE_NAME);
    options.log(
      `embedded PostgreSQL ready on port ${config.EMBEDDED_POSTGRES_PORT} in ${Math.round(performance.now() - started)} ms`,
    );
  }
  const db = createDb(url, {
    onIdleError: (error) => {
      // 57P01 admin_shutdown: the server is stopping (Ctrl-C reaches the embedded server too); nothing to report.
      if ((error as { code?: string }).code === '57P01') return;
      options.log(`database connection lost: ${error.message}`);
    },
  });
  try {
    if (options.migrate) {
      const applied = await migrateToLatest(db);
      if (applied.length) options.log(`applied migrations: ${applied.join(', ')}`);
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
    async stop() {
      await db.destroy();
      await stopServer();
    },
  };
}
