import type { VendorCategory } from '@localloop/contract';
import { icons, type IconName } from './icons.ts';

/**
 * The demo vendors' pictures, drawn as SVG (rendered by sharp at seed time, nothing downloaded): a logo, a shop front
 * with the business name on its sign, a pattern and a still life, in a muted palette and with line drawings that suit
 * the vendor's category. Deterministic: a vendor gets the same pictures on every machine.
 */

type Palette = { paper: string; tint: string; accent: string; deep: string; ink: string };
type Theme = { palette: Palette; icons: IconName[] };

const themes: Record<VendorCategory, Theme> = {
  'Food & Drink': { palette: { paper: '#f7efe3', tint: '#ead7bd', accent: '#c2703d', deep: '#7a3e1d', ink: '#3b2415' }, icons: ['croissant', 'coffee', 'wheat', 'cake-slice', 'cookie'] },
  'Beauty & Wellness': { palette: { paper: '#f7eef0', tint: '#ead3d8', accent: '#b9788a', deep: '#6b4553', ink: '#3a2630' }, icons: ['flower-2', 'sparkles', 'leaf', 'droplets', 'bath'] },
  'Fitness & Sports': { palette: { paper: '#eef6f3', tint: '#cfe5de', accent: '#2f8f83', deep: '#1f4e4a', ink: '#14302d' }, icons: ['dumbbell', 'bike', 'heart-pulse', 'mountain', 'sun'] },
  'Health & Care': { palette: { paper: '#eef4f9', tint: '#d2e2ee', accent: '#4a8db7', deep: '#24506e', ink: '#15303f' }, icons: ['stethoscope', 'face-slightly-smiling', 'heart-pulse', 'pill', 'sprout'] },
  'Home Services': { palette: { paper: '#f1f2f4', tint: '#d9dde3', accent: '#d08c2e', deep: '#3a4756', ink: '#232b35' }, icons: ['wrench', 'hammer', 'paint-roller', 'house', 'bike'] },
  'Shopping & Retail': { palette: { paper: '#f8f1e6', tint: '#ecdcc2', accent: '#c9952f', deep: '#5b3a5e', ink: '#35213a' }, icons: ['shopping-basket', 'store', 'tag', 'package', 'leaf'] },
  'Education & Classes': { palette: { paper: '#f1f2f9', tint: '#d8dcef', accent: '#5b6bb5', deep: '#262f5e', ink: '#181d3a' }, icons: ['piano', 'eighth-notes', 'graduation-cap', 'book-open', 'sparkles'] },
  'Arts & Entertainment': { palette: { paper: '#f8eee8', tint: '#ecd6ca', accent: '#c86b4a', deep: '#5a2e2a', ink: '#351b18' }, icons: ['amphora', 'palette', 'brush', 'drama', 'sparkles'] },
  'Events & Venues': { palette: { paper: '#f5f2ec', tint: '#e6dfd0', accent: '#b89b5e', deep: '#2f2d2a', ink: '#1c1b19' }, icons: ['party-popper', 'wine', 'calendar-heart', 'eighth-notes', 'sparkles'] },
  Automotive: { palette: { paper: '#f0f1f2', tint: '#d7dadd', accent: '#b5443a', deep: '#2b2e33', ink: '#1a1c1f' }, icons: ['car', 'wrench', 'gauge', 'fuel', 'hammer'] },
  Pets: { palette: { paper: '#f2f5ea', tint: '#dde6c9', accent: '#7f9c4a', deep: '#3c4a24', ink: '#242c16' }, icons: ['paw-print', 'dog', 'cat', 'bone', 'heart-pulse'] },
  'Professional Services': { palette: { paper: '#eff2f5', tint: '#d6dee6', accent: '#52708f', deep: '#22313f', ink: '#151f28' }, icons: ['briefcase', 'calculator', 'file-text', 'landmark', 'coffee'] },
  Other: { palette: { paper: '#f3f3f1', tint: '#e0e0db', accent: '#7c7f6a', deep: '#34362c', ink: '#1f201a' }, icons: ['store', 'sparkles', 'tag', 'sun', 'leaf'] },
};

