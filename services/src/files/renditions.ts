import os from 'node:os';
import { inputOf, MediaToolFailedError, type MediaTools, RENDITION_DEMUXER, runMediaTool } from './media-probe';

/*
 * The formats every browser plays, made from whatever a phone uploaded: H.264 (yuv420p) with AAC in an MP4 that
 * starts playing before it is downloaded (`+faststart`), at most 1080p (1920×1080, or 1080×1920 upright), and a
 * 720p one beside it when the source is larger than 720p; AAC in MP4 (.m4a) for audio. Nothing of the upload's
 * metadata is copied: no global tags (ISO 6709 location, device make and model, owner, creation time), no stream
 * tags, no chapters, and the encoder's own tags are left out too (`bitexact`). Each output is probed before it is
 * accepted.
 */

export const VIDEO_RENDITION_CONTENT_TYPE = 'video/mp4';
export const AUDIO_RENDITION_CONTENT_TYPE = 'audio/mp4';

/** The boxes a video is scaled down into (never up), by its longer and shorter side. */
export const MAIN_VIDEO_BOX = { longer: 1920, shorter: 1080 } as const;
export const SMALL_VIDEO_BOX = { longer: 1280, shorter: 720 } as const;

/**
 * Quality and caps: constant quality (CRF) with a peak bitrate and the buffer the peak is measured over, so a
 * grainy or busy clip cannot grow past what a phone on a mobile network plays smoothly.
 */
const MAIN_VIDEO_RATE = { maxrate: '5M', bufsize: '10M' };
const SMALL_VIDEO_RATE = { maxrate: '2500k', bufsize: '5M' };
const VIDEO_CRF = '23';
const AUDIO_BITRATE = '128k';
const MAX_FRAME_RATE = '60';
/** A rendition's length may differ from the source's by this much (whichever is larger) before it is refused. */
const DURATION_TOLERANCE = { seconds: 1, ratio: 0.05 };

/** The encoder's threads: half the cores at most, so a transcode never holds the whole machine. */
const encoderThreads = () => String(Math.max(1, Math.floor(os.availableParallelism() / 2)));

/**
 * What a source may be before anything of it is decoded (its probe says): a duration (a stream without one never
 * ends), at most the configured length (MediaTools: MEDIA_MAX_VIDEO_SECONDS, MEDIA_MAX_AUDIO_SECONDS), a picture of
 * at most maxSidePixels on either side and maxPixels in all, at most maxFrameRate frames a second. A transcode is
 * killed after the configured fixed time (MEDIA_TRANSCODE_TIMEOUT_SECONDS), whatever the file claims, and stopped at
 * its memory ceiling (MEDIA_TOOL_MEMORY_MB, MEDIA_TOOL_MAX_ALLOC_MB: media-probe.ts); its file is then failed for good
 * (media-queue.ts). docs/rules/files.md lists them.
 */
export const MEDIA_LIMITS = {
  maxSidePixels: 8192,
  maxPixels: 40_000_000,
  maxFrameRate: 240,
} as const;

export interface ProbedStream {
  codec: string;
  width: number | null;
  height: number | null;
  channels: number | null;
}

export interface ProbedMedia {
  durationSeconds: number | null;
  video: ProbedStream | null;
  audio: ProbedStream | null;
  /** The first video stream's display rotation in degrees (a phone's portrait clip), 0 without one. */
  rotation: number;
  /** The first video stream's frame rate (average, else the base rate), null when unknown or without a picture. */
  frameRate: number | null;
}

