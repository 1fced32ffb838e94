// The public surface of `backup`: continuous backup of the embedded database with Barman (WAL archiving, scheduled
// and on-demand base backups, point-in-time restore). Other modules import only this file.
export { BARMAN_SERVER, prepareWalArchive, serverOwner, walArchiveSettings, walIncomingDir } from './archive';
export {
  type BarmanSettings,
  BarmanCommandFailed,
  barmanConfiguration,
  listBaseBackups,
  runBarman,
  writeBarmanConfiguration,
} from './barman';
export { type BaseBackupReport, takeBaseBackup } from './base-backup';
export { restoreFromArchive } from './restore';
export { type BackupSchedule, startBackupSchedule } from './schedule';
