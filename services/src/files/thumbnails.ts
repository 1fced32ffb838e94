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

/**
 * The image without its metadata (EXIF with GPS position, XMP, IPTC, comments), turned upright
 * by its EXIF orientation since that goes too. JPEG and WebP are re-encoded at high quality, PNG losslessly, every
 * time (never passed through); null for a type kept as uploaded (GIF, whose frames would be lost, and formats
 * libvips does not write).
 */
export async function stripImageMetadata(image: Buffer, mime: string): Promise<Buffer | null> {
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(mime)) return null;
  // Always re-encoded from the pixels (orientation applied): segments sharp does not report (APPn, comments) and
  // bytes after the image's end (a second, geotagged image) never reach the served file.
  const input = () => sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  switch (mime) {
    case 'image/jpeg':
      return input().jpeg({ quality: 92, mozjpeg: true }).toBuffer();
    case 'image/png':
      return input().png({ compressionLevel: 9 }).toBuffer();
    case 'image/webp':
      return input().webp({ quality: 92 }).toBuffer();
    default:
      return null;
  }
}
