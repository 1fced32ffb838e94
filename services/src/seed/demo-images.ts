import { randomUUID } from 'node:crypto';
import { createAvatar } from '@dicebear/core';
import { adventurer, bigSmile, lorelei, notionists, personas } from '@dicebear/collection';
import sharp from 'sharp';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { insertFile, makeThumbnail, storageDriverFor, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_EXTENSION } from '../files';

/** A PNG of `width`×`height`: a diagonal two-colour gradient under the given SVG shapes. */
function drawOnGradient(width: number, height: number, colours: readonly [string, string], shapes: string) {
  const [from, to] = colours;
  const svg = `
    <svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
      <defs>
        <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
        </linearGradient>
      </defs>
      <rect width="${width}" height="${height}" fill="url(#bg)"/>
      ${shapes}
    </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A 9:16 picture drawn here (no downloads): a two-colour gradient with soft circles and a simple face, so each demo
 * creator has a recognisable, distinct photo.
 */
export async function drawDemoPortrait(colours: readonly [string, string]): Promise<Buffer> {
  return drawOnGradient(
    360,
    640,
    colours,
    `<circle cx="60" cy="90" r="70" fill="#ffffff" fill-opacity="0.15"/>
      <circle cx="320" cy="560" r="110" fill="#ffffff" fill-opacity="0.12"/>
      <circle cx="180" cy="280" r="92" fill="#fde7d4"/>
      <circle cx="148" cy="265" r="10" fill="#2b2b2b"/>
      <circle cx="212" cy="265" r="10" fill="#2b2b2b"/>
      <path d="M140 310 Q180 345 220 310" stroke="#2b2b2b" stroke-width="8" fill="none" stroke-linecap="round"/>
      <path d="M60 640 Q60 420 180 410 Q300 420 300 640 Z" fill="#ffffff" fill-opacity="0.85"/>`,
  );
}

const AVATAR_STYLES = [adventurer, bigSmile, lorelei, notionists, personas];

/** A DiceBear avatar (256 px PNG) of the seed, in one of a few styles picked from the seed. */
export async function drawDemoAvatar(seed: string): Promise<Buffer> {
  const pick = [...seed].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1_000_003, 7);
  const style = AVATAR_STYLES[pick % AVATAR_STYLES.length] as typeof adventurer;
  const svg = createAvatar(style, {
    seed,
    size: 256,
    backgroundType: ['gradientLinear'],
    backgroundColor: ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf'],
  }).toString();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** What a demo picture shows: drawn shapes only (no text, so no font is needed). */
export type DemoMotif = 'note' | 'star' | 'heart' | 'clover' | 'gift' | 'bowl' | 'gamepad' | 'moon';

const MOTIFS: Record<DemoMotif, string> = {
  note: `<path d="M300 90 L300 250 A42 34 0 1 1 272 218 L272 130 L392 108 L392 228 A42 34 0 1 1 364 196 L364 70 Z"
    fill="#ffffff"/>`,
  star: `<path d="M320 60 L352 140 L438 146 L372 200 L394 284 L320 238 L246 284 L268 200 L202 146 L288 140 Z"
    fill="#ffffff"/>`,
  heart: `<path d="M320 290 C180 200 210 80 320 140 C430 80 460 200 320 290 Z" fill="#ffffff"/>`,
  clover: `<g fill="#ffffff"><circle cx="320" cy="118" r="50"/><circle cx="262" cy="176" r="50"/>
    <circle cx="378" cy="176" r="50"/><circle cx="320" cy="234" r="50"/></g>
    <path d="M320 200 Q340 270 390 310" stroke="#ffffff" stroke-width="14" fill="none"/>`,
  gift: `<g fill="#ffffff"><rect x="230" y="140" width="180" height="150" rx="10"/>
    <rect x="216" y="110" width="208" height="44" rx="8"/></g>
    <rect x="308" y="110" width="24" height="180" fill-opacity="0.35" fill="#000000"/>`,
  bowl: `<path d="M200 170 L440 170 Q430 290 320 296 Q210 290 200 170 Z" fill="#ffffff"/>
    <path d="M270 150 Q280 110 270 80 M320 150 Q330 110 320 80 M370 150 Q380 110 370 80" stroke="#ffffff"
    stroke-width="10" fill="none" stroke-linecap="round"/>`,
  gamepad: `<rect x="200" y="130" width="240" height="130" rx="62" fill="#ffffff"/>
    <g fill="#2b2b2b" fill-opacity="0.6"><rect x="246" y="186" width="56" height="16"/><rect x="266" y="166" width="16"
    height="56"/><circle cx="372" cy="178" r="12"/><circle cx="400" cy="208" r="12"/></g>`,
  moon: `<path d="M360 70 A120 120 0 1 0 420 260 A96 96 0 1 1 360 70 Z" fill="#ffffff"/>`,
};

/** A 16:9 picture (640×360): a gradient, soft circles and a white motif, for mission covers and answers. */
export async function drawDemoPicture(colours: readonly [string, string], motif: DemoMotif): Promise<Buffer> {
  return drawOnGradient(
    640,
    360,
    colours,
    `<circle cx="70" cy="60" r="90" fill="#ffffff" fill-opacity="0.14"/>
      <circle cx="590" cy="330" r="130" fill="#ffffff" fill-opacity="0.12"/>
      ${MOTIFS[motif]}`,
  );
}

/** Stores a PNG with its thumbnail as an uploaded file of the owner; returns the file id. */
export async function storeDemoImage(
  ctx: ServiceContext,
  db: DbExecutor,
  ownerUserId: number | null,
  png: Buffer,
  filename = 'profile.png',
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
    filename,
    content_type: 'image/png',
    kind: 'image',
    size_bytes: png.length,
    thumbnail_key: thumbnailKey,
  });
  return file.id;
}
