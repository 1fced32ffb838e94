import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { signSessionToken } from '@fanmission/services/auth';
import type { Db } from '@fanmission/services/db';
import { insertUser } from '@fanmission/services/users';

// Tiny real files for upload tests, built here rather than checked in as binaries.

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A 2×2 baseline JPEG. */
export const JPEG_2X2 = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhC' +
    'Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAA' +
    'AAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q==',
  'base64',
);

function isoBox(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

/** An MP4 container (ftyp box, brand isom) followed by `paddingBytes` in a free box. */
export function mp4(paddingBytes = 8): Buffer {
  const brands = Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')]);
  return Buffer.concat([isoBox('ftyp', brands), isoBox('free', Buffer.alloc(paddingBytes))]);
}

/** Three silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz). */
export function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([frame, frame, frame]);
}

/** A PCM WAV file: 8 kHz, mono, 8-bit, `samples` samples of silence. */
export function wav(samples = 800): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

/** A text file, whatever it is called. */
export const TEXT_FILE = Buffer.from('These are words, not pixels.\n');

/** A PNG padded to exactly `totalBytes` (trailing bytes after IEND, as some editors leave). */
export function paddedPng(totalBytes: number): Buffer {
  return Buffer.concat([PNG_1X1, Buffer.alloc(totalBytes - PNG_1X1.length)]);
}

/** A multipart/form-data request body with one file field, as a browser's FormData sends it. */
export async function multipartForm(
  field: string,
  bytes: Buffer,
  filename: string,
  declaredType = 'application/octet-stream',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: declaredType }), filename);
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A member with a session token. */
export async function createMember(app: FastifyInstance, db: Db, name: string, roles: Role[] = ['ROLE_USER']) {
  const user = await insertUser(db, {
    email: `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    username: name,
    password_hash: 'not-a-real-hash',
    provider: 'local',
    roles,
  });
  return { id: user.id, authorization: `Bearer ${signSessionToken(app, user)}` };
}

/** Every regular file under the folder, as paths relative to it (dot-folders included). */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Writes a real H.264 video of the test pattern (`ffmpeg -f lavfi testsrc`) to `file`, for the suites that need
 * ffmpeg to find a duration and a poster frame. Portrait 90×160 at 10 fps for a second unless told otherwise.
 */
export function writeTestVideo(
  file: string,
  options: { seconds?: number; width?: number; height?: number; rate?: number } = {},
): string {
  const { seconds = 1, width = 90, height = 160, rate = 10 } = options;
  execFileSync('/usr/bin/ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${width}x${height}:rate=${rate}`,
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

/**
 * Uploads `bytes` on a resumable (tus 1.0) endpoint (the members' unless told) in one PATCH, as the web app's client
 * does, and answers the file entry its last PATCH returns (a picture for `profile-picture`, a video or voice for
 * `intro-video`, …).
 */
export async function resumablyUploaded(
  app: FastifyInstance,
  authorization: string,
  bytes: Buffer,
  upload: { purpose: string; filename: string; filetype: string; endpoint?: string },
): Promise<{ id: number; s3Url: string; contentType: string }> {
  const base64 = (value: string) => Buffer.from(value).toString('base64');
  const created = await app.inject({
    method: 'POST',
    url: upload.endpoint ?? '/api/v1/files/tus',
    headers: {
      authorization,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${base64(upload.filename)},filetype ${base64(upload.filetype)},purpose ${base64(upload.purpose)}`,
    },
  });
  if (created.statusCode !== 201) throw new Error(`tus creation: ${created.statusCode} ${created.body}`);
  const finished = await app.inject({
    method: 'PATCH',
    url: String(created.headers.location),
    headers: {
      authorization,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
  if (finished.statusCode !== 200) throw new Error(`tus upload: ${finished.statusCode} ${finished.body}`);
  return finished.json();
}
