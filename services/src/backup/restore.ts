import { existsSync } from 'node:fs';
import path from 'node:path';
import { BARMAN_SERVER } from './archive';
import { type BarmanSettings, listBaseBackups, runBarman, writeBarmanConfiguration } from './barman';

/**
 * Writes, into `destination` (a data directory that does not exist yet), the newest base backup that ended before
 * `targetTime` and the archived WAL PostgreSQL replays from it: up to `targetTime` (then it promotes), or without one
 * to the end of the archive (a new timeline either way, so the restored server never writes WAL names the archive
 * already holds). The WAL still in the incoming folder is archived first. Returns the base backup's id; the
 * recovery itself runs when the server starts on `destination`.
 */
export async function restoreFromArchive(
  settings: BarmanSettings,
  options: { destination: string; targetTime?: Date; log: (line: string) => void },
): Promise<string> {
  if (!existsSync(path.join(settings.backupDir, BARMAN_SERVER))) {
    throw new Error(`BACKUP_DIR (${settings.backupDir}) holds no backup of this database`);
  }
  const configuration = await writeBarmanConfiguration(settings);
  const barman = (args: string[]) =>
    runBarman(settings, configuration, args, { onLine: (line) => options.log(`barman: ${line}`) });
  await barman(['archive-wal', BARMAN_SERVER]);
  const done = (await listBaseBackups(settings, configuration)).filter((backup) => backup.status === 'DONE');
  if (done.length === 0) throw new Error(`BACKUP_DIR (${settings.backupDir}) holds no complete base backup`);
  const { targetTime } = options;
  const base = targetTime ? done.find((backup) => backup.endedAt && backup.endedAt <= targetTime) : done[0];
  if (!base) {
    const oldest = done.at(-1)!;
    throw new Error(
      `the oldest base backup (${oldest.id}) ended at ${oldest.endedAt?.toISOString()}, after --target-time ` +
        `${targetTime!.toISOString()}: nothing before it can be restored`,
    );
  }
  options.log(`base backup ${base.id} (ended ${base.endedAt?.toISOString()}), then the archived WAL`);
  const target = targetTime
    ? ['--target-time', targetTime.toISOString(), '--target-action', 'promote']
    : ['--target-tli', 'latest'];
  await barman(['restore', ...target, BARMAN_SERVER, base.id, options.destination]);
  return base.id;
}
