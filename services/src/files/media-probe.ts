import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';

/**
 * The ffmpeg and ffprobe executables (the configuration's FFMPEG_PATH / FFPROBE_PATH, Debian's by default) and the
 * configured bounds of a conversion: the longest video and audio converted, the fixed time a transcode may take.
 */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  maxVideoSeconds: number;
  maxAudioSeconds: number;
  transcodeTimeoutMs: number;
  /** How much memory one run may use: MediaMemoryCeiling (MEDIA_TOOL_MEMORY_MB, MEDIA_TOOL_MAX_ALLOC_MB). */
  memory: MediaMemoryCeiling;
}

/**
 * The memory a run of ffmpeg or ffprobe may take. `addressSpaceBytes` is the process's address-space limit
 * (RLIMIT_AS, set by `ulimit -v` before the tool starts): every mapping counts, the shared libraries (ffmpeg's
 * alone map about 270 MB) and each thread's stack and malloc arena with them, so it must stay well above what a
 * normal run maps (docs/rules/files.md gives the measured figures). `maxAllocBytes` is ffmpeg's own `-max_alloc`: no
 * single block it allocates may be larger (a frame buffer a crafted header asks for); its default is 2 GB.
 */
export interface MediaMemoryCeiling {
  addressSpaceBytes: number;
  maxAllocBytes: number;
}

const MIB = 1024 * 1024;

export const mediaToolsOf = (
  config: Pick<
    AppConfig,
    | 'FFMPEG_PATH'
    | 'FFPROBE_PATH'
    | 'MEDIA_MAX_VIDEO_SECONDS'
    | 'MEDIA_MAX_AUDIO_SECONDS'
    | 'MEDIA_TRANSCODE_TIMEOUT_SECONDS'
    | 'MEDIA_TOOL_MEMORY_MB'
    | 'MEDIA_TOOL_MAX_ALLOC_MB'
  >,
): MediaTools => ({
  ffmpeg: config.FFMPEG_PATH,
  ffprobe: config.FFPROBE_PATH,
  maxVideoSeconds: config.MEDIA_MAX_VIDEO_SECONDS,
  maxAudioSeconds: config.MEDIA_MAX_AUDIO_SECONDS,
  transcodeTimeoutMs: config.MEDIA_TRANSCODE_TIMEOUT_SECONDS * 1000,
  memory: {
    addressSpaceBytes: config.MEDIA_TOOL_MEMORY_MB * MIB,
    maxAllocBytes: config.MEDIA_TOOL_MAX_ALLOC_MB * MIB,
  },
});

/** A probe or frame grab of a sane upload takes well under this; a stuck ffmpeg is killed. */
const TIMEOUT_MS = 60_000;

/**
 * The ffmpeg demuxer of each container an upload may be, by the extension its bytes were recognised as
 * (upload-stream.ts; the extension of its original_key). Every read names its demuxer (`-f`): ffmpeg never probes,
 * so no playlist (hls, dash), concat list or image sequence a file could pass for is ever opened, and nothing a file
 * names is followed. A container missing here is not converted.
 */
const DEMUXER_BY_EXTENSION: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['mp4', 'm4v', 'm4a', 'm4b', 'm4p', 'mov', '3gp', '3g2', 'f4v', 'f4p', 'f4a', 'f4b'].map((ext) => [ext, 'mov']),
  ),
  ...Object.fromEntries(['ogg', 'oga', 'ogv', 'ogm', 'opus', 'spx'].map((ext) => [ext, 'ogg'])),
  ...Object.fromEntries(['mp1', 'mp2', 'mp3'].map((ext) => [ext, 'mp3'])),
  mkv: 'matroska',
  webm: 'matroska',
  avi: 'avi',
  mpg: 'mpeg',
  mts: 'mpegts',
  flv: 'flv',
  asf: 'asf',
  wav: 'wav',
  flac: 'flac',
  aac: 'aac',
  ac3: 'ac3',
  amr: 'amr',
  aif: 'aiff',
  ape: 'ape',
  wv: 'wv',
};

/** The demuxer of an upload recognised as `extension`, or undefined for a container that is not converted. */
export const demuxerOf = (extension: string): string | undefined =>
  Object.hasOwn(DEMUXER_BY_EXTENSION, extension) ? DEMUXER_BY_EXTENSION[extension] : undefined;

/** The demuxer of the renditions (MP4 and M4A), which probes and poster frames read. */
export const RENDITION_DEMUXER = 'mov';

/**
 * The input options of a run: the named demuxer, and the file as a `file:` URL (a path is never read as another
 * protocol). With `-protocol_whitelist file` (every run's) nothing but local files can be opened at all.
 */
export const inputOf = (demuxer: string, file: string) => ['-f', demuxer, '-i', `file:${file}`];

/** Thrown when the ffmpeg binaries are not installed; callers degrade (no poster, no duration) instead of failing. */
export class MediaToolMissingError extends Error {
  constructor(tool: string) {
    super(`${tool} is not installed: run \`tsx scripts/infra/ffmpeg.ts\` as root, or set FFMPEG_PATH/FFPROBE_PATH`);
    this.name = 'MediaToolMissingError';
  }
}

