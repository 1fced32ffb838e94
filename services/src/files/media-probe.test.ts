import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTestVideo } from '@fanmission/tests/support/files';
import { testConfig } from '@fanmission/tests/harness/app';
import { takeMediaDetails } from './media-details';
import {
  extractPosterFrame,
  MediaToolMemoryError,
  MediaToolMissingError,
  mediaToolsOf,
  MediaToolTimeoutError,
  probeMedia,
  spawnMediaTool,
} from './media-probe';
import { localDiskStorage } from './local-disk-storage';
import { makeVideoRenditions, UnconvertibleMediaError } from './renditions';

const folder = mkdtempSync(path.join(os.tmpdir(), 'fanmission-probe-'));
const video = path.join(folder, 'clip.mp4');
writeTestVideo(video, { seconds: 3, width: 1080, height: 1920, rate: 5 });
const config = testConfig();
const tools = mediaToolsOf(config);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('media probe', () => {
  it('reads a video’s duration and writes an upright poster frame at most 720 px high', async () => {
    expect(await probeMedia(tools, video)).toEqual({ durationSeconds: 3 });
    const poster = path.join(folder, 'poster.jpg');
    await extractPosterFrame(tools, video, poster);
    const size = execFileSync('/usr/bin/ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      poster,
    ]);
    expect(size.toString().trim()).toBe('406,720');
  });

  it('takes the first frame of a video shorter than a second', async () => {
    const short = path.join(folder, 'short.mp4');
    writeTestVideo(short, { seconds: 0.4, width: 64, height: 64 });
    const poster = path.join(folder, 'short.png');
    await extractPosterFrame(tools, short, poster);
    expect((await fs.stat(poster)).size).toBeGreaterThan(0);
  });

  it('fails without ffmpeg, storing nothing (the media queue retries, then marks the file failed)', async () => {
    const missing = {
      ...config,
      FFPROBE_PATH: path.join(folder, 'no-such-ffprobe'),
      FFMPEG_PATH: path.join(folder, 'no-such-ffmpeg'),
    };
    await expect(probeMedia(mediaToolsOf(missing), video)).rejects.toBeInstanceOf(MediaToolMissingError);
    const storage = localDiskStorage({ root: path.join(folder, 'store') });
    await expect(
      takeMediaDetails(mediaToolsOf(missing), storage, video, {
        kind: 'video',
        storage_key: 'clip.mp4',
        original_key: null,
      }),
    ).rejects.toBeInstanceOf(MediaToolMissingError);
    expect(await fs.readdir(folder)).not.toContain('store');
  });

  it('fails for bytes ffmpeg cannot read', async () => {
    const broken = path.join(folder, 'broken.mp4');
    await fs.writeFile(broken, Buffer.from('not a video at all'));
    const storage = localDiskStorage({ root: path.join(folder, 'store') });
    await expect(
      takeMediaDetails(tools, storage, broken, { kind: 'video', storage_key: 'clip.mp4', original_key: null }),
    ).rejects.toThrow(/ffprobe|failed/);
  });

  it('runs a background tool (a transcode) at the lowest CPU priority, and others at the API’s', async () => {
    // The child reports its own niceness once it had time to be lowered (os.setPriority right after spawn).
    const niceness = async (background: boolean) =>
      Number((await spawnMediaTool('/bin/sh', ['-c', 'sleep 0.3; ps -o ni= -p $$'], { background })).trim());
    const own = os.getPriority();
    expect(await niceness(true)).toBe(19);
    expect(await niceness(false)).toBe(own);
  });

  it('kills a run at its time limit and says so (a stream that never ends holds no slot past it)', async () => {
    const endless = spawnMediaTool(
      '/usr/bin/ffmpeg',
      ['-v', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'anullsrc', '-f', 'null', '-'],
      { timeoutMs: 1_500 },
    );
    await expect(endless).rejects.toBeInstanceOf(MediaToolTimeoutError);
  });

  it('refuses a video longer than the configured limit before decoding it, storing nothing', async () => {
    const short = mediaToolsOf({ ...config, MEDIA_MAX_VIDEO_SECONDS: 2 });
    const storage = localDiskStorage({ root: path.join(folder, 'long') });
    const made = takeMediaDetails(short, storage, video, {
      kind: 'video',
      storage_key: 'clip.mp4',
      original_key: null,
    });
    await expect(made).rejects.toBeInstanceOf(UnconvertibleMediaError);
    await expect(made).rejects.toThrow(/3 s long, longer than the 2 s allowed/);
    expect(await fs.readdir(folder)).not.toContain('long');
  });

  it('stops a transcode that needs more address space than its ceiling, and says so (no partial rendition kept)', async () => {
    const large = writeTestVideo(path.join(folder, 'large.mp4'), { seconds: 1, width: 3840, height: 2160, rate: 5 });
    // Enough for ffmpeg's libraries and the probe; not for decoding 4K and encoding 1080p and 720p beside it.
    const tight = mediaToolsOf({ ...config, MEDIA_TOOL_MEMORY_MB: 400 });
    const outputs = { main: path.join(folder, 'tight-main.mp4'), small: path.join(folder, 'tight-small.mp4') };
    const made = makeVideoRenditions(tight, large, outputs);
    await expect(made).rejects.toBeInstanceOf(MediaToolMemoryError);
    await expect(made).rejects.toThrow(/memory ceiling: ffmpeg needed more memory than it may use/);
  });

  it('stops a run at ffmpeg’s single-allocation ceiling (a frame buffer larger than it allows)', async () => {
    // A 1080×1920 frame's planes are 2 MB and 0.5 MB each: over a 1 MB ceiling on one allocation.
    const tight = mediaToolsOf({ ...config, MEDIA_TOOL_MAX_ALLOC_MB: 1 });
    const outputs = { main: path.join(folder, 'alloc-main.mp4'), small: path.join(folder, 'alloc-small.mp4') };
    await expect(makeVideoRenditions(tight, video, outputs)).rejects.toBeInstanceOf(MediaToolMemoryError);
  });

  it('converts a video larger than 720p within the configured ceiling', async () => {
    const outputs = { main: path.join(folder, 'normal-main.mp4'), small: path.join(folder, 'normal-small.mp4') };
    const made = await makeVideoRenditions(tools, video, outputs);
    expect(made.main).toMatchObject({ width: 1080, height: 1920, durationSeconds: 3 });
    expect(made.small).toMatchObject({ width: 720, height: 1280 });
  });
});
