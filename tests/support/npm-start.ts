// `npm start` as a user runs it, for the infra tests: a fresh data directory and free ports, the output collected,
// and the helpers that wait for it and stop it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { freePort } from '@fanmission/services/runtime';
import { REPO_ROOT } from '../../scripts/lib/paths';

const scratchDirs: string[] = [];
export async function scratchDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755);
  scratchDirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of scratchDirs) await fs.rm(dir, { recursive: true, force: true });
});

/** The processes of a session (the started process is its leader: `detached`), as `pid command` lines. */
export function sessionProcesses(sid: number): string[] {
  const out = execFileSync('ps', ['-e', '-o', 'sid=,pid=,comm='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([session]) => Number(session) === sid)
    .map(([, pid, command]) => `${pid} ${command}`);
}

export async function until<T>(what: string, limitMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function startNpmStart(env: Record<string, string> = {}) {
  const dataDir = path.join(await scratchDir('fanmission-start-'), 'data');
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      TEMPORAL_DEV_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      // Backups cost a Barman process a minute and a base backup at the start: a suite that is about something else
      // starts without them (tests/faults/restore-drill.test.ts is about them).
      BACKUP_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, exited, output: () => output };
}

export async function stopAll(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  await exited;
}

type Started = Awaited<ReturnType<typeof startNpmStart>>;

/** Until `/api/v1/health` answers UP (throws with the output if `npm start` exits first). */
export async function untilHealthy(started: Started): Promise<void> {
  await until('health UP', 240_000, async () => {
    if (started.child.exitCode !== null) throw new Error(`npm start exited:\n${started.output()}`);
    const response = await fetch(`http://127.0.0.1:${started.port}/api/v1/health`).catch(() => undefined);
    const body = response?.ok ? ((await response.json()) as { status?: string }) : undefined;
    return body?.status === 'UP' ? true : undefined;
  });
}

/**
 * Logs a console account in through `POST /api/admin/session` of the started product: the headers that carry its
 * session to `/api/admin` (the `fm_console` cookie, and the anti-CSRF header a change on that cookie needs).
 */
export async function consoleLoginTo(
  started: Started,
  username: string,
  password: string,
): Promise<Record<string, string>> {
  const csrf = { 'x-requested-with': 'fanmission' };
  const response = await fetch(`http://127.0.0.1:${started.port}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrf },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`console login of ${username} answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('fm_console='));
  if (!cookie) throw new Error(`console login of ${username} set no fm_console cookie`);
  return { cookie: cookie.split(';')[0]!, ...csrf };
}

/** Logs a member in through `POST /api/login` of the started product; the `Authorization` header value to send. */
export async function loginTo(started: Started, username: string, password: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${started.port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login of ${username} answered ${response.status}`);
  return response.headers.get('authorization')!;
}
