// What the infra installers (chromium.ts, ffmpeg.ts) share: executable checks and a quiet apt-get install.
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
