// Debian's Chromium for the browser suite, driven by playwright-core (never `npx playwright install`).
//
//   tsx scripts/infra/chromium.ts      prints the browser's path (installing it first when missing and root)
//
// CHROMIUM_PATH names another Chromium/Chrome executable. Otherwise /usr/bin/chromium is used, installed with
// apt-get together with fonts-noto-cjk so that Korean and Japanese text renders in screenshots instead of boxes.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-cjk'] as const;
const INSTALL_COMMAND = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;

export interface EnsureChromiumOptions {
  log?: (line: string) => void;
}

let pending: Promise<string> | undefined;

/**
 * Returns the Chromium executable for playwright-core: `CHROMIUM_PATH` when it names an executable, else Debian's
 * /usr/bin/chromium. As root, a missing browser (or missing CJK fonts) is installed with apt-get; as another user
 * a missing browser is an error that names the command to run.
 */
export function ensureChromium(options: EnsureChromiumOptions = {}): Promise<string> {
  pending ??= ensure(options.log ?? ((line) => console.log(line))).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function ensure(log: (line: string) => void): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.warn(`[chromium] CHROMIUM_PATH=${fromEnv} is not an executable file; falling back to ${DEBIAN_CHROMIUM}`);
  }

  const missing: string[] = [];
  if (!isExecutable(DEBIAN_CHROMIUM)) missing.push(...PACKAGES);
  else if (debianPackageInstalled('fonts-noto-cjk') === false) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return DEBIAN_CHROMIUM;

  const browserMissing = missing.includes('chromium');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    if (!browserMissing) {
      // The browser works without them; only CJK glyphs in screenshots suffer.
      console.warn(
        `[chromium] fonts-noto-cjk is not installed: Korean/Japanese text will render as boxes in screenshots`,
      );
      return DEBIAN_CHROMIUM;
    }
    const how = isRoot
      ? `apt-get is not available: install Chromium and CJK fonts with your system's package manager`
      : `run as root: sudo sh -c '${INSTALL_COMMAND}'`;
    throw new Error(
      `Chromium is missing (${DEBIAN_CHROMIUM} not found) and the browser tests need it. To install it, ${how}. ` +
        `Or set CHROMIUM_PATH to an existing Chromium or Chrome executable.`,
    );
  }

  log(`[chromium] installing ${missing.join(' ')} with apt-get (once per machine)…`);
  const started = performance.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], env);
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], env);
  if (!isExecutable(DEBIAN_CHROMIUM)) {
    throw new Error(`apt-get installed ${missing.join(' ')} but ${DEBIAN_CHROMIUM} is still missing`);
  }
  log(`[chromium] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return DEBIAN_CHROMIUM;
}

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** true/false from dpkg, or undefined where there is no dpkg (not Debian): then nothing is installed. */
function debianPackageInstalled(name: string): boolean | undefined {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  if (result.error) return undefined;
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Runs a command quietly; on failure the error carries the end of its output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolveRun();
      else reject(new Error(`${command} ${args.join(' ')} failed (${code ?? signal})\n${output.trim()}`));
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
