import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@fanmission/services/config';
import { restoreDatabase } from '@fanmission/services/runtime';
import { ensureBackupTools } from './infra/barman';

// `npm run restore [-- --target-time 2026-11-26T10:15:00+09:00]`: the embedded database restored from BACKUP_DIR into
// DATA_DIR, which must be empty, as it was at that time (without it, at the end of the archive), ready for
// `npm start` (services/src/runtime/backup-tasks.ts).
const log = (line: string) => console.log(`[restore] ${line}`);
try {
  const { values } = parseArgs({ options: { 'target-time': { type: 'string' } } });
  const given = values['target-time'];
  const targetTime = given === undefined ? undefined : new Date(given);
  if (targetTime && Number.isNaN(targetTime.getTime())) {
    throw new Error(`--target-time must be a time such as 2026-11-26T10:15:00+09:00 (got "${given}")`);
  }
  const tools = await ensureBackupTools(log);
  process.env.BARMAN_PATH = tools.barman;
  process.env.RSYNC_PATH = tools.rsync;
  const config = loadConfig();
  log(
    `restoring ${config.BACKUP_DIR} into ${path.resolve(config.DATA_DIR)} ` +
      (targetTime ? `as it was at ${targetTime.toISOString()}` : 'up to the end of its archive'),
  );
  const report = await restoreDatabase(config, { ...(targetTime && { targetTime }), log });
  log(
    `${report.openMissions} open missions and ${report.openEvents} lottery events get their workflows from the ` +
      'reconcilers at the next start',
  );
  if (!config.S3_ENDPOINT) {
    log("uploaded files are not in the database backup: copy the old data directory's files/ folder over");
  }
  log(`restored from base backup ${report.baseBackupId} in ${(performance.now() / 1000).toFixed(1)} s`);
  log(`start it with: DATA_DIR=${path.resolve(config.DATA_DIR)} npm start`);
  process.exit(0);
} catch (error) {
  console.error(`[restore] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