/** What each drawing shows, in the words of a caption. */
const iconWords: Record<IconName, string> = {
  croissant: 'a croissant',
  coffee: 'a cup of coffee',
  wheat: 'ears of wheat',
  'cake-slice': 'a slice of cake',
  cookie: 'a cookie',
  'flower-2': 'a flower',
  sparkles: 'sparkles',
  leaf: 'a leaf',
  droplets: 'drops of oil',
  bath: 'a bath',
  dumbbell: 'a dumbbell',
  bike: 'a bicycle',
  'heart-pulse': 'a heartbeat',
  mountain: 'a mountain',
  sun: 'the sun',
  stethoscope: 'a stethoscope',
  'face-slightly-smiling': 'a smile',
  pill: 'a capsule',
  sprout: 'a sprout',
  wrench: 'a wrench',
  hammer: 'a hammer',
  'paint-roller': 'a paint roller',
  house: 'a house',
  'shopping-basket': 'a shopping basket',
  store: 'a shop',
  tag: 'a price tag',
  package: 'a parcel',
  piano: 'a piano',
  'eighth-notes': 'musical notes',
  'graduation-cap': 'a graduation cap',
  'book-open': 'an open book',
  palette: 'a paint palette',
  brush: 'a brush',
  amphora: 'a vase',
  drama: 'theatre masks',
  'party-popper': 'a party popper',
  wine: 'a glass of wine',
  'calendar-heart': 'a calendar',
  car: 'a car',
  gauge: 'a gauge',
  fuel: 'a fuel pump',
  'paw-print': 'a paw print',
  dog: 'a dog',
  cat: 'a cat',
  bone: 'a bone',
  briefcase: 'a briefcase',
  calculator: 'a calculator',
  'file-text': 'a document',
  landmark: 'a bank',
};

