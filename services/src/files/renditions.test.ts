import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Role, type UploadedFile, uploadedFileSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@fanmission/tests/harness/app';
import { createTestDatabase, type TestDatabase } from '@fanmission/tests/harness/database';
import { createMember, filesUnder, multipartForm } from '@fanmission/tests/support/files';
import { buildApp } from '../app';
import { createDevMailbox } from '../mail';
import { EVENT_CONSUMERS } from '../runtime';
import { takeMediaDetails } from './media-details';
import { mediaToolsOf } from './media-probe';
import { drainMediaQueue } from './media-queue';
import { purgeDeletedFiles } from './service';
import { storageDriverFor } from './storage';

// Uploads served only as their renditions: made by the media queue from real files ffmpeg and heif-enc write here,
// then fetched at the URLs the API hands out and read back with ffprobe and sharp.

const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';
const HEIF_ENC = '/usr/bin/heif-enc';
/** Seoul City Hall, as a phone writes it (ISO 6709); no rendition may carry any of it. */
const LOCATION = '+37.5665+126.9780/';
const DEVICE = 'FanmissionPhone';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-renditions-'));
const work = mkdtempSync(path.join(os.tmpdir(), 'fanmission-rendition-inputs-'));
const config = testConfig({ STORAGE_DIR: storageDir });

let app: FastifyInstance;
let database: TestDatabase;
let creator: { id: number; authorization: string };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config,
    eventConsumers: EVENT_CONSUMERS,
    db: database.db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
  });
  await app.ready();
  creator = await createMember(app, database.db, 'creator', ['ROLE_USER', 'ROLE_CREATOR']);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await fs.rm(storageDir, { recursive: true, force: true });
  await fs.rm(work, { recursive: true, force: true });
});

const ffmpeg = (...args: string[]) => execFileSync(FFMPEG, ['-v', 'error', '-nostdin', '-y', ...args]);

