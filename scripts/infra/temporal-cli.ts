// The Temporal CLI, whose `temporal server start-dev` is the Temporal server of `npm start`. Installed once into
// the git-ignored cache: built from source with `go install` where Go exists (v1.5.1 is the last tag `go install`
// accepts; later ones carry a `replace` directive), otherwise the binary the TypeScript SDK downloads for
// `TestWorkflowEnvironment.createLocal()`.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cliModule = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

function cacheRoot(): string {
  return process.env.FANMISSION_CACHE_DIR ? resolve(process.env.FANMISSION_CACHE_DIR) : join(repoRoot, '.cache');
}

/** Returns the path of a Temporal CLI binary, installing it into `<cache>/tools/bin/temporal` on first use. */
export async function ensureTemporalCli(): Promise<string> {
  const binDir = join(cacheRoot(), 'tools', 'bin');
  const binary = join(binDir, 'temporal');
  if (isExecutable(binary)) return binary;
  await mkdir(binDir, { recursive: true });

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