/** What ffprobe finds in the file: its duration, first video and first audio stream. Throws when it cannot read it. */
export async function probeStreams(tools: MediaTools, file: string, demuxer: string): Promise<ProbedMedia> {
  const output = await runMediaTool(tools, tools.ffprobe, [
    ...['-v', 'error', '-show_entries'],
    'format=duration:stream=codec_type,codec_name,width,height,channels,duration,avg_frame_rate,r_frame_rate' +
      ':stream_side_data=rotation',
    ...['-of', 'json'],
    ...inputOf(demuxer, file),
  ]);
  const parsed = JSON.parse(output) as {
    format?: { duration?: string };
    streams?: {
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      channels?: number;
      duration?: string;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      side_data_list?: { rotation?: number }[];
    }[];
  };
  const positive = (value: string | undefined) => {
    const number = value === undefined ? Number.NaN : Number(value);
    return Number.isFinite(number) && number > 0 ? number : null;
  };
  const streams = parsed.streams ?? [];
  const of = (type: string) => {
    const stream = streams.find((candidate) => candidate.codec_type === type);
    return stream
      ? {
          codec: stream.codec_name ?? 'unknown',
          width: stream.width ?? null,
          height: stream.height ?? null,
          channels: stream.channels ?? null,
        }
      : null;
  };
  const streamDurations = streams.map((stream) => positive(stream.duration)).filter((value) => value !== null);
  const videoStream = streams.find((candidate) => candidate.codec_type === 'video');
  // ffprobe writes rates as a fraction (`30000/1001`), `0/0` when it does not know.
  const rate = (value: string | undefined) => {
    const [numerator, denominator] = (value ?? '').split('/').map(Number);
    return positive(String((numerator ?? Number.NaN) / (denominator ?? 1)));
  };
  return {
    durationSeconds:
      positive(parsed.format?.duration) ?? (streamDurations.length > 0 ? Math.max(...streamDurations) : null),
    video: of('video'),
    audio: of('audio'),
    rotation: videoStream?.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ?? 0,
    frameRate: rate(videoStream?.avg_frame_rate) ?? rate(videoStream?.r_frame_rate),
  };
}

/** A rendition that cannot be made from this upload (no retry helps): the file is failed at once. */
export class UnconvertibleMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnconvertibleMediaError';
  }
}

/**
 * The upload's probe. ffprobe refusing it as the type its bytes were recognised as (the demuxer is named, never
 * guessed) refuses the file: the same bytes are refused again.
 */
async function probeSource(tools: MediaTools, source: string, demuxer: string): Promise<ProbedMedia> {
  try {
    return await probeStreams(tools, source, demuxer);
  } catch (error) {
    if (error instanceof MediaToolFailedError) {
      throw new UnconvertibleMediaError(`the file cannot be read as ${demuxer}: ${error.message}`);
    }
    throw error;
  }
}

/** How the failure reason of a source refused by the limits starts: its uploader is told the limits (routes.ts). */
export const MEDIA_LIMIT_FAILURE = 'beyond the limits:';

const beyondLimits = (reason: string) => new UnconvertibleMediaError(`${MEDIA_LIMIT_FAILURE} ${reason}`);

/** Refuses a source beyond MEDIA_LIMITS, before ffmpeg decodes any of it. */
function refuseBeyondLimits(source: ProbedMedia, maxSeconds: number, what: string): void {
  if (source.durationSeconds === null) throw beyondLimits(`the ${what} does not say how long it is`);
  if (source.durationSeconds > maxSeconds) {
    throw beyondLimits(
      `the ${what} is ${Math.round(source.durationSeconds)} s long, longer than the ${maxSeconds} s allowed`,
    );
  }
  const { video } = source;
  if (!video) return;
  const { width, height } = video;
  if (width === null || height === null || width <= 0 || height <= 0) {
    throw beyondLimits('the video does not say its picture size');
  }
  if (Math.max(width, height) > MEDIA_LIMITS.maxSidePixels || width * height > MEDIA_LIMITS.maxPixels) {
    throw beyondLimits(
      `the video's picture of ${width}x${height} is larger than ${MEDIA_LIMITS.maxSidePixels} px on a side or ` +
        `${MEDIA_LIMITS.maxPixels} pixels`,
    );
  }
  if (source.frameRate !== null && source.frameRate > MEDIA_LIMITS.maxFrameRate) {
    throw beyondLimits(
      `the video has ${Math.round(source.frameRate)} frames a second, more than ${MEDIA_LIMITS.maxFrameRate}`,
    );
  }
}

