import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makePictureRendition } from './picture-rendition';

// A picture's size is checked from what its file declares, before anything of it is decoded.

const folder = mkdtempSync(path.join(os.tmpdir(), 'fanmission-picture-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function heic(width: number, height: number): Promise<Buffer> {
  const png = path.join(folder, `${width}x${height}.png`);
  await sharp({ create: { width, height, channels: 3, background: '#c63' } })
    .png()
    .toFile(png);
  const out = path.join(folder, `${width}x${height}.heic`);
  execFileSync('/usr/bin/heif-enc', ['-q', '50', png, '-o', out], { stdio: 'ignore' });
  return fs.readFile(out);
}

/** The file with every `ispe` box (an image's declared size) saying `width`×`height` instead. */
function declaring(bytes: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(bytes);
  let found = 0;
  for (let at = copy.indexOf('ispe'); at !== -1; at = copy.indexOf('ispe', at + 4)) {
    // The box: size, 'ispe', version and flags, then width and height.
    copy.writeUInt32BE(width, at + 8);
    copy.writeUInt32BE(height, at + 12);
    found += 1;
  }
  expect(found).toBeGreaterThan(0);
  return copy;
}

describe('picture renditions', () => {
  it('converts a HEIC within the limits', async () => {
    const rendition = await makePictureRendition(await heic(64, 48), 'heic');
    expect(rendition).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 48 });
  });

  it('refuses a HEIC declaring more pixels than allowed before decoding it', async () => {
    const bomb = declaring(await heic(64, 48), 16_384, 16_384);
    await expect(makePictureRendition(bomb, 'heic')).rejects.toThrow(/declares 16384x16384/);
  });

  it('refuses a HEIC declaring a side longer than allowed, even with few pixels', async () => {
    const strip = declaring(await heic(64, 48), 20_000, 8);
    await expect(makePictureRendition(strip, 'heic')).rejects.toThrow(/declares 20000x8/);
  });

  it('refuses a HEIC declaring no size at all', async () => {
    const original = await heic(64, 48);
    const nameless = Buffer.from(original);
    for (let at = nameless.indexOf('ispe'); at !== -1; at = nameless.indexOf('ispe', at + 4)) {
      nameless.write('free', at, 'latin1');
    }
    await expect(makePictureRendition(nameless, 'heic')).rejects.toThrow(/declares no size/);
  });
});
