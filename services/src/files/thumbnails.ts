import sharp from 'sharp';

/** Thumbnails fit in this square (profile pictures, list rows); smaller images are not enlarged. */
export const THUMBNAIL_SIZE_PX = 320;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
export const THUMBNAIL_EXTENSION = 'webp';

/** A decompression bomb (a few KB of PNG declaring a gigapixel) is refused instead of decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A small WebP of the image, turned upright by its EXIF orientation; animated images give their first frame.
 * Throws when the bytes cannot be decoded (a format libvips lacks, a truncated file): the caller records no thumbnail.
 */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(THUMBNAIL_SIZE_PX, THUMBNAIL_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
