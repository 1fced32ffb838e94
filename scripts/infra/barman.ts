// The backup tools of the embedded PostgreSQL (services/src/backup): Barman, from PyPI, into a virtualenv in the
// git-ignored cache (`<cache>/tools/barman-<version>/venv`), every file checked against the SHA-256 pinned in
// barman-requirements.txt; and Debian's rsync, which Barman copies the data directory with and PostgreSQL's
// archive_command hands each WAL segment to Barman with.
//
//   tsx scripts/infra/barman.ts      prints the `barman` and `rsync` executables (installing them first when missing)
//
// BARMAN_PATH names another `barman` executable (3.x), RSYNC_PATH another rsync.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR } from '../lib/paths';
import { debianToolInstaller, isExecutable } from './debian-packages';

/** Barman's version, as pinned in barman-requirements.txt (PostgreSQL 18, the embedded server's, needs 3.15 or later). */
export const BARMAN_VERSION = '3.19.1';
export const DEBIAN_RSYNC = '/usr/bin/rsync';

const requirements = fileURLToPath(new URL('./barman-requirements.txt', import.meta.url));

export const ensureRsync = debianToolInstaller({
  name: 'rsync',
  packages: ['rsync'],
  executable: DEBIAN_RSYNC,
  envVar: 'RSYNC_PATH',
  neededFor: 'the backups of the embedded database need it (or set BACKUP_ENABLED=false)',
});

/**
 * What a start of the embedded server needs first when backups are on: rsync, its archive_command (db:migrate,
 * db:seed and world start that server too; one started without archiving would leave a gap in the archive).
 */
export async function ensureArchivingTools(
  config: { DATABASE_URL?: string | undefined; BACKUP_ENABLED: boolean },
  log: (line: string) => void,
): Promise<void> {
  if (!config.DATABASE_URL && config.BACKUP_ENABLED) await ensureRsync({ log });
}

export interface BackupTools {
  barman: string;
  rsync: string;
}

let pendingBarman: Promise<string> | undefined;

/** Returns the `barman` executable, creating the virtualenv and installing the pinned files on first use. */
export function ensureBarman(log: (line: string) => void = (line) => console.log(line)): Promise<string> {
  pendingBarman ??= installBarman(log).catch((error: unknown) => {
    pendingBarman = undefined;
    throw error;
  });
  return pendingBarman;
}

/** Both tools, installed side by side on first use (pip and apt-get). */
export async function ensureBackupTools(
  log: (line: string) => void = (line) => console.log(line),
): Promise<BackupTools> {
  const [barman, rsync] = await Promise.all([ensureBarman(log), ensureRsync({ log })]);
  return { barman, rsync };
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function installBarman(log: (line: string) => void): Promise<string> {
  const fromEnv = process.env.BARMAN_PATH?.trim();
  if (fromEnv && isExecutable(fromEnv)) return fromEnv;
  const home = join(CACHE_DIR, 'tools', `barman-${BARMAN_VERSION}`);
  const binary = join(home, 'venv', 'bin', 'barman');
  const marker = join(home, 'installed');
  if (isExecutable(binary) && existsSync(marker)) return binary;

  const python = process.env.PYTHON?.trim() || 'python3';
  log(`[barman] installing Barman ${BARMAN_VERSION} from PyPI into ${home} (once)…`);
  const started = performance.now();
  // A virtualenv's scripts name its absolute path, so it is built in place; the marker says the install finished.
  await rm(home, { recursive: true, force: true });
  await mkdir(home, { recursive: true });
  const venv = await run(python, ['-m', 'venv', join(home, 'venv')]);
  if (venv.code !== 0) throw new Error(`${python} -m venv failed (is python3-venv installed?):\n${venv.output}`);
  // --no-deps: Barman asks for psycopg2, which builds from source; psycopg2-binary is the same module, prebuilt.
  const pip = await run(join(home, 'venv', 'bin', 'python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--no-deps',
    '--only-binary=:all:',
    '--require-hashes',
    '--requirement',
    requirements,
  ]);
  if (pip.code !== 0) throw new Error(`pip install of Barman ${BARMAN_VERSION} failed:\n${pip.output}`);
  await writeFile(marker, `${BARMAN_VERSION}\n`);
  log(`[barman] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const tools = await ensureBackupTools();
    console.log(`barman ${tools.barman}\nrsync  ${tools.rsync}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