/** The scale filter that fits a frame into the box (landscape or portrait alike), never enlarging it. */
const fitInto = (box: { longer: number; shorter: number }) =>
  `scale=w='if(gte(iw,ih),min(${box.longer},iw),min(${box.shorter},iw))'` +
  `:h='if(gte(iw,ih),min(${box.shorter},ih),min(${box.longer},ih))'` +
  ':force_original_aspect_ratio=decrease:force_divisible_by=2';

/** Options every output gets: no metadata of the upload, the encoder's tags left out. */
const CLEAN_OUTPUT = [
  ...['-map_metadata', '-1', '-map_metadata:s', '-1', '-map_chapters', '-1'],
  ...['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
  ...['-movflags', '+faststart', '-f', 'mp4'],
];

function audioOptions(source: ProbedMedia): string[] {
  if (!source.audio) return [];
  const channels = source.audio.channels !== null && source.audio.channels > 2 ? ['-ac', '2'] : [];
  return ['-c:a', 'aac', '-b:a', AUDIO_BITRATE, ...channels];
}

function videoOutput(source: ProbedMedia, label: string, rate: { maxrate: string; bufsize: string }, out: string) {
  return [
    ...['-map', `[${label}]`, ...(source.audio ? ['-map', '0:a:0'] : [])],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', VIDEO_CRF, '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-maxrate', rate.maxrate, '-bufsize', rate.bufsize, '-fpsmax', MAX_FRAME_RATE, '-threads', encoderThreads()],
    ...audioOptions(source),
    ...CLEAN_OUTPUT,
    out,
  ];
}

export interface VideoRenditionFiles {
  main: string;
  /** Written only when the source is larger than 720p. */
  small: string;
}

export interface VerifiedRendition {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

export interface VideoRenditions {
  source: ProbedMedia;
  main: VerifiedRendition;
  small: VerifiedRendition | null;
}

/** Whether the upright picture is larger than 720p (its shorter side above 720 px). */
export const largerThan720p = (stream: ProbedStream) =>
  stream.width !== null && stream.height !== null && Math.min(stream.width, stream.height) > SMALL_VIDEO_BOX.shorter;

/**
 * How a rendition is made: at background priority (a member's upload: the API keeps the cores it needs) unless told
 * otherwise (the demo seed, which a developer waits for).
 */
export interface RenditionRun {
  background?: boolean;
  /**
   * The source's ffmpeg demuxer (`demuxerOf` its recognised extension); the renditions' own (MP4) when not given.
   * ffmpeg never guesses it.
   */
  demuxer?: string;
}

/**
 * Transcodes the video at `source` into `files.main` (and `files.small`, for a source larger than 720p) in one
 * ffmpeg run at background priority; probes what it wrote. Throws UnconvertibleMediaError for a file without a
 * picture or a rendition that does not check out, another error when ffmpeg fails (a retry may help).
 */
export async function makeVideoRenditions(
  tools: MediaTools,
  source: string,
  files: VideoRenditionFiles,
  run: RenditionRun = {},
): Promise<VideoRenditions> {
  const demuxer = run.demuxer ?? RENDITION_DEMUXER;
  const probed = await probeSource(tools, source, demuxer);
  if (!probed.video) throw new UnconvertibleMediaError('the file has no video stream');
  refuseBeyondLimits(probed, tools.maxVideoSeconds, 'video');
  const withSmall = largerThan720p(probed.video);
  const graph = withSmall
    ? `[0:v:0]split=2[main][small];[main]${fitInto(MAIN_VIDEO_BOX)}[mainout];[small]${fitInto(SMALL_VIDEO_BOX)}[smallout]`
    : `[0:v:0]${fitInto(MAIN_VIDEO_BOX)}[mainout]`;
  await runMediaTool(
    tools,
    tools.ffmpeg,
    [
      // The decoder's threads as the encoder's (each thread's stack and buffers count in the memory ceiling).
      ...['-v', 'error', '-nostdin', '-y', '-threads', encoderThreads(), ...inputOf(demuxer, source)],
      ...['-filter_complex', graph],
      ...videoOutput(probed, 'mainout', MAIN_VIDEO_RATE, files.main),
      ...(withSmall ? videoOutput(probed, 'smallout', SMALL_VIDEO_RATE, files.small) : []),
    ],
    { background: run.background ?? true, timeoutMs: tools.transcodeTimeoutMs },
  );
  return {
    source: probed,
    main: await verifyRendition(tools, files.main, probed, MAIN_VIDEO_BOX),
    small: withSmall ? await verifyRendition(tools, files.small, probed, SMALL_VIDEO_BOX) : null,
  };
}

/** Transcodes the audio (or the sound of a video) at `source` into AAC in MP4 at `out`, and probes it. */
export async function makeAudioRendition(
  tools: MediaTools,
  source: string,
  out: string,
  run: RenditionRun = {},
): Promise<VerifiedRendition> {
  const demuxer = run.demuxer ?? RENDITION_DEMUXER;
  const probed = await probeSource(tools, source, demuxer);
  if (!probed.audio) throw new UnconvertibleMediaError('the file has no audio stream');
  refuseBeyondLimits({ ...probed, video: null }, tools.maxAudioSeconds, 'sound');
  await runMediaTool(
    tools,
    tools.ffmpeg,
    [
      ...['-v', 'error', '-nostdin', '-y', ...inputOf(demuxer, source), '-map', '0:a:0', '-vn', '-sn', '-dn'],
      ...audioOptions(probed),
      ...CLEAN_OUTPUT,
      out,
    ],
    { background: run.background ?? true, timeoutMs: tools.transcodeTimeoutMs },
  );
  return verifyRendition(tools, out, { ...probed, video: null }, null);
}

/**
 * Probes a written rendition: H.264 (within the box) when the source had a picture, AAC when it had sound, and about
 * the source's length. Throws UnconvertibleMediaError otherwise: such a rendition is never served.
 */
async function verifyRendition(
  tools: MediaTools,
  file: string,
  source: ProbedMedia,
  box: { longer: number; shorter: number } | null,
): Promise<VerifiedRendition> {
  const made = await probeStreams(tools, file, RENDITION_DEMUXER);
  const problems: string[] = [];
  if (source.video) {
    const { video } = made;
    if (video?.codec !== 'h264') problems.push(`video codec ${video?.codec ?? 'missing'}`);
    if (video && box && (video.width ?? 0) * (video.height ?? 0) > box.longer * box.shorter) {
      problems.push(`video of ${video.width}x${video.height}`);
    }
  } else if (made.video) {
    problems.push('a video stream in an audio rendition');
  }
  if (source.audio && made.audio?.codec !== 'aac') problems.push(`audio codec ${made.audio?.codec ?? 'missing'}`);
  if (source.durationSeconds !== null) {
    const tolerance = Math.max(DURATION_TOLERANCE.seconds, source.durationSeconds * DURATION_TOLERANCE.ratio);
    if (made.durationSeconds === null || Math.abs(made.durationSeconds - source.durationSeconds) > tolerance) {
      problems.push(`duration ${made.durationSeconds ?? 'unknown'} s for a source of ${source.durationSeconds} s`);
    }
  }
  if (problems.length > 0)
    throw new UnconvertibleMediaError(`the rendition does not check out: ${problems.join(', ')}`);
  return {
    width: made.video?.width ?? null,
    height: made.video?.height ?? null,
    durationSeconds: made.durationSeconds,
  };
}
