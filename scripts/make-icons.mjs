// Draws Kiri's app icons as PNG files (public/icons/) with nothing but Node: shapes are signed
// distance fields, coverage gives the anti-aliasing, zlib deflates, and the CRC32 is ours.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT = new URL('../public/icons/', import.meta.url);

// ---------------------------------------------------------------- PNG encoding

const CRC_TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c >>> 0;
}

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** rgba: Uint8Array of size*size*4, straight (not premultiplied) alpha. */
function encodePng(size, rgba, { alpha }) {
  const channels = alpha ? 4 : 3;
  const stride = size * channels + 1;
  const raw = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) {
    raw[y * stride] = 0; // filter: none (deflate does well enough on smooth gradients)
    for (let x = 0; x < size; x++) {
      const src = (y * size + x) * 4;
      const dst = y * stride + 1 + x * channels;
      for (let c = 0; c < channels; c++) raw[dst + c] = rgba[src + c];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = alpha ? 6 : 2; // colour type: RGBA or RGB
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- geometry (unit square, y down)

const clamp01 = (v) => Math.min(1, Math.max(0, v));
const mix = (a, b, t) => a + (b - a) * t;
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

function sdRoundRect(px, py, cx, cy, half, radius) {
  const qx = Math.abs(px - cx) - half + radius;
  const qy = Math.abs(py - cy) - half + radius;
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

const sdCircle = (px, py, cx, cy, r) => Math.hypot(px - cx, py - cy) - r;

function sdSegment(px, py, ax, ay, bx, by, r) {
  const pax = px - ax;
  const pay = py - ay;
  const bax = bx - ax;
  const bay = by - ay;
  const h = clamp01((pax * bax + pay * bay) / (bax * bax + bay * bay));
  return Math.hypot(pax - bax * h, pay - bay * h) - r;
}

// The glyph, in a frame centred on (0.5, 0.5) spanning roughly 0.2..0.8: a crescent moon that holds
// a 'K' drawn with three round-capped strokes, and a small star beside it.
function glyph(px, py) {
  // Crescent: a disc minus a disc shifted up and to the right.
  const crescent = Math.max(sdCircle(px, py, 0.5, 0.5, 0.3), -sdCircle(px, py, 0.6, 0.43, 0.26));
  // 'K': stem, upper arm and lower leg, inside the crescent's hollow.
  const stroke = 0.031;
  const k = Math.min(
    sdSegment(px, py, 0.535, 0.415, 0.535, 0.625, stroke),
    sdSegment(px, py, 0.548, 0.54, 0.66, 0.425, stroke),
    sdSegment(px, py, 0.588, 0.5, 0.665, 0.625, stroke),
  );
  // A four-pointed star: two thin diamonds.
  const sx = 0.75;
  const sy = 0.265;
  const star = Math.min(
    (Math.abs(px - sx) / 0.016 + Math.abs(py - sy) / 0.062 - 1) * 0.016,
    (Math.abs(px - sx) / 0.062 + Math.abs(py - sy) / 0.016 - 1) * 0.016,
  );
  return { crescent, k, star };
}

// ---------------------------------------------------------------- painting

const TOP = hex('#3b3f8f'); // indigo
const BOTTOM = hex('#b06a9c'); // dusk rose
const MOON = hex('#fff4dc'); // warm cream
const K_INK = hex('#fff4dc');
const STAR = hex('#ffd98a');

/**
 * shape: 'rounded' (transparent corners), 'square' (full bleed, opaque).
 * glyphScale: how much of the canvas the glyph frame takes (1 = as drawn above).
 */
function render(size, { shape, glyphScale }) {
  const rgba = new Uint8Array(size * size * 4);
  const px1 = 1 / size; // one pixel in unit coordinates
  const cover = (d, unitsPerPixel) => clamp01(0.5 - d / unitsPerPixel);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;

      // Background: a diagonal gradient with a soft light from the top left.
      const t = clamp01((u * 0.35 + v * 0.9) / 1.1);
      const glow = Math.max(0, 1 - Math.hypot(u - 0.28, v - 0.2) / 0.75) ** 2 * 0.22;
      let rgb = TOP.map((c, i) => mix(c, BOTTOM[i], t));
      rgb = rgb.map((c) => mix(c, 255, glow));
      const bgAlpha = shape === 'rounded' ? cover(sdRoundRect(u, v, 0.5, 0.5, 0.5, 0.225), px1) : 1;

      // Glyph, scaled about the centre.
      const gu = (u - 0.5) / glyphScale + 0.5;
      const gv = (v - 0.5) / glyphScale + 0.5;
      const gpx = px1 / glyphScale;
      const { crescent, k, star } = glyph(gu, gv);
      // A faint shadow under the moon lifts it off the gradient.
      const shadow = cover(crescent - 0.012, gpx * 14) * 0.18;
      rgb = rgb.map((c) => mix(c, 20, shadow));
      const moonCov = cover(crescent, gpx);
      rgb = rgb.map((c, i) => mix(c, MOON[i], moonCov));
      rgb = rgb.map((c, i) => mix(c, K_INK[i], cover(k, gpx)));
      rgb = rgb.map((c, i) => mix(c, STAR[i], cover(star, gpx)));

      const o = (y * size + x) * 4;
      rgba[o] = Math.round(rgb[0]);
      rgba[o + 1] = Math.round(rgb[1]);
      rgba[o + 2] = Math.round(rgb[2]);
      rgba[o + 3] = Math.round(bgAlpha * 255);
    }
  }
  return rgba;
}

/**
 * The notification badge (Android's status bar, sw/push.ts): the glyph alone, white on transparent;
 * the system tints it and reads only the alpha.
 */
function renderBadge(size) {
  const rgba = new Uint8Array(size * size * 4);
  const scale = 1.3; // the glyph frame spans ~0.6 of the icon: fill the small square
  const gpx = 1 / size / scale;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const gu = ((x + 0.5) / size - 0.5) / scale + 0.5;
      const gv = ((y + 0.5) / size - 0.5) / scale + 0.5;
      const { crescent, k, star } = glyph(gu, gv);
      const alpha = clamp01(0.5 - Math.min(crescent, k, star) / gpx);
      const o = (y * size + x) * 4;
      rgba.fill(255, o, o + 3);
      rgba[o + 3] = Math.round(alpha * 255);
    }
  }
  return rgba;
}

const icons = [
  { file: 'icon-192.png', size: 192, shape: 'rounded', glyphScale: 1, alpha: true },
  { file: 'icon-512.png', size: 512, shape: 'rounded', glyphScale: 1, alpha: true },
  // Maskable: full bleed; the glyph (radius ~0.3 of the frame) shrinks to stay inside the 80% circle.
  { file: 'icon-maskable-512.png', size: 512, shape: 'square', glyphScale: 0.8, alpha: true },
  // iOS rounds the corners itself and shows transparency as black: opaque, full bleed.
  { file: 'apple-touch-icon-180.png', size: 180, shape: 'square', glyphScale: 0.92, alpha: false },
];

mkdirSync(OUT, { recursive: true });
for (const icon of icons) {
  const png = encodePng(icon.size, render(icon.size, icon), { alpha: icon.alpha });
  writeFileSync(new URL(icon.file, OUT), png);
}
const BADGE = 'badge-96.png';
writeFileSync(new URL(BADGE, OUT), encodePng(96, renderBadge(96), { alpha: true }));
console.log(`Icons written to public/icons/ (${[...icons.map((i) => i.file), BADGE].join(', ')})`);
