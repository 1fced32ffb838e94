import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from './thumbnails';

const SOI = Buffer.from([0xff, 0xd8]);

/** A JPEG marker segment: marker, big-endian length (itself included), payload. */
function segment(marker: number, payload: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), length, payload]);
}

/** The JPEG with a segment right after its SOI. */
const withSegment = (jpeg: Buffer, extra: Buffer) => Buffer.concat([SOI, extra, jpeg.subarray(2)]);

const picture = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

function countSoi(bytes: Buffer): number {
  let count = 0;
  for (let index = bytes.indexOf(SOI); index !== -1; index = bytes.indexOf(SOI, index + 1)) count += 1;
  return count;
}

describe('stripImageMetadata', () => {
  it('re-encodes a JPEG from its pixels: no comment, no APPn segment, nothing after its end', async () => {
    const jpeg = await picture();
    const secret = 'GPS 37.5665,126.9780 SecretPlace';
    const gpsExif = await sharp(jpeg)
      .withExif({ IFD0: { ImageDescription: secret } })
      .jpeg()
      .toBuffer();
    const cases = [
      withSegment(jpeg, segment(0xfe, Buffer.from(secret))),
      withSegment(jpeg, segment(0xe3, Buffer.from(`APP3 ${secret}`))),
      Buffer.concat([jpeg, gpsExif]),
    ];
    for (const uploaded of cases) {
      const served = await stripImageMetadata(uploaded, 'image/jpeg');
      expect(served).not.toBeNull();
      expect(served!.includes(Buffer.from('SecretPlace'))).toBe(false);
      expect(served!.includes(Buffer.from('Exif'))).toBe(false);
      expect(countSoi(served!)).toBe(1);
      expect(served!.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      const kept = await sharp(served!).metadata();
      expect([kept.format, kept.width, kept.height]).toEqual(['jpeg', 32, 24]);
    }
  });

  it('keeps a PNG a PNG', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00ff00' } })
      .png()
      .toBuffer();
    const served = await stripImageMetadata(png, 'image/png');
    expect((await sharp(served!).metadata()).format).toBe('png');
  });
});
