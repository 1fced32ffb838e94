// Debian's espeak-ng for the demo world's spoken mission answers (services/src/seed/demo-media-pool.ts).
//
//   tsx scripts/infra/espeak-ng.ts      prints espeak-ng's path (installing it first when missing and root)
//
// ESPEAK_NG_PATH names another executable. Otherwise /usr/bin/espeak-ng is used, installed with apt-get. The demo
// seed runs without it (performed missions are answered with pictures and videos instead of voices).
import { aptInstall, aptInstallCommand, commandExists, isExecutable } from './debian-packages';

export const DEBIAN_ESPEAK_NG = '/usr/bin/espeak-ng';
const INSTALL_COMMAND = aptInstallCommand(['espeak-ng']);

let pending: Promise<string> | undefined;

/**
 * Returns the espeak-ng executable: `ESPEAK_NG_PATH` when it names an executable, else Debian's /usr/bin/espeak-ng.
 * As root, a missing espeak-ng is installed with apt-get; as another user it is an error that names the command.
 */
export function ensureEspeakNg(options: { log?: (line: string) => void } = {}): Promise<string> {
  pending ??= ensure(options.log ?? ((line) => console.log(line))).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function ensure(log: (line: string) => void): Promise<string> {
  const fromEnv = process.env.ESPEAK_NG_PATH?.trim();
  if (fromEnv && isExecutable(fromEnv)) return fromEnv;
  if (fromEnv)
    console.warn(`[espeak-ng] ESPEAK_NG_PATH=${fromEnv} is not an executable file; trying ${DEBIAN_ESPEAK_NG}`);
  if (isExecutable(DEBIAN_ESPEAK_NG)) return DEBIAN_ESPEAK_NG;

  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    const how = isRoot
      ? `apt-get is not available: install espeak-ng with your system's package manager`
      : `run as root: sudo sh -c '${INSTALL_COMMAND}'`;
    throw new Error(
      `espeak-ng is missing (${DEBIAN_ESPEAK_NG} not found) and the demo world's voice answers need it. To install ` +
        `it, ${how}. Or set ESPEAK_NG_PATH to an existing executable.`,
    );
  }
  log('[espeak-ng] installing espeak-ng with apt-get (once per machine)…');
  const started = performance.now();
  await aptInstall(['espeak-ng']);
  if (!isExecutable(DEBIAN_ESPEAK_NG))
    throw new Error(`apt-get installed espeak-ng but ${DEBIAN_ESPEAK_NG} is missing`);
  log(`[espeak-ng] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return DEBIAN_ESPEAK_NG;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await ensureEspeakNg());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
