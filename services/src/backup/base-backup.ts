import { BARMAN_SERVER } from './archive';
import {
  BarmanCommandFailed,
  type BarmanRun,
  type BarmanSettings,
  type BaseBackupSummary,
  listBaseBackups,
  runBarman,
  writeBarmanConfiguration,
} from './barman';

/** How long a base backup waits for one already under way (`npm start`'s first, a schedule's) before it gives up. */
export const WAIT_FOR_RUNNING_BACKUP_MS = 30 * 60_000;
/** How often it looks again meanwhile, saying so. */
const RUNNING_BACKUP_POLL_MS = 5_000;
/** What `barman backup` answers while another process holds the server's backup lock. */
const ANOTHER_BACKUP_RUNNING = /Another backup process is running/i;

export interface BaseBackupReport extends BaseBackupSummary {
  seconds: number;
  /** The base backups kept after the retention policy ran. */
  kept: number;
  /** What `barman check` found wrong with the server's backups and archiving (empty when all is well). */
  problems: string[];
}

/**
 * Takes a base backup now and checks it with Barman's own verification: `backup --wait` returns once every WAL
 * segment the copy needs to be consistent is in the archive, `check-backup` confirms it, and `check` looks at the
 * whole server (archiving working, no archiver errors, enough backups). Then the retention policy runs (`cron`
 * expires what the recovery window no longer needs), and the failed attempts this backup supersedes are deleted.
 */
export async function takeBaseBackup(
  settings: BarmanSettings,
  options: BarmanRun & { log: (line: string) => void },
): Promise<BaseBackupReport> {
  const started = performance.now();
  const configuration = await writeBarmanConfiguration(settings);
  const barman = (args: string[], run: BarmanRun = {}) => runBarman(settings, configuration, args, run);
  // One base backup of a server at a time (Barman's lock): a second one waits for the first, then takes its own.
  for (let waited = 0; ; waited += RUNNING_BACKUP_POLL_MS) {
    try {
      await barman(['backup', '--wait', '--wait-timeout', '600', BARMAN_SERVER], {
        ...options,
        onLine: (line) => {
          if (!ANOTHER_BACKUP_RUNNING.test(line)) options.onLine?.(line);
        },
      });
      break;
    } catch (error) {
      if (!(error instanceof BarmanCommandFailed && ANOTHER_BACKUP_RUNNING.test(error.output))) throw error;
      if (waited >= WAIT_FOR_RUNNING_BACKUP_MS) {
        throw new Error(
          `another base backup has been running for over ${WAIT_FOR_RUNNING_BACKUP_MS / 60_000} minutes`,
          {
            cause: error,
          },
        );
      }
      options.log(`another base backup is under way; waiting for it to end (${Math.round(waited / 1000)} s)…`);
      await new Promise((resolve) => setTimeout(resolve, RUNNING_BACKUP_POLL_MS));
    }
  }
  const backups = await listBaseBackups(settings, configuration);
  const latest = backups.find((backup) => backup.status !== 'FAILED');
  if (!latest || latest.status !== 'DONE') {
    throw new Error(`the base backup ended ${latest ? `in state ${latest.status}` : 'without a backup'}`);
  }
  await barman(['check-backup', BARMAN_SERVER, latest.id]);
  for (const failed of backups.filter((backup) => backup.status === 'FAILED')) {
    await barman(['delete', BARMAN_SERVER, failed.id]);
  }
  await barman(['cron']);
  const kept = (await listBaseBackups(settings, configuration)).filter((backup) => backup.status === 'DONE').length;
  return {
    ...latest,
    seconds: (performance.now() - started) / 1000,
    kept,
    problems: await serverProblems(settings, configuration),
  };
}

/** The lines of `barman check` that failed. */
export async function serverProblems(settings: BarmanSettings, configuration: string): Promise<string[]> {
  const output = await runBarman(settings, configuration, ['check', BARMAN_SERVER]).catch((error: unknown) =>
    // check exits non-zero when a line failed; its output still lists them.
    error instanceof Error && 'output' in error ? String(error.output) : '',
  );
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /: FAILED/.test(line));
}
