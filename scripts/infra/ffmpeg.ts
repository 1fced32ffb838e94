// Debian's ffmpeg for the media queue's renditions, poster frames and durations (services/src/files/media-probe.ts,
// services/src/files/renditions.ts), and libheif's heif-enc, with which the tests make HEIC photos.
//
//   tsx scripts/infra/ffmpeg.ts      prints ffmpeg's path (installing it first when missing and root)
//   … --heif-enc                      and heif-enc's
//
// FFMPEG_PATH / FFPROBE_PATH name other executables. Otherwise /usr/bin/ffmpeg and /usr/bin/ffprobe are used,
// installed with apt-get. The API runs without them, but video and audio uploads are then never served (they end
// FAILED) and a warning is logged.
import { aptInstall, aptInstallCommand, commandExists, isExecutable } from './debian-packages';

export const DEBIAN_FFMPEG = '/usr/bin/ffmpeg';
export const DEBIAN_FFPROBE = '/usr/bin/ffprobe';
const INSTALL_COMMAND = aptInstallCommand(['ffmpeg']);

export interface EnsureFfmpegOptions {
  log?: (line: string) => void;
}

let pending: Promise<string> | undefined;

/**
 * Returns the ffmpeg executable: `FFMPEG_PATH` when it names an executable, else Debian's /usr/bin/ffmpeg. As root, a
 * missing ffmpeg (or ffprobe) is installed with apt-get; as another user it is an error that names the command to run.
 */
export function ensureFfmpeg(options: EnsureFfmpegOptions = {}): Promise<string> {
  pending ??= ensure(options.log ?? ((line) => console.log(line))).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function ensure(log: (line: string) => void): Promise<string> {
  const fromEnv = process.env.FFMPEG_PATH?.trim();
  const probeFromEnv = process.env.FFPROBE_PATH?.trim();
  if (fromEnv && isExecutable(fromEnv) && (!probeFromEnv || isExecutable(probeFromEnv))) return fromEnv;
  if (fromEnv)
    console.warn(`[ffmpeg] FFMPEG_PATH=${fromEnv} is not an executable file; falling back to ${DEBIAN_FFMPEG}`);

  if (isExecutable(DEBIAN_FFMPEG) && isExecutable(DEBIAN_FFPROBE)) return DEBIAN_FFMPEG;

  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    const how = isRoot
      ? `apt-get is not available: install ffmpeg with your system's package manager`
      : `run as root: sudo sh -c '${INSTALL_COMMAND}'`;
    throw new Error(
      `ffmpeg is missing (${DEBIAN_FFMPEG} or ${DEBIAN_FFPROBE} not found) and video uploads need it for poster ` +
        `frames. To install it, ${how}. Or set FFMPEG_PATH and FFPROBE_PATH to existing executables.`,
    );
  }

  log('[ffmpeg] installing ffmpeg with apt-get (once per machine)…');
  const started = performance.now();
  await aptInstall(['ffmpeg']);
  if (!isExecutable(DEBIAN_FFMPEG) || !isExecutable(DEBIAN_FFPROBE)) {
    throw new Error(`apt-get installed ffmpeg but ${DEBIAN_FFMPEG} or ${DEBIAN_FFPROBE} is still missing`);
  }
  log(`[ffmpeg] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return DEBIAN_FFMPEG;
}

export const DEBIAN_HEIF_ENC = '/usr/bin/heif-enc';
let pendingHeifEncoder: Promise<string> | undefined;

/**
 * Returns Debian's heif-enc (package libheif-examples), installing it with apt-get when missing and root: the upload
 * tests encode HEIC photos with it at test time (services/src/files/renditions.test.ts). The API never runs it.
 */
export function ensureHeifEncoder(options: EnsureFfmpegOptions = {}): Promise<string> {
  const log = options.log ?? ((line) => console.log(line));
  pendingHeifEncoder ??= (async () => {
    if (isExecutable(DEBIAN_HEIF_ENC)) return DEBIAN_HEIF_ENC;
    if (process.getuid?.() !== 0 || !commandExists('apt-get')) {
      throw new Error(
        `heif-enc is missing (${DEBIAN_HEIF_ENC}); the HEIC upload tests need it: ` +
          `sudo sh -c '${aptInstallCommand(['libheif-examples'])}'`,
      );
    }
    log('[ffmpeg] installing heif-enc (libheif-examples) with apt-get (once per machine)…');
    await aptInstall(['libheif-examples']);
    if (!isExecutable(DEBIAN_HEIF_ENC))
      throw new Error(`apt-get installed libheif-examples but ${DEBIAN_HEIF_ENC} is missing`);
    return DEBIAN_HEIF_ENC;
  })().catch((error: unknown) => {
    pendingHeifEncoder = undefined;
    throw error;
  });
  return pendingHeifEncoder;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await ensureFfmpeg());
    if (process.argv.includes('--heif-enc')) console.log(await ensureHeifEncoder());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