/** A clip with a phone's tags: the location both ways Apple writes it, the device, the owner. */
function phoneClip(name: string, video: string[], size: string, seconds = 1): string {
  const file = path.join(work, name);
  ffmpeg(
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=10:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`],
    ...video,
    ...['-c:a', 'aac', '-b:a', '32k'],
    ...['-metadata', `location=${LOCATION}`, '-metadata', `com.apple.quicktime.location.ISO6709=${LOCATION}`],
    ...['-metadata', `make=${DEVICE}`, '-metadata', 'model=Phone 15 Pro', '-metadata', 'author=Kim Owner'],
    ...['-metadata:s:v:0', `location=${LOCATION}`, '-movflags', 'use_metadata_tags'],
    file,
  );
  return file;
}

const hevcMov = (name: string, size: string) =>
  phoneClip(
    name,
    ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    size,
  );

interface Probed {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; tags?: Record<string, string> }[];
}

async function probe(bytes: Buffer): Promise<Probed> {
  const file = path.join(work, `probe-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, bytes);
  try {
    const output = execFileSync(FFPROBE, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
    return JSON.parse(output.toString()) as Probed;
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Every tag of the container and its streams, as `key=value` lines. */
const tagsOf = (probed: Probed) =>
  [probed.format.tags, ...probed.streams.map((stream) => stream.tags)]
    .flatMap((tags) => Object.entries(tags ?? {}))
    .map(([key, value]) => `${key}=${value}`);

function expectNothingPersonal(bytes: Buffer, probed?: Probed) {
  for (const needle of ['+37.5665', '37.5665', DEVICE, 'Kim Owner', 'Phone 15 Pro']) {
    expect(bytes.includes(Buffer.from(needle)), needle).toBe(false);
  }
  if (!probed) return;
  const tags = tagsOf(probed).join('\n');
  expect(tags).not.toMatch(/location|ISO6709|make|model|author|creation_time|37\.5665/i);
}

async function upload(file: string, language = 'en', by = creator): Promise<UploadedFile> {
  const form = await multipartForm('data', await fs.readFile(file), path.basename(file));
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/files/s3',
    headers: { ...form.headers, authorization: by.authorization, 'accept-language': language },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(200);
  return uploadedFileSchema.parse(response.json());
}

const fetchStored = (url: string, language = 'en') => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return app.inject({ method: 'GET', url: `${pathname}${search}`, headers: { 'accept-language': language } });
};

const fileState = async (id: number, language = 'en') => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/files/s3/${id}`,
    headers: { authorization: creator.authorization, 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  return uploadedFileSchema.parse(response.json());
};

const drain = (now = () => new Date()) =>
  drainMediaQueue({ ctx: { ...app.ctx, now }, storage: storageDriverFor(config) });

const originalsLeft = async () => (await filesUnder(storageDir)).filter((name) => name.includes('.original.'));

describe('the renditions of uploaded media', () => {
  it('serves a 4K HEVC .mov with a location as a clean H.264/AAC MP4 of 1080p and a 720p one, never the original', async () => {
    const mov = hevcMov('phone.mov', '3840x2160');
    const original = await fs.readFile(mov);
    expect(original.includes(Buffer.from('+37.5665'))).toBe(true);

    const uploaded = await upload(mov);
    expect(uploaded).toMatchObject({ kind: 'video', contentType: 'video/mp4', processing: 'PENDING' });
    expect(uploaded.s3Url).toMatch(/\.mp4\?exp=/);
    // Not the upload's bytes while the rendition is made: a clear answer instead.
    const early = await fetchStored(uploaded.s3Url);
    expect(early.statusCode).toBe(409);
    expect(early.headers['cache-control']).toBe('no-store');
    expect(early.json()).toMatchObject({ code: 'FILE_PROCESSING', message: expect.stringMatching(/being converted/) });
    expect(await originalsLeft()).toHaveLength(1);

    expect(await drain()).toBe(1);
    const ready = await fileState(uploaded.id);
    expect(ready).toMatchObject({ processing: 'READY', processingFailure: null, durationSeconds: expect.any(Number) });
    expect(ready.durationSeconds).toBeCloseTo(1, 0);
    expect(ready.thumbnail?.s3Url).toMatch(/\.poster\.jpg\?exp=/);
    expect(ready.smallScreenVideo).toMatchObject({ width: 1280, height: 720 });

    const served = await fetchStored(ready.s3Url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const main = await probe(served.rawPayload);
    expect(main.format.format_name).toContain('mp4');
    expect(main.streams.map((stream) => [stream.codec_type, stream.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(main.streams[0]).toMatchObject({ width: 1920, height: 1080 });
    expectNothingPersonal(served.rawPayload, main);

    const small = await fetchStored(ready.smallScreenVideo!.s3Url);
    expect(small.statusCode).toBe(200);
    const smallProbed = await probe(small.rawPayload);
    expect(smallProbed.streams[0]).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expectNothingPersonal(small.rawPayload, smallProbed);
    // The original went once the rendition was verified.
    expect(await originalsLeft()).toEqual([]);

    // Deleted by its uploader: every rendition goes with the purge, the 720p one too.
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/files/s3/${uploaded.id}`,
      headers: { authorization: creator.authorization },
    });
    expect(deleted.statusCode).toBe(204);
    const base = new URL(ready.s3Url, 'http://localhost').pathname.replace(/^\/files\//, '').replace(/\.mp4$/, '');
    const objectsOfFile = async () => (await filesUnder(storageDir)).filter((name) => name.startsWith(base));
    expect(await objectsOfFile()).toHaveLength(3);
    const later = new Date(Date.now() + 31 * 24 * 60 * 60_000);
    await purgeDeletedFiles({ ...app.ctx, now: () => later }, storageDriverFor(config));
    expect(await objectsOfFile()).toEqual([]);
  });

  it('cleans an H.264 MP4 with a location, keeping its portrait size and making no 720p rendition of a small clip', async () => {
    const mp4 = phoneClip(
      'portrait.mp4',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      '180x320',
    );
    const uploaded = await upload(mp4);
    await drain();
    const ready = await fileState(uploaded.id);
    expect(ready.processing).toBe('READY');
    expect(ready.smallScreenVideo).toBeUndefined();
    const served = await fetchStored(ready.s3Url);
    const probed = await probe(served.rawPayload);
    expect(probed.streams[0]).toMatchObject({ codec_name: 'h264', width: 180, height: 320 });
    expectNothingPersonal(served.rawPayload, probed);
  });

  it('turns a clip a phone recorded sideways (a rotation in its display matrix) upright, with no rotation left', async () => {
    const landscape = phoneClip(
      'sideways.mp4',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      '320x180',
    );
    const sideways = path.join(work, 'rotated.mp4');
    ffmpeg('-i', landscape, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', sideways);
    const rotationOf = (file: string) =>
      execFileSync(FFPROBE, ['-v', 'error', '-show_entries', 'stream_side_data=rotation', '-of', 'csv=p=0', file])
        .toString()
        .trim();
    expect(rotationOf(sideways)).toBe('90');
    const uploaded = await upload(sideways);
    await drain();
    const ready = await fileState(uploaded.id);
    const served = (await fetchStored(ready.s3Url)).rawPayload;
    expect((await probe(served)).streams[0]).toMatchObject({ codec_name: 'h264', width: 180, height: 320 });
    const copy = path.join(work, 'served-rotated.mp4');
    await fs.writeFile(copy, served);
    expect(rotationOf(copy)).toBe('');
  });

  it('serves a voice as AAC in an .m4a without its tags', async () => {
    const voice = path.join(work, 'voice.m4a');
    ffmpeg(
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5', '-c:a', 'aac', '-b:a', '32k'],
      ...['-metadata', `location=${LOCATION}`, '-metadata', `artist=Kim Owner`, '-metadata', `encoder=${DEVICE}`],
      voice,
    );
    const uploaded = await upload(voice);
    expect(uploaded).toMatchObject({ kind: 'audio', contentType: 'audio/mp4', processing: 'PENDING' });
    expect(uploaded.s3Url).toMatch(/\.m4a\?exp=/);
    await drain();
    const ready = await fileState(uploaded.id);
    expect(ready.processing).toBe('READY');
    expect(ready.durationSeconds).toBeCloseTo(1.5, 0);
    const served = await fetchStored(ready.s3Url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mp4');
    const probed = await probe(served.rawPayload);
    expect(probed.streams.map((stream) => stream.codec_name)).toEqual(['aac']);
    expectNothingPersonal(served.rawPayload, probed);
  });

  it('serves a HEIC photo with GPS EXIF as a JPEG without any metadata', async () => {
    const jpeg = path.join(work, 'camera.jpg');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: DEVICE, Model: 'Phone 15 Pro' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 5994/100', GPSLongitudeRef: 'E' },
      })
      .toFile(jpeg);
    const heic = path.join(work, 'camera.heic');
    execFileSync(HEIF_ENC, ['-q', '50', jpeg, '-o', heic], { stdio: 'ignore' });
    const original = await fs.readFile(heic);
    // heif-enc carries the EXIF over: the upload has the device and the GPS block.
    expect(original.includes(Buffer.from(DEVICE))).toBe(true);

    const uploaded = await upload(heic);
    expect(uploaded).toMatchObject({
      kind: 'image',
      contentType: 'image/jpeg',
      processing: 'PENDING',
      thumbnail: null,
    });
    expect((await fetchStored(uploaded.s3Url)).statusCode).toBe(409);
    await drain();
    const ready = await fileState(uploaded.id);
    expect(ready.processing).toBe('READY');
    const served = await fetchStored(ready.s3Url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expectNothingPersonal(served.rawPayload);
    expect((await fetchStored(ready.thumbnail!.s3Url)).statusCode).toBe(200);
    expect(await originalsLeft()).toEqual([]);
  });

  it('serves a turned TIFF as an upright JPEG, and an animated GIF as an animated WebP, both without metadata', async () => {
    const tiff = path.join(work, 'scan.tiff');
    await sharp({ create: { width: 40, height: 20, channels: 3, background: '#36c' } })
      .tiff()
      .withMetadata({ orientation: 6 })
      .toFile(tiff);
    expect((await sharp(tiff).metadata()).orientation).toBe(6);
    const gif = path.join(work, 'wave.gif');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=32x24:rate=5:duration=0.6', '-metadata', `comment=${DEVICE}`, gif);

    const uploadedTiff = await upload(tiff);
    const uploadedGif = await upload(gif);
    expect(uploadedTiff).toMatchObject({ contentType: 'image/jpeg', processing: 'PENDING' });
    expect(uploadedGif).toMatchObject({ contentType: 'image/webp', processing: 'PENDING' });
    await drain();

    const jpeg = (await fetchStored((await fileState(uploadedTiff.id)).s3Url)).rawPayload;
    const jpegMetadata = await sharp(jpeg).metadata();
    // Turned by its EXIF orientation before the EXIF went.
    expect(jpegMetadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(jpegMetadata.exif).toBeUndefined();
    expect(jpegMetadata.orientation).toBeUndefined();
    expectNothingPersonal(jpeg);

    const webp = (await fetchStored((await fileState(uploadedGif.id)).s3Url)).rawPayload;
    const webpMetadata = await sharp(webp, { animated: true }).metadata();
    expect(webpMetadata).toMatchObject({ format: 'webp', width: 32, pages: 3 });
    expect(webpMetadata.exif).toBeUndefined();
    expectNothingPersonal(webp);
  });

  /** An "mp3": an ID3 tag whose declared length hides the HLS playlist `lines` after it. */
  async function playlistInId3(name: string, lines: string[]): Promise<string> {
    const tagLength = 200_000;
    const syncsafe = Buffer.from([21, 14, 7, 0].map((shift) => (tagLength >> shift) & 0x7f));
    const file = path.join(work, name);
    await fs.writeFile(
      file,
      Buffer.concat([
        Buffer.from('ID3\x03\x00\x00', 'latin1'),
        syncsafe,
        Buffer.alloc(tagLength),
        Buffer.from(`${lines.join('\n')}\n${'\n'.repeat(100)}`),
      ]),
    );
    return file;
  }

  it('reads only the upload’s own bytes: an "mp3" hiding a playlist of another local file is refused', async () => {
    const secret = path.join(work, 'private-answer.m4a');
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=880:duration=3', '-c:a', 'aac', '-b:a', '32k', secret);
    const vod = await playlistInId3('leak-vod.mp3', [
      // The playlist claims the other file's own length, so the rendition's length checks out.
      ...['#EXTM3U', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-TARGETDURATION:3', '#EXTINF:3,'],
      secret,
      '#EXT-X-ENDLIST',
    ]);
    const uploaded = await upload(vod);
    expect(uploaded).toMatchObject({ kind: 'audio', processing: 'PENDING' });
    let clock = Date.now();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await drain(() => new Date(clock));
      clock += 60 * 60_000;
    }
    const state = await fileState(uploaded.id);
    expect(state.processing).toBe('FAILED');
    expect((await fetchStored(uploaded.s3Url)).statusCode).toBe(422);
    expect(await originalsLeft()).toEqual([]);
  });

  it('refuses a live playlist hidden in an "mp3" at once instead of waiting for segments that never come', async () => {
    const secret = path.join(work, 'private-voice.m4a');
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-b:a', '32k', secret);
    const live = await playlistInId3('live.mp3', ['#EXTM3U', '#EXT-X-TARGETDURATION:30', '#EXTINF:1,', secret]);
    const uploaded = await upload(live);
    const started = Date.now();
    await drain();
    // One run, no retry: the upload is failed for good.
    expect((await fileState(uploaded.id)).processing).toBe('FAILED');
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('refuses a video larger than the limits before decoding it, and tells its uploader which limits in three languages', async () => {
    const clip = phoneClip('wide.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast'], '8208x16', 0.2);
    const uploaded = await upload(clip);
    await drain();
    expect(await fileState(uploaded.id, 'ko')).toMatchObject({
      processing: 'FAILED',
      processingFailure: expect.stringMatching(/허용된 범위.*8192픽셀/),
    });
    expect((await fileState(uploaded.id, 'en')).processingFailure).toMatch(/beyond the limits.*8192 px/);
    expect((await fileState(uploaded.id, 'ja')).processingFailure).toMatch(/上限.*8192ピクセル/);
  });

  it('fails a video whose frames are larger than the single-allocation ceiling at once, says why in three languages', async () => {
    const clip = phoneClip('alloc.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast'], '1920x1080');
    const uploaded = await upload(clip);
    // A 1920×1080 frame's picture plane is 2 MB: over a ceiling of 1 MB on one allocation (which the probe passes).
    const tight = { ...config, MEDIA_TOOL_MAX_ALLOC_MB: 1 };
    let clock = Date.now();
    let runs = 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      runs += await drainMediaQueue({
        ctx: { ...app.ctx, config: tight, now: () => new Date(clock) },
        storage: storageDriverFor(config),
      });
      clock += 60 * 60_000;
    }
    // Not retried: the same bytes ask for as much again.
    expect(runs).toBe(1);
    const failed = await fileState(uploaded.id, 'ko');
    expect(failed).toMatchObject({ processing: 'FAILED', processingFailure: expect.stringMatching(/메모리/) });
    expect((await fileState(uploaded.id, 'en')).processingFailure).toMatch(/more memory to convert than is allowed/);
    expect((await fileState(uploaded.id, 'ja')).processingFailure).toMatch(/メモリ/);
    expect(await originalsLeft()).toEqual([]);
    // The same upload within the configured ceiling is converted.
    const again = await upload(clip);
    await drain();
    expect((await fileState(again.id)).processing).toBe('READY');
  });

  it('fails a broken video for good, serves nothing of it and tells its uploader why in his language', async () => {
    const broken = path.join(work, 'broken.mp4');
    const clip = await fs.readFile(phoneClip('whole.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast'], '64x64'));
    // The container's head, then noise where the pictures were.
    await fs.writeFile(broken, Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 7)]));
    const uploaded = await upload(broken);
    expect(uploaded.processing).toBe('PENDING');
    let clock = Date.now();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await drain(() => new Date(clock));
      clock += 60 * 60_000;
    }
    const failed = await fileState(uploaded.id, 'ko');
    expect(failed.processing).toBe('FAILED');
    expect(failed.processingFailure).toMatch(/변환하지 못했습니다/);
    const served = await fetchStored(uploaded.s3Url, 'ja');
    expect(served.statusCode).toBe(422);
    expect(served.json()).toMatchObject({ code: 'FILE_PROCESSING_FAILED', message: expect.stringMatching(/変換/) });
    expect(await originalsLeft()).toEqual([]);
    // Nobody else learns it exists.
    const stranger = await createMember(app, database.db, 'stranger');
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/files/s3/${uploaded.id}`,
      headers: { authorization: stranger.authorization },
    });
    expect(foreign.statusCode).toBe(403);
    const { pathname } = new URL(uploaded.s3Url, 'http://localhost');
    expect((await app.inject({ method: 'GET', url: pathname })).statusCode).toBe(404);
  });
});

describe('the media queue between members', () => {
  it('runs at most MEDIA_QUEUE_PER_MEMBER of a member’s files at once; another member’s upload goes before his backlog', async () => {
    const roles: Role[] = ['ROLE_USER', 'ROLE_CREATOR'];
    const busy = await createMember(app, database.db, 'busy', roles);
    const quiet = await createMember(app, database.db, 'quiet', roles);
    const clip = phoneClip('tiny.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast'], '64x64');
    const burst: number[] = [];
    for (let index = 0; index < 3; index += 1) burst.push((await upload(clip, 'en', busy)).id);
    const single = (await upload(clip, 'en', quiet)).id;
    const tools = mediaToolsOf(config);
    const storage = storageDriverFor(config);
    const started: number[] = [];
    const running = new Map<number, number>();
    let busyPeak = 0;
    // The busy member's first file is converted only once the quiet member's is done, so a slot is free while it runs.
    let quietDone!: () => void;
    const quietFinished = new Promise<void>((resolve) => (quietDone = resolve));
    const owners = new Map([...burst.map((id) => [id, busy.id] as const), [single, quiet.id]]);
    const result = await drainMediaQueue({
      ctx: { ...app.ctx, config: { ...config, MEDIA_QUEUE_PER_MEMBER: 1 } },
      storage,
      concurrency: 2,
      processor: async (file, local) => {
        const owner = owners.get(file.id)!;
        started.push(file.id);
        running.set(owner, (running.get(owner) ?? 0) + 1);
        if (owner === busy.id) busyPeak = Math.max(busyPeak, running.get(owner)!);
        try {
          if (file.id === burst[0]) await quietFinished;
          return await takeMediaDetails(tools, storage, local, file);
        } finally {
          running.set(owner, running.get(owner)! - 1);
          if (file.id === single) quietDone();
        }
      },
    });
    expect(result).toBe(4);
    expect(busyPeak).toBe(1);
    expect(started).toEqual([burst[0], single, burst[1], burst[2]]);
    const rows = await database.db
      .selectFrom('files')
      .select('processing_status')
      .where('id', 'in', [...burst, single])
      .execute();
    expect(rows.map((row) => row.processing_status)).toEqual(['ready', 'ready', 'ready', 'ready']);
  });
});
