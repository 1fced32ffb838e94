import { BARMAN_SERVER } from './archive';
import {
  type BarmanRun,
  type BarmanSettings,
  type BaseBackupSummary,
  listBaseBackups,
  runBarman,
  writeBarmanConfiguration,
} from './barman';

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
  await barman(['backup', '--wait', '--wait-timeout', '600', BARMAN_SERVER], options);
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
