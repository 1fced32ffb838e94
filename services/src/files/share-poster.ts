import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { StorageDriver } from './storage-driver';

/** The size link previews show large (Open Graph, X's summary_large_image): 1200×630, 1.91:1. */
export const SHARE_POSTER_WIDTH = 1200;
export const SHARE_POSTER_HEIGHT = 630;
export const SHARE_POSTER_CONTENT_TYPE = 'image/jpeg';

/** A decompression bomb is refused instead of decoded (as thumbnails.ts). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Stored pictures and poster frames are far smaller; a bigger object is not read into memory for a preview. */
const MAX_SOURCE_BYTES = 30 * 1024 * 1024;

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > MAX_SOURCE_BYTES) {
      stream.destroy();
      throw new Error('the stored object is too large for a share poster');
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** A stored object's bytes (the local folder, or the remote store), or null when it is missing. */
async function storedBytes(storage: StorageDriver, key: string): Promise<Buffer | null> {
  if (storage.localRoot) {
    try {
      return await readFile(path.join(storage.localRoot, ...key.split('/')));
    } catch {
      return null;
    }
  }
  const object = await storage.get?.(key);
  return object ? await bufferOf(object.body) : null;
}

/**
 * Posters made lately, by source key: keys are never reused (storage-driver.ts), so a key's poster never changes, and
 * a link shared in a chat room is fetched by many crawlers at once. A few dozen 1200×630 JPEGs (about 100 KB each).
 */
const RECENT_POSTERS = 48;
const recentPosters = new Map<string, Buffer>();

function remember(key: string, poster: Buffer): Buffer {
  recentPosters.delete(key);
  recentPosters.set(key, poster);
  if (recentPosters.size > RECENT_POSTERS) recentPosters.delete(recentPosters.keys().next().value!);
  return poster;
}

let neutralCardMade: Promise<Buffer> | undefined;

/** The neutral card: the site's pink with its name, when the mission has no picture to show. */
function neutralCard(): Promise<Buffer> {
  neutralCardMade ??= drawNeutralCard().catch((error: unknown) => {
    neutralCardMade = undefined;
    throw error;
  });
  return neutralCardMade;
}

function drawNeutralCard(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_POSTER_WIDTH}" height="${SHARE_POSTER_HEIGHT}">` +
    '<rect width="100%" height="100%" fill="#fff4f7"/>' +
    '<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" ' +
    'font-size="96" font-weight="900" fill="#d6245a">Fanmission</text></svg>';
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A 1200×630 JPEG for a link preview, from a stored still (a video's poster frame the media queue made, a picture
 * answer, the creator's picture): upright, cropped to fill (centre), metadata left out. Without a key, or when the
 * object is missing or cannot be decoded, the neutral card.
 */
export async function makeSharePoster(storage: StorageDriver, key: string | null): Promise<Buffer> {
  if (!key) return neutralCard();
  const recent = recentPosters.get(key);
  if (recent) return remember(key, recent);
  const source = await storedBytes(storage, key);
  if (!source) return neutralCard();
  try {
    const poster = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(SHARE_POSTER_WIDTH, SHARE_POSTER_HEIGHT, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return remember(key, poster);
  } catch {
    return neutralCard();
  }
}
