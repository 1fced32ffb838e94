import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { UnconvertibleMediaError } from './renditions';

/*
 * Pictures the upload request cannot clean (stripImageMetadata handles JPEG, PNG and WebP) are converted by the
 * media queue: HEIC/HEIF (an iPhone's photos), AVIF, TIFF, GIF and any other image type the upload takes. The
 * rendition is a JPEG (a WebP for a GIF, whose frames it keeps) turned upright, with no metadata at all: no EXIF
 * (GPS position, device, owner, time), XMP, IPTC or comments; colours are converted to sRGB.
 */

/** A decompression bomb (a few KB declaring a gigapixel) is refused instead of decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** The longest side a HEIC may declare. */
const MAX_SIDE_PIXELS = 8192;
/** The HEIC decoder thread's own JavaScript heap, in MB (the pixels it hands back live outside it). */
const HEIC_WORKER_HEAP_MB = 256;
const JPEG_QUALITY = 88;

/** The image types the upload request strips itself (thumbnails.ts); every other picture waits for its rendition. */
export const PICTURES_CLEANED_IN_REQUEST: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export const needsPictureRendition = (mime: string) => !PICTURES_CLEANED_IN_REQUEST.includes(mime);

/**
 * What a picture's rendition is, by the upload's extension (the one recognised from its bytes, kept in its
 * original_key): WebP for a GIF (animation kept), else JPEG.
 */
export function pictureRenditionType(uploadExtension: string): { contentType: string; extension: string } {
  return uploadExtension === 'gif'
    ? { contentType: 'image/webp', extension: 'webp' }
    : { contentType: 'image/jpeg', extension: 'jpg' };
}

/**
 * Decodes a HEIC in a worker thread of its own: heic-decode is libheif compiled to WebAssembly and runs synchronously
 * for a second or two on a 12-megapixel photo, which on the API's own thread would hold every request that long.
 */
const HEIC_WORKER = `
  const { parentPort, workerData } = require('node:worker_threads');
  const decode = require(workerData.heicDecode);
  decode({ buffer: workerData.bytes }).then(
    (image) => parentPort.postMessage({ width: image.width, height: image.height, data: image.data }, [image.data.buffer]),
    (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }),
  );
`;
const heicDecodePath = createRequire(import.meta.url).resolve('heic-decode');

/** The boxes of an ISO base media file (HEIF is one) in `bytes[start, end)`: their type and content. */
function* boxesIn(bytes: Buffer, start: number, end: number): Generator<{ type: string; start: number; end: number }> {
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type: bytes.toString('latin1', at + 4, at + 8), start: at + header, end: at + size };
    at += size;
  }
}

const childBox = (bytes: Buffer, parent: { start: number; end: number }, type: string, fullBox = false) => {
  for (const box of boxesIn(bytes, parent.start + (fullBox ? 4 : 0), parent.end)) if (box.type === type) return box;
  return undefined;
};

/**
 * Every image size a HEIF declares (its `ispe` properties: meta › iprp › ipco › ispe), read from the boxes without
 * decoding anything; empty when it declares none.
 */
export function heifDeclaredSizes(bytes: Buffer): { width: number; height: number }[] {
  const meta = childBox(bytes, { start: 0, end: bytes.length }, 'meta');
  const iprp = meta && childBox(bytes, meta, 'iprp', true);
  const ipco = iprp && childBox(bytes, iprp, 'ipco');
  if (!ipco) return [];
  return [...boxesIn(bytes, ipco.start, ipco.end)]
    .filter((box) => box.type === 'ispe' && box.end - box.start >= 12)
    .map((box) => ({ width: bytes.readUInt32BE(box.start + 4), height: bytes.readUInt32BE(box.start + 8) }));
}

/** Refuses a HEIC unless every image it declares is within the limits, before a byte of it is decoded. */
function refuseLargeHeic(bytes: Buffer): void {
  const sizes = heifDeclaredSizes(bytes);
  if (sizes.length === 0) throw new UnconvertibleMediaError('the picture declares no size');
  for (const { width, height } of sizes) {
    if (Math.max(width, height) > MAX_SIDE_PIXELS || width * height > MAX_INPUT_PIXELS) {
      throw new UnconvertibleMediaError(
        `the picture declares ${width}x${height}, more than ${MAX_SIDE_PIXELS} px on a side or ${MAX_INPUT_PIXELS} pixels`,
      );
    }
  }
}

function decodeHeicOffThread(bytes: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HEIC_WORKER, {
      eval: true,
      workerData: { heicDecode: heicDecodePath, bytes },
      resourceLimits: { maxOldGenerationSizeMb: HEIC_WORKER_HEAP_MB },
    });
    worker.once('message', (message: { error?: string; width: number; height: number; data: Uint8ClampedArray }) => {
      if (message.error !== undefined) reject(new Error(`the HEIC could not be decoded: ${message.error}`));
      else resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the HEIC decoder stopped (${code})`)));
  });
}

/** HEIC and HEIF, which sharp's prebuilt libvips cannot read (it has no HEVC decoder). */
const isHeic = (uploadExtension: string) => uploadExtension === 'heic' || uploadExtension === 'heif';

export interface PictureRendition {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** The picture converted to its rendition type; throws when the bytes cannot be decoded. */
export async function makePictureRendition(original: Buffer, uploadExtension: string): Promise<PictureRendition> {
  const { contentType } = pictureRenditionType(uploadExtension);
  let input: Sharp;
  if (isHeic(uploadExtension)) {
    refuseLargeHeic(original);
    // libheif applies the file's own rotation and mirroring while decoding; the pixels come out upright.
    const decoded = await decodeHeicOffThread(original);
    if (decoded.width * decoded.height > MAX_INPUT_PIXELS)
      throw new UnconvertibleMediaError('the picture is too large to convert');
    input = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  } else {
    // Turned upright by its EXIF orientation, which goes with the rest of the metadata.
    input = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, animated: uploadExtension === 'gif' }).rotate();
  }
  // sharp writes no metadata unless asked to (withMetadata/keepExif are never called here).
  const output =
    contentType === 'image/webp'
      ? input.webp({ quality: JPEG_QUALITY })
      : input.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: false });
  const { data, info } = await output.toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType, width: info.width, height: info.pageHeight ?? info.height };
}
