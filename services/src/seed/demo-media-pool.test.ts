import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '@fanmission/tests/harness/app';
import { prepareDemoMedia } from './demo-dress';
import { DemoMediaPool } from './demo-media-pool';

const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-demo-media-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('the demo media pool', () => {
  it('makes videos with a poster and voices once, then finds them in the cache', async () => {
    const pool = new DemoMediaPool(testConfig({ FANMISSION_CACHE_DIR: cacheDir }));
    const video = (await pool.answerVideo(0))!;
    expect(video).toMatchObject({ video: { contentType: 'video/mp4' }, poster: { contentType: 'image/jpeg' } });
    expect(video.video.bytes).toBeGreaterThan(1_000);
    const voice = (await pool.voice('ja', 1))!;
    expect(voice).toMatchObject({ language: 'ja', audio: { contentType: 'audio/mp4' } });
    expect(voice.seconds).toBeGreaterThan(0.5);
    // Kept as the media queue's renditions, what an upload is served as.
    const codecs = (file: string) =>
      execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file])
        .toString()
        .trim()
        .split('\n');
    expect(codecs(pool.file(video.video))).toEqual(['h264', 'aac']);
    expect(codecs(pool.file(voice.audio))).toEqual(['aac']);

    const made = statSync(pool.file(video.video)).mtimeMs;
    const again = new DemoMediaPool(testConfig({ FANMISSION_CACHE_DIR: cacheDir }));
    expect(await again.answerVideo(0)).toEqual(video);
    expect(statSync(again.file(video.video)).mtimeMs).toBe(made);
  }, 60_000);

  it('goes without videos and voices when ffmpeg and espeak-ng are missing', async () => {
    const pool = new DemoMediaPool(
      testConfig({
        FANMISSION_CACHE_DIR: path.join(cacheDir, 'without-tools'),
        FFMPEG_PATH: '/nonexistent/ffmpeg',
        ESPEAK_NG_PATH: '/nonexistent/espeak-ng',
      }),
    );
    const media = await prepareDemoMedia(pool);
    expect(media).toMatchObject({ videos: [], voices: [] });
    expect(media.intros.size).toBe(0);
    expect(media.pictures.length).toBeGreaterThan(0);
    expect((await pool.avatar('starlight')).contentType).toBe('image/png');
  }, 60_000);

  it('goes without an item a tool fails to make, and says why', async () => {
    const pool = new DemoMediaPool(
      testConfig({ FANMISSION_CACHE_DIR: path.join(cacheDir, 'failing'), FFMPEG_PATH: '/bin/false' }),
    );
    expect(await pool.answerVideo(0)).toBeNull();
    expect(pool.failures).toHaveLength(1);
  });
});
