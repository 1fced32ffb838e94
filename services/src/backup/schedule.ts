import fs from 'node:fs/promises';
import { BARMAN_SERVER } from './archive';
import { takeBaseBackup } from './base-backup';
import { type BarmanSettings, listBaseBackups, runBarman, writeBarmanConfiguration } from './barman';

/** How often the schedule looks: archived WAL waiting in the incoming folder, a base backup due. */
const TICK_MS = 60_000;
/** A failed base backup is tried again after this long. */
const RETRY_MS = 15 * 60_000;

export interface BackupSchedule {
  /**
   * Stops the timer; a command under way is interrupted (a base backup cut short stays FAILED until the next one
   * succeeds and deletes it).
   */
  stop(): Promise<void>;
}

/**
 * The continuous backup of the embedded database while `npm start` runs: every minute the WAL segments PostgreSQL
 * archived into the incoming folder go into Barman's archive (compressed, catalogued), and a base backup is taken
 * when none is younger than `intervalHours` (at once on a new archive: WAL is of no use without one before it).
 */
export function startBackupSchedule(options: {
  settings: BarmanSettings;
  incomingDir: string;
  intervalHours: number;
  log: (line: string) => void;
}): BackupSchedule {
  const { settings, log } = options;
  const aborted = new AbortController();
  let nextBackupAt: number | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    const configuration = await writeBarmanConfiguration(settings);
    const waiting = await fs.readdir(options.incomingDir).catch(() => []);
    if (waiting.length > 0) {
      await runBarman(settings, configuration, ['archive-wal', BARMAN_SERVER], { signal: aborted.signal });
    }
    if (nextBackupAt === undefined) {
      const [latest] = (await listBaseBackups(settings, configuration)).filter((backup) => backup.status === 'DONE');
      nextBackupAt = latest?.endedAt ? latest.endedAt.getTime() + options.intervalHours * 3_600_000 : Date.now();
    }
    if (Date.now() < nextBackupAt || aborted.signal.aborted) return;
    try {
      const report = await takeBaseBackup(settings, { log, signal: aborted.signal });
      nextBackupAt = Date.now() + options.intervalHours * 3_600_000;
      const size = report.sizeBytes === undefined ? '' : `, ${(report.sizeBytes / 1_048_576).toFixed(1)} MiB`;
      log(
        `backup: base backup ${report.id} taken and verified in ${report.seconds.toFixed(1)} s${size}; ${report.kept} kept`,
      );
      for (const problem of report.problems) log(`backup: barman check: ${problem}`);
    } catch (error) {
      nextBackupAt = Date.now() + RETRY_MS;
      throw error;
    }
  };
  // Ticks never overlap: one that comes while a base backup is being taken is skipped.
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = tick()
      .catch((error: unknown) => {
        if (!aborted.signal.aborted) log(`backup: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      aborted.abort();
      await running;
    },
  };
}
