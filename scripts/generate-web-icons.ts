// The web app's home-screen icons (web/public/icons/*.png, committed), drawn from one SVG in the brand's colours:
//   node --import tsx scripts/generate-web-icons.ts
// Run again after changing the colours in web/src/shared/ui/tokens.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { colours } from '../web/src/shared/ui/tokens';
import { REPO_ROOT } from './lib/paths';

const OUT = path.join(REPO_ROOT, 'web/public/icons');

/** A heart-shaped "F" badge; `safe` shrinks the drawing into the maskable icon's safe zone (80 % circle). */
function svg(size: number, { maskable }: { maskable: boolean }): string {
  const scale = maskable ? 0.72 : 1;
  const offset = (size * (1 - scale)) / 2;
  const radius = maskable ? 0 : size * 0.22;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colours.accent}"/><stop offset="1" stop-color="${colours.primaryDark}"/>
  </linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${(size / 100) * scale})">
    <path d="M50 84 C20 64 12 46 18 32 C24 19 42 17 50 31 C58 17 76 19 82 32 C88 46 80 64 50 84 Z" fill="#ffffff" opacity="0.95"/>
    <path d="M40 34 h24 v8 h-15 v7 h13 v8 h-13 v13 h-9 z" fill="${colours.primary}"/>
  </g>
</svg>`;
}

await fs.mkdir(OUT, { recursive: true });
const icons: [string, number, boolean][] = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  await sharp(Buffer.from(svg(size, { maskable })))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, name));
  console.log(`web/public/icons/${name}`);
}
await fs.writeFile(path.join(OUT, 'favicon.svg'), svg(64, { maskable: false }));
console.log('web/public/icons/favicon.svg');
