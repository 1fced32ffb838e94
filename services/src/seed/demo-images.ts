import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db/transaction';
import { insertFile } from '../files/repository';
import { storageDriverFor } from '../files/storage';
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_EXTENSION } from '../files/thumbnails';

/**
 * A 9:16 picture drawn here (no downloads): a two-colour gradient with soft circles and a simple face, so each demo
 * creator has a recognisable, distinct photo.
 */
export async function drawDemoPortrait(colours: readonly [string, string]): Promise<Buffer> {
  const [from, to] = colours;
  const svg = `
    <svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640">
      <defs>
        <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
        </linearGradient>
      </defs>
      <rect width="360" height="640" fill="url(#bg)"/>
      <circle cx="60" cy="90" r="70" fill="#ffffff" fill-opacity="0.15"/>
      <circle cx="320" cy="560" r="110" fill="#ffffff" fill-opacity="0.12"/>
      <circle cx="180" cy="280" r="92" fill="#fde7d4"/>
      <circle cx="148" cy="265" r="10" fill="#2b2b2b"/>
      <circle cx="212" cy="265" r="10" fill="#2b2b2b"/>
      <path d="M140 310 Q180 345 220 310" stroke="#2b2b2b" stroke-width="8" fill="none" stroke-linecap="round"/>
      <path d="M60 640 Q60 420 180 410 Q300 420 300 640 Z" fill="#ffffff" fill-opacity="0.85"/>
    </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stores a PNG with its thumbnail as an uploaded file of the owner; returns the file id. */
export async function storeDemoImage(
  ctx: ServiceContext,
  db: DbExecutor,
  ownerUserId: number | null,
  png: Buffer,
): Promise<number> {
  const storage = storageDriverFor(ctx.config);
  const now = ctx.now();
  const base = `demo/${now.getUTCFullYear()}/${randomUUID()}`;
  const key = `${base}.png`;
  const thumbnailKey = `${base}.thumb.${THUMBNAIL_EXTENSION}`;
  await storage.put(key, png, 'image/png');
  await storage.put(thumbnailKey, await makeThumbnail(png), THUMBNAIL_CONTENT_TYPE);
  const file = await insertFile(db, {
    owner_user_id: ownerUserId,
    storage_key: key,
    filename: 'profile.png',
    content_type: 'image/png',
    kind: 'image',
    size_bytes: png.length,
    thumbnail_key: thumbnailKey,
  });
  return file.id;
}
