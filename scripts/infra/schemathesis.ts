// Schemathesis, the OpenAPI fuzzer of the `fuzz` test project (tests/fuzz). Installed once from PyPI into a
// virtualenv in the git-ignored cache (`<cache>/tools/schemathesis-<version>/venv`), pinned to one version: its CLI
// options differ between major versions (v4 here).
//
//   tsx scripts/infra/schemathesis.ts      prints the `st` executable (installing it first when missing)
//
// SCHEMATHESIS_PATH names another `st` executable (same major version).
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE_DIR } from '../lib/paths';

export const SCHEMATHESIS_VERSION = '4.32.5';

let pending: Promise<string> | undefined;

/** Returns the path of the `st` executable, creating the virtualenv and installing schemathesis on first use. */
export function ensureSchemathesis(log: (line: string) => void = (line) => console.log(line)): Promise<string> {
  pending ??= ensure(log).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
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

async function ensure(log: (line: string) => void): Promise<string> {
  const fromEnv = process.env.SCHEMATHESIS_PATH?.trim();
  if (fromEnv && isExecutable(fromEnv)) return fromEnv;
  const home = join(CACHE_DIR, 'tools', `schemathesis-${SCHEMATHESIS_VERSION}`);
  const binary = join(home, 'venv', 'bin', 'st');
  if (isExecutable(binary) && existsSync(join(home, 'installed'))) return binary;

  const python = process.env.PYTHON?.trim() || 'python3';
  log(`[schemathesis] installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${home} (once)…`);
  const started = performance.now();
  // A virtualenv's scripts name its absolute path, so it is built in place; the marker says the install finished.
  const marker = join(home, 'installed');
  await rm(home, { recursive: true, force: true });
  await mkdir(home, { recursive: true });
  const venv = await run(python, ['-m', 'venv', join(home, 'venv')]);
  if (venv.code !== 0) throw new Error(`${python} -m venv failed (is python3-venv installed?):\n${venv.output}`);
  const pip = await run(join(home, 'venv', 'bin', 'python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    `schemathesis==${SCHEMATHESIS_VERSION}`,
  ]);
  if (pip.code !== 0) throw new Error(`pip install schemathesis==${SCHEMATHESIS_VERSION} failed:\n${pip.output}`);
  await writeFile(marker, `${SCHEMATHESIS_VERSION}\n`);
  log(`[schemathesis] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await ensureSchemathesis());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
