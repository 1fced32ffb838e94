// What the infra installers (chromium.ts, ffmpeg.ts, espeak-ng.ts) share: executable checks and a quiet apt-get install.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';

/** The command a non-root user is told to run to install the packages. */
export const aptInstallCommand = (packages: readonly string[]): string =>
  `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`;

export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** true/false from dpkg, or undefined where there is no dpkg (not Debian): then nothing is installed. */
export function debianPackageInstalled(name: string): boolean | undefined {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  if (result.error) return undefined;
  return result.status === 0 && result.stdout.includes('install ok installed');
}

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** `apt-get update` then `apt-get install` of the packages, quietly; a failure carries the end of the output. */
export async function aptInstall(packages: readonly string[]): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], env);
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], env);
}

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

/** A Debian package's executable that an infra script finds, or installs with apt-get when running as root. */
export interface DebianTool {
  /** The log prefix and the name in messages, e.g. `espeak-ng`. */
  name: string;
  packages: readonly string[];
  /** The executable Debian installs. */
  executable: string;
  /** The environment variable that names another executable. */
  envVar: string;
  /** What needs it, for the error a non-root user gets. */
  neededFor: string;
}

/**
 * The tool's `ensure`: the executable named by its environment variable, else Debian's; a missing one is installed
 * with apt-get as root (once per process, a failure retried on the next call), else an error names the command.
 */
export function debianToolInstaller(tool: DebianTool): (options?: { log?: (line: string) => void }) => Promise<string> {
  let pending: Promise<string> | undefined;
  const ensure = async (log: (line: string) => void): Promise<string> => {
    const fromEnv = process.env[tool.envVar]?.trim();
    if (fromEnv && isExecutable(fromEnv)) return fromEnv;
    if (fromEnv)
      console.warn(`[${tool.name}] ${tool.envVar}=${fromEnv} is not an executable file; trying ${tool.executable}`);
    if (isExecutable(tool.executable)) return tool.executable;
    const isRoot = process.getuid?.() === 0;
    if (!isRoot || !commandExists('apt-get')) {
      const how = isRoot
        ? `apt-get is not available: install ${tool.packages.join(' ')} with your system's package manager`
        : `run as root: sudo sh -c '${aptInstallCommand(tool.packages)}'`;
      throw new Error(
        `${tool.name} is missing (${tool.executable} not found) and ${tool.neededFor}. To install it, ${how}. ` +
          `Or set ${tool.envVar} to an existing executable.`,
      );
    }
    log(`[${tool.name}] installing ${tool.packages.join(' ')} with apt-get (once per machine)…`);
    const started = performance.now();
    await aptInstall(tool.packages);
    if (!isExecutable(tool.executable)) throw new Error(`apt-get ran but ${tool.executable} is still missing`);
    log(`[${tool.name}] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return tool.executable;
  };
  return (options = {}) => {
    pending ??= ensure(options.log ?? ((line) => console.log(line))).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
