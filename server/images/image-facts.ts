// The rules that turn what sharp measures into the facts Kiri's answer is made from (pure, no sharp):
// a pixel's colour name, a photo's main colours and brightness, and the camera's time from EXIF.
import type { ColourName } from '../../src/engine/companion/image-reply';

/** A colour named only when it covers at least this share of the photo's pixels. */
export const MIN_COLOUR_SHARE = 0.2;
/** At most this many colours are named ('mostly blue and white'). */
export const MAX_COLOURS = 2;

/** Rule: the name of one sRGB pixel (0–255 each), by lightness, saturation and hue (HSL). */
export function colourNameOf(r: number, g: number, b: number): ColourName {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  if (lightness < 0.12) return 'black';
  if (lightness > 0.9) return 'white';
  if (saturation < 0.18 || chroma < 0.08) {
    if (lightness > 0.75) return 'white';
    if (lightness < 0.2) return 'black';
    return 'grey';
  }
  let hue: number;
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  if (max === rr) hue = (((gg - bb) / chroma) % 6) * 60;
  else if (max === gg) hue = ((bb - rr) / chroma + 2) * 60;
  else hue = ((rr - gg) / chroma + 4) * 60;
  if (hue < 0) hue += 360;
  if (hue < 15 || hue >= 345) return lightness > 0.7 ? 'pink' : 'red';
  if (hue < 45) return lightness < 0.4 ? 'brown' : 'orange';
  if (hue < 70) return lightness < 0.3 ? 'brown' : 'yellow';
  if (hue < 165) return 'green';
  if (hue < 255) return 'blue';
  if (hue < 290) return 'purple';
  return 'pink';
}

/**
 * Rule: the main colours of a photo from its pixels (raw RGB, 3 bytes each, e.g. a 48×48 reduction):
 * the named colours covering at least MIN_COLOUR_SHARE, largest first, at most MAX_COLOURS.
 */
export function mainColoursOf(rgb: Uint8Array | Buffer): ColourName[] {
  const counts = new Map<ColourName, number>();
  const pixels = Math.floor(rgb.length / 3);
  if (pixels === 0) return [];
  for (let i = 0; i < pixels * 3; i += 3) {
    const name = colourNameOf(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count / pixels >= MIN_COLOUR_SHARE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_COLOURS)
    .map(([name]) => name);
}

/** Rule: mean luminance (Rec. 709 weights on the channel means), 0 to 1. Grey images have one channel. */
export function brightnessOf(channelMeans: readonly number[]): number {
  if (channelMeans.length < 3) return Math.min(1, Math.max(0, (channelMeans[0] ?? 0) / 255));
  const [r, g, b] = channelMeans as [number, number, number];
  return Math.min(1, Math.max(0, (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255));
}

/**
 * Rule: EXIF DateTimeOriginal as the camera's wall-clock time, 'yyyy-MM-ddTHH:mm:ss'. exif-reader
 * gives the EXIF text (which has no zone) as a Date read as UTC: its UTC fields are the wall clock.
 * A date before 1970 or after 9999 (a camera whose clock was never set) is no date.
 */
export function wallClockOf(date: unknown): string | null {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  if (year < 1970 || year > 9999) return null;
  return date.toISOString().slice(0, 19);
}
