// Renders the installable app's PNG icons from the LocalLoop mark (apps/web/public/favicon.svg, the same drawing as
// shell/logo.tsx) with sharp. The PNGs are committed; run `node scripts/render-app-icons.mjs` again after changing the mark.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const out = path.join(web, 'icons');
const mark = readFileSync(path.join(web, 'favicon.svg'), 'utf8');
// Full-bleed: a launcher that crops into a circle or squircle (maskable), or iOS, which rounds the corners itself and
// fills transparency with black (apple-touch-icon). The mark's rings stay well inside the maskable safe zone (80 %).
const square = mark.replace(/ rx="8"/, '');

const icons = [
  { file: 'icon-192.png', svg: mark, size: 192 },
  { file: 'icon-512.png', svg: mark, size: 512 },
  { file: 'icon-maskable-512.png', svg: square, size: 512 },
  { file: 'apple-touch-icon.png', svg: square, size: 180 },
];

mkdirSync(out, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`apps/web/public/icons/${file} (${size}×${size})`);
}