export async function mediaToolsAvailable(tools: MediaTools): Promise<boolean> {
  return (await mediaToolAvailable(tools.ffmpeg)) && (await mediaToolAvailable(tools.ffprobe));
}

/** Whether the file is an executable this process may run. */
export async function mediaToolAvailable(tool: string): Promise<boolean> {
  try {
    await access(tool, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The duration of a video or audio file in seconds, from its container (or its longest stream when the container
 * does not say); null when the file has none (a still image, a stream without timing).
 */
export async function probeMedia(
  tools: MediaTools,
  filePath: string,
  demuxer = RENDITION_DEMUXER,
): Promise<{ durationSeconds: number | null }> {
  const output = await run(tools, tools.ffprobe, [
    ...['-v', 'error', '-show_entries', 'format=duration:stream=duration', '-of', 'json'],
    ...inputOf(demuxer, filePath),
  ]);
  const parsed = JSON.parse(output) as {
    format?: { duration?: string };
    streams?: { duration?: string }[];
  };
  const seconds = (value: string | undefined) => {
    const parsedValue = value === undefined ? Number.NaN : Number(value);
    return Number.isFinite(parsedValue) && parsedValue > 0 ? parsedValue : null;
  };
  const fromContainer = seconds(parsed.format?.duration);
  if (fromContainer !== null) return { durationSeconds: fromContainer };
  const fromStreams = (parsed.streams ?? [])
    .map((stream) => seconds(stream.duration))
    .filter((value) => value !== null);
  return { durationSeconds: fromStreams.length > 0 ? Math.max(...fromStreams) : null };
}

/**
 * Writes one frame of the video (a rendition: MP4) as a still image (PNG or JPEG by the output's extension), turned upright and at
 * most 720 px on its longer side: the frame at one second, or the first frame of a shorter video.
 */
export async function extractPosterFrame(
  tools: MediaTools,
  videoPath: string,
  outputPngOrJpgPath: string,
): Promise<void> {
  const frameAt = async (seconds: number) =>
    run(tools, tools.ffmpeg, [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-ss',
      String(seconds),
      ...inputOf(RENDITION_DEMUXER, videoPath),
      '-frames:v',
      '1',
      '-vf',
      "scale='if(gt(iw,ih),min(720,iw),-2)':'if(gt(iw,ih),-2,min(720,ih))'",
      '-an',
      outputPngOrJpgPath,
    ]);
  await frameAt(1);
  // Seeking past the end writes no frame but exits 0; take the first frame instead.
  if (!(await exists(outputPngOrJpgPath))) await frameAt(0);
  if (!(await exists(outputPngOrJpgPath))) throw new Error(`ffmpeg wrote no frame of ${videoPath}`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/** ffmpeg/ffprobe processes one API process runs at once; more wait their turn. */
export const MEDIA_TOOL_CONCURRENCY = 2;
/** Runs waiting beyond this are refused at once (the upload is kept, without poster or duration). */
export const MEDIA_TOOL_QUEUE_LIMIT = 16;

export class MediaToolBusyError extends Error {
  constructor() {
    super(`more than ${MEDIA_TOOL_QUEUE_LIMIT} media tool runs are waiting: this upload gets no details`);
    this.name = 'MediaToolBusyError';
  }
}

let runningTools = 0;
let peakRunningTools = 0;
const waitingTools: Array<() => void> = [];

/** The most media tool processes that ran at the same time since the last reset (for tests). */
export function mediaToolPeak(reset = false): number {
  const peak = peakRunningTools;
  if (reset) peakRunningTools = runningTools;
  return peak;
}

async function withToolSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningTools >= MEDIA_TOOL_CONCURRENCY) {
    if (waitingTools.length >= MEDIA_TOOL_QUEUE_LIMIT) throw new MediaToolBusyError();
    await new Promise<void>((resolve) => waitingTools.push(resolve));
  } else {
    runningTools += 1;
  }
  peakRunningTools = Math.max(peakRunningTools, runningTools);
  try {
    return await work();
  } finally {
    const next = waitingTools.shift();
    // The slot passes straight to the next waiter, or is freed.
    if (next) next();
    else runningTools -= 1;
  }
}

/**
 * Options every run gets: user bytes are read from the local file only (no network, no other protocol a crafted
 * playlist could name).
 */
const SAFE_INPUT = ['-protocol_whitelist', 'file'];

function run(tools: MediaTools, command: string, args: string[]): Promise<string> {
  return runMediaTool(tools, command, args);
}

/**
 * A run killed at its time limit. Not retried: the same bytes take as long again (a file that makes ffmpeg wait for
 * input that never comes, or one too slow to convert within the ceiling).
 */
export class MediaToolTimeoutError extends Error {
  constructor(command: string, timeoutMs: number) {
    super(`${path.basename(command)} was stopped after ${Math.round(timeoutMs / 1000)} s, its time limit`);
    this.name = 'MediaToolTimeoutError';
  }
}

/**
 * A run stopped by its memory ceiling (MediaMemoryCeiling): an allocation refused (`Cannot allocate memory`, a
 * library that could not be mapped) or the process killed by the kernel. Not retried: the same bytes ask for as much
 * again. Its message starts with MEMORY_CEILING_FAILURE, which the file's failure reason is recognised by.
 */
export class MediaToolMemoryError extends Error {
  constructor(command: string, stderr: string) {
    super(`${MEMORY_CEILING_FAILURE} ${path.basename(command)} needed more memory than it may use: ${stderr}`);
    this.name = 'MediaToolMemoryError';
  }
}

/** The start of the recorded error (files.processing_error) of a file whose run reached its memory ceiling. */
export const MEMORY_CEILING_FAILURE = 'memory ceiling:';

/**
 * What ffmpeg, x264 or the dynamic loader write when an allocation or a mapping is refused (ENOMEM), with
 * `-max_alloc` or the address-space limit alike; a decoder's `get_buffer() failed` is its frame buffer refused.
 */
const OUT_OF_MEMORY =
  /cannot allocate memory|could not allocate|malloc of size \d+ failed|failed to map segment|out of memory|bad_alloc|get_buffer\(\) failed|error allocating/i;

/** A run that ended with an error of the tool's own (its exit code and the end of what it wrote). */
export class MediaToolFailedError extends Error {
  constructor(command: string, how: string, stderr: string) {
    super(`${command} failed (${how}): ${stderr}`);
    this.name = 'MediaToolFailedError';
  }
}

export interface MediaToolRun {
  /** Killed (SIGKILL) after this long (60 s by default); the run then fails with MediaToolTimeoutError. */
  timeoutMs?: number;
  /**
   * Runs at the lowest CPU priority (nice 19), so a transcode only takes the time the API leaves: a request is never
   * slowed by it beyond the cores' sharing.
   */
  background?: boolean;
  /**
   * The address-space limit of the run's process in bytes (`ulimit -v`); none when not given (the demo seed's own
   * tools).
   */
  addressSpaceBytes?: number;
}

/**
 * A run within this process's media tool slots, reading local files only, within the memory ceiling of `tools`: the
 * address-space limit on its process and ffmpeg's `-max_alloc` on every single allocation.
 */
export function runMediaTool(
  tools: Pick<MediaTools, 'memory'>,
  command: string,
  args: string[],
  options: MediaToolRun = {},
): Promise<string> {
  const ceiling = ['-max_alloc', String(tools.memory.maxAllocBytes)];
  return withToolSlot(() =>
    spawnMediaTool(command, [...ceiling, ...SAFE_INPUT, ...args], {
      ...options,
      addressSpaceBytes: tools.memory.addressSpaceBytes,
    }),
  );
}

/**
 * The shell line that sets the address-space limit (in KiB: `ulimit -v`) and then becomes the tool (`exec`: the same
 * process, so its priority, its kill and its exit code are the tool's); the command and its arguments are passed as
 * the shell's own arguments, never parsed as shell text.
 */
const LIMITED_EXEC = 'ulimit -v "$FANMISSION_MEDIA_AS_KIB" && exec "$0" "$@"';

/** The lowest scheduling priority (the `nice -n 19` of a background job). */
const BACKGROUND_NICENESS = 19;

/** Runs a tool outside the upload queue (the demo seed's media); its standard output, or an error with its end. */
export function spawnMediaTool(command: string, args: string[], options: MediaToolRun = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
    const limited = options.addressSpaceBytes !== undefined;
    const child = limited
      ? spawn('/bin/sh', ['-c', LIMITED_EXEC, command, ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            FANMISSION_MEDIA_AS_KIB: String(Math.floor((options.addressSpaceBytes ?? 0) / 1024)),
            // glibc's malloc reserves an arena of 64 MB address space per thread otherwise: two keep the ceiling
            // about memory used, not reserved.
            MALLOC_ARENA_MAX: '2',
          },
        })
      : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    if (options.background && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, BACKGROUND_NICENESS);
      } catch {
        // The child already ended (its close event reports how).
      }
    }
    let stdout = '';
    let stderr = '';
    let outOfMemory = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Matched over the end kept so far and the new chunk, so a message split between two chunks is seen.
      const text = stderr.slice(-200) + chunk.toString();
      if (OUT_OF_MEMORY.test(text)) outOfMemory = true;
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new MediaToolMissingError(command) : error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(new MediaToolTimeoutError(command, timeoutMs));
      // A refused allocation fails the run even when ffmpeg carried on and exited 0 (it then drops what it could not
      // decode); a SIGKILL it did not get from its timer is the kernel's out-of-memory killer.
      else if (outOfMemory || signal === 'SIGKILL') reject(new MediaToolMemoryError(command, stderr.trim()));
      else if (code === 0) resolve(stdout);
      // The shell wrapper could not find the tool (`exec: …: not found`).
      else if (limited && code === 127) reject(new MediaToolMissingError(command));
      else reject(new MediaToolFailedError(command, String(code ?? signal), stderr.trim()));
    });
  });
}