/** A small stable number from a text: the same vendor always gets the same variations. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}

/** The theme's drawings, rotated by the vendor's hash, so two shops of one category do not look alike. */
function iconsFor(theme: Theme, seed: number): IconName[] {
  const start = seed % theme.icons.length;
  return [...theme.icons.slice(start), ...theme.icons.slice(0, start)];
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

type Stroke = { x: number; y: number; size: number; color: string; width?: number; opacity?: number; rotate?: number };

/** A drawing placed with its top-left corner at (x, y), `size` pixels square. */
function drawIcon(name: IconName, s: Stroke): string {
  const scale = s.size / 24;
  const elements = icons[name].map(([tag, attributes]) => `<${tag} ${Object.entries(attributes).map(([k, v]) => `${k}="${escapeXml(v)}"`).join(' ')}/>`).join('');
  const rotate = s.rotate ? ` rotate(${s.rotate} 12 12)` : '';
  return `<g transform="translate(${s.x} ${s.y}) scale(${scale})${rotate}" fill="none" stroke="${s.color}" stroke-width="${s.width ?? 2}" stroke-linecap="round" stroke-linejoin="round"${s.opacity === undefined ? '' : ` opacity="${s.opacity}"`}>${elements}</g>`;
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const font = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** A square logo: the category's drawing in the paper colour on a deep, softly lit ground. */
function logo(theme: Theme, seed: number): string {
  const { palette } = theme;
  // One of the category's two most telling drawings: a bakery's cup or croissant, a groomer's paw or dog.
  const icon = theme.icons[seed % 2] ?? 'store';
  const ring =
    seed % 2 === 0
      ? `<circle cx="256" cy="256" r="190" fill="none" stroke="${palette.paper}" stroke-opacity="0.28" stroke-width="6"/>`
      : `<rect x="70" y="70" width="372" height="372" rx="64" fill="none" stroke="${palette.paper}" stroke-opacity="0.28" stroke-width="6"/>`;
  return svg(
    512,
    512,
    `<defs><radialGradient id="glow" cx="30%" cy="25%" r="95%"><stop offset="0" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.deep}"/></radialGradient></defs>
    <rect width="512" height="512" fill="url(#glow)"/>${ring}
    ${drawIcon(icon, { x: 136, y: 136, size: 240, color: palette.paper, width: 1.6 })}`,
  );
}

/** The shop front: a striped awning, a window with the category's things on show, a door, and the name on the sign. */
function storefront(theme: Theme, seed: number, name: string): string {
  const { palette } = theme;
  const shown = iconsFor(theme, seed).slice(0, 3);
  const stripes = Array.from({ length: 16 }, (_, i) => `<rect x="${170 + i * 60}" y="300" width="60" height="80" fill="${i % 2 === 0 ? palette.accent : palette.paper}"/>`).join('');
  const scallops = Array.from({ length: 16 }, (_, i) => `<circle cx="${200 + i * 60}" cy="380" r="30" fill="${i % 2 === 0 ? palette.accent : palette.paper}"/>`).join('');
  const fontSize = Math.round(Math.min(64, 690 / (0.64 * Math.max(name.length, 8))));
  // The door on the right or on the left, by the vendor.
  const doorLeft = seed % 2 === 1;
  const windowX = doorLeft ? 520 : 200;
  const doorX = doorLeft ? 220 : 820;
  const goods = shown.map((icon, i) => drawIcon(icon, { x: windowX + 62 + i * 160, y: 462, size: 130, color: palette.deep, width: 1.7 })).join('');
  return svg(
    1280,
    800,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.tint}"/><stop offset="1" stop-color="${palette.paper}"/></linearGradient>
      <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="${palette.tint}" stop-opacity="0.9"/></linearGradient>
    </defs>
    <rect width="1280" height="800" fill="url(#sky)"/>
    <circle cx="${1080 - (seed % 5) * 40}" cy="120" r="150" fill="${palette.accent}" opacity="0.12"/>
    <rect x="130" y="110" width="1020" height="620" fill="${palette.deep}"/>
    <rect x="110" y="96" width="1060" height="28" rx="6" fill="${palette.ink}"/>
    <rect x="250" y="160" width="780" height="110" rx="14" fill="${palette.paper}"/>
    <text x="640" y="215" font-family="${font}" font-weight="700" font-size="${fontSize}" fill="${palette.deep}" text-anchor="middle" dominant-baseline="central">${escapeXml(name)}</text>
    ${stripes}${scallops}
    <rect x="${windowX}" y="430" width="560" height="260" rx="8" fill="url(#glass)" stroke="${palette.paper}" stroke-width="10"/>
    ${goods}
    <rect x="${windowX + 15}" y="610" width="530" height="8" rx="4" fill="${palette.deep}" opacity="0.5"/>
    <rect x="${doorX}" y="430" width="240" height="300" rx="8" fill="${palette.accent}" stroke="${palette.paper}" stroke-width="10"/>
    <rect x="${doorX + 35}" y="465" width="170" height="120" rx="6" fill="url(#glass)"/>
    <circle cx="${doorLeft ? doorX + 30 : doorX + 210}" cy="620" r="10" fill="${palette.paper}"/>
    <rect x="0" y="730" width="1280" height="70" fill="${palette.tint}"/>
    <rect x="0" y="730" width="1280" height="8" fill="${palette.ink}" opacity="0.15"/>
    <rect x="${doorLeft ? 145 : 1075}" y="650" width="60" height="80" rx="8" fill="${palette.ink}" opacity="0.85"/>
    ${drawIcon('sprout', { x: doorLeft ? 125 : 1055, y: 560, size: 100, color: palette.paper, width: 1.8 })}`,
  );
}

/** A pattern of the category's drawings around a medallion, like the shop's wrapping paper. */
function pattern(theme: Theme, seed: number): string {
  const { palette } = theme;
  const drawn = iconsFor(theme, seed + 1);
  const tiles: string[] = [];
  for (let row = 0; row < 6; row += 1) {
    for (let col = 0; col < 10; col += 1) {
      const x = col * 140 + (row % 2 === 0 ? 0 : 70) - 30;
      const y = row * 140 - 20;
      const icon = drawn[(row * 3 + col) % drawn.length] ?? 'sparkles';
      tiles.push(drawIcon(icon, { x, y, size: 64, color: palette.accent, width: 1.6, opacity: 0.5, rotate: ((row + col + seed) % 5) * 8 - 16 }));
    }
  }
  const [feature = 'sparkles'] = drawn;
  return svg(
    1280,
    800,
    `<rect width="1280" height="800" fill="${palette.paper}"/>${tiles.join('')}
    <circle cx="640" cy="400" r="215" fill="${palette.paper}"/>
    <circle cx="640" cy="400" r="190" fill="${palette.deep}"/>
    <circle cx="640" cy="400" r="170" fill="none" stroke="${palette.paper}" stroke-opacity="0.3" stroke-width="4"/>
    ${drawIcon(feature, { x: 530, y: 290, size: 220, color: palette.paper, width: 1.5 })}`,
  );
}

/** A still life: three of the category's things on a table, a framed drawing on the wall behind. */
function stillLife(theme: Theme, seed: number): string {
  const { palette } = theme;
  const drawn = iconsFor(theme, seed + 2);
  const things = drawn.slice(0, 3);
  const framed = drawn[3] ?? 'sun';
  const objects = things
    .map((icon, i) => {
      const x = 170 + i * 330;
      return `<ellipse cx="${x + 115}" cy="588" rx="120" ry="16" fill="${palette.ink}" opacity="0.18"/>${drawIcon(icon, { x, y: 352, size: 230, color: palette.ink, width: 1.4 })}`;
    })
    .join('');
  return svg(
    1280,
    800,
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.paper}"/><stop offset="1" stop-color="${palette.tint}"/></linearGradient></defs>
    <rect width="1280" height="800" fill="url(#wall)"/>
    <rect x="${seed % 2 === 0 ? 880 : 140}" y="90" width="260" height="190" rx="6" fill="${palette.paper}" stroke="${palette.deep}" stroke-width="12"/>
    ${drawIcon(framed, { x: seed % 2 === 0 ? 955 : 215, y: 130, size: 110, color: palette.accent, width: 1.8 })}
    <rect x="0" y="570" width="1280" height="230" fill="${palette.deep}"/>
    <rect x="0" y="570" width="1280" height="26" fill="${palette.accent}" opacity="0.55"/>
    ${objects}`,
  );
}

export type Artwork = { logo: string; photos: { svg: string; caption: string }[] };

const listOf = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** A vendor's logo and photos (the shop front first: the cover) as SVG, with captions that say what each shows. */
export function artworkFor(vendor: { businessName: string; category: string | null }): Artwork {
  const theme = themes[(vendor.category ?? 'Other') as VendorCategory] ?? themes.Other;
  const seed = hashOf(vendor.businessName);
  const patternIcons = iconsFor(theme, seed + 1).slice(0, 3);
  const stillIcons = iconsFor(theme, seed + 2).slice(0, 3);
  const front = { svg: storefront(theme, seed, vendor.businessName), caption: `Drawing of the ${vendor.businessName} shop front, with a striped awning` };
  const still = { svg: stillLife(theme, seed), caption: `Still life of ${listOf(stillIcons.map((i) => iconWords[i]))} on a table` };
  const wrapping = { svg: pattern(theme, seed), caption: `Pattern of ${listOf(patternIcons.map((i) => iconWords[i]))} in the shop's colours` };
  // Most lead with their shop front; a third with the still life, so the directory's covers are not all alike.
  return { logo: logo(theme, seed), photos: seed % 3 === 0 ? [still, front, wrapping] : [front, still, wrapping] };
}
