// Barman, the backup tool of the embedded database: its configuration, written into BACKUP_DIR
// from the application's settings before each command, and the commands themselves. Barman runs as this process's
// user; it copies the data directory with rsync (`local-rsync`: Barman on the database's machine), takes the WAL the
// server archives into its incoming folder (archive.ts), compresses it, and restores any moment it covers.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BARMAN_SERVER } from './archive';

export interface BarmanSettings {
  /** The `barman` executable. */
  barman: string;
  /** Barman's home: one folder per server (base backups, WAL archive, incoming WAL), its log and lock files. */
  backupDir: string;
  /** libpq connection string (or URL) of a superuser on the database to back up. */
  conninfo: string;
  retentionDays: number;
  /** rsync, which Barman runs from PATH. */
  rsyncPath: string;
  /** CPU priority (Linux nice) of Barman and its rsync and gzip; 0 keeps this process's. */
  nice?: number;
}

/**
 * A libpq key/value connection string from a `postgres://` URL (Barman takes no URL); any other string as it is.
 * Values are single-quoted, with `\` and `'` escaped, as libpq reads them.
 */
export function libpqConninfo(connection: string): string {
  if (!/^postgres(ql)?:\/\//.test(connection)) return connection;
  const url = new URL(connection);
  const quoted = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  const pairs: Array<[string, string]> = [
    ['host', decodeURIComponent(url.hostname)],
    ['port', url.port || '5432'],
    ['user', decodeURIComponent(url.username)],
    ['password', decodeURIComponent(url.password)],
    ['dbname', decodeURIComponent(url.pathname.slice(1)) || 'postgres'],
  ];
  for (const [key, value] of url.searchParams) pairs.push([key, value]);
  return pairs
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${quoted(value)}`)
    .join(' ');
}

/** Barman's configuration file for these settings. */
export function barmanConfiguration(settings: BarmanSettings): string {
  const lines = [
    '[barman]',
    `barman_home = ${settings.backupDir}`,
    `barman_user = ${os.userInfo().username}`,
    `log_file = ${path.join(settings.backupDir, 'barman.log')}`,
    // The log keeps what needs a look; what each command did, it prints (and this application logs).
    'log_level = WARNING',
    `path_prefix = ${path.dirname(settings.rsyncPath)}`,
    // WAL segments are 16 MB, most of one a switch closed early is zeros: gzip makes those a few kB.
    'compression = gzip',
    '',
    `[${BARMAN_SERVER}]`,
    "description = Fanmission's database",
    `conninfo = ${libpqConninfo(settings.conninfo)}`,
    'backup_method = local-rsync',
    'backup_options = concurrent_backup',
    // A base backup starts with a checkpoint. Spread over the embedded server's 30 minutes (checkpoint_timeout,
    // services/src/runtime/prestart.ts), it kept `npm run backup` waiting as long; one burst of writes a day is cheap.
    'immediate_checkpoint = true',
    'archiver = on',
    // Files unchanged since the previous base backup are hard links to it.
    'reuse_backup = link',
    `retention_policy = RECOVERY WINDOW OF ${settings.retentionDays} DAYS`,
    'wal_retention_policy = main',
    'retention_policy_mode = auto',
    'minimum_redundancy = 1',
    '',
  ];
  return lines.join('\n');
}

/**
 * Writes the configuration (readable by this user alone: it holds the connection's password); returns its path. The
 * backup folder itself is this user's alone too (0700, also when it existed before: backups, logs and `backup.info`
 * are a copy of the whole database), but for the right to pass through that the WAL archive gives the server's user.
 */
export async function writeBarmanConfiguration(settings: BarmanSettings): Promise<string> {
  await fs.mkdir(settings.backupDir, { recursive: true, mode: 0o700 });
  // Nobody else reads or lists it; only the execute bits the WAL archive granted stay (services/src/backup/archive.ts:
  // the database server's OS user passes through to its incoming folder), else its archiving stops.
  const { mode } = await fs.stat(settings.backupDir);
  await fs.chmod(settings.backupDir, 0o700 | (mode & 0o011));
  const file = path.join(settings.backupDir, 'barman.conf');
  // A name of its own per write: a schedule's tick and a command of the same process may write at once.
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, barmanConfiguration(settings), { mode: 0o600 });
  await fs.rename(temporary, file);
  return file;
}

export class BarmanCommandFailed extends Error {
  constructor(
    readonly command: string,
    readonly output: string,
  ) {
    const detail = output.trim().split('\n').slice(-12).join('\n');
    super(`barman ${command} failed${detail ? `:\n${detail}` : ''}`);
    this.name = 'BarmanCommandFailed';
  }
}

export interface BarmanRun {
  /** Each line Barman prints, as it prints it. */
  onLine?: (line: string) => void;
  /** Stops the command (SIGINT, as a Ctrl-C would: Barman ends a base backup it was taking). */
  signal?: AbortSignal;
}

/** Runs `barman -c <configuration> <args>`; resolves with what it wrote on stdout, rejects with BarmanCommandFailed. */
export function runBarman(
  settings: BarmanSettings,
  configuration: string,
  args: string[],
  options: BarmanRun = {},
): Promise<string> {
  const command = ['-c', configuration, ...args];
  const [executable, argv] =
    settings.nice && process.platform === 'linux'
      ? ['nice', ['-n', String(settings.nice), settings.barman, ...command]]
      : [settings.barman, command];
  return new Promise((resolve, reject) => {
    const child = spawn(executable, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${path.dirname(settings.rsyncPath)}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    let stdout = '';
    let output = '';
    let partial = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) options.onLine?.(line.trimEnd());
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      take(chunk);
    });
    child.stderr.on('data', take);
    const abort = () => child.kill('SIGINT');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.once('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(new BarmanCommandFailed(args[0] ?? '', `${error.message} (BARMAN_PATH=${settings.barman})`));
    });
    child.once('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      if (partial.trim()) options.onLine?.(partial.trimEnd());
      if (code === 0) resolve(stdout);
      else reject(new BarmanCommandFailed(args.find((arg) => !arg.startsWith('-')) ?? '', output));
    });
  });
}

export interface BaseBackupSummary {
  id: string;
  status: string;
  /** When the copy ended; the earliest moment this backup restores. */
  endedAt?: Date;
  sizeBytes?: number;
}

/** The server's base backups, newest first (`barman list-backups`). */
export async function listBaseBackups(settings: BarmanSettings, configuration: string): Promise<BaseBackupSummary[]> {
  const output = await runBarman(settings, configuration, ['-f', 'json', 'list-backups', BARMAN_SERVER]);
  const listed = (JSON.parse(output) as Record<string, unknown[]>)[BARMAN_SERVER] ?? [];
  return listed.map((entry) => {
    const backup = entry as { backup_id: string; status: string; end_time_timestamp?: string; size_bytes?: number };
    return {
      id: backup.backup_id,
      status: backup.status,
      ...(backup.end_time_timestamp && { endedAt: new Date(Number(backup.end_time_timestamp) * 1000) }),
      ...(backup.size_bytes !== undefined && { sizeBytes: backup.size_bytes }),
    };
  });
}
