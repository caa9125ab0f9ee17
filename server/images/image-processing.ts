// What sharp does to an accepted upload: read the camera's time from EXIF before anything is stripped,
// decode (a file that does not decode is a 415), turn it upright by its EXIF orientation, write it again
// without any metadata block (EXIF with GPS, XMP, IPTC, ICC: sharp keeps none unless asked), make the
// chat's thumbnail, and measure the light and colours Kiri's answer speaks of.
import { rename, rm, writeFile } from 'node:fs/promises';
import exifReader from 'exif-reader';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { ConcurrencyLimit } from '../push/concurrency';
import { HttpError } from '../http/errors';
import type { ColourName } from '../../src/engine/companion/image-reply';
import { brightnessOf, mainColoursOf, wallClockOf } from './image-facts';
import {
  DECODES_AT_ONCE,
  MAX_IMAGE_PIXELS,
  NOT_DECODABLE,
  THUMBNAIL_SIZE,
  TOO_MANY_PIXELS,
  type ImageFormat,
} from './image-limits';

// A server decodes each photo once: libvips' operation cache would only hold memory.
sharp.cache(false);

const decodes = new ConcurrencyLimit(DECODES_AT_ONCE);

/** The reduction the colours are counted on: enough pixels for shares, cheap to name. */
const COLOUR_SAMPLE = 48;

export interface ProcessedImage {
  /** Upright, as shown. */
  width: number;
  height: number;
  animated: boolean;
  /** EXIF DateTimeOriginal as wall-clock time, or null. */
  takenAt: string | null;
  brightness: number;
  colours: ColourName[];
  bytes: number;
  thumbnailBytes: number;
}

function decodeError(error: unknown): HttpError {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) return new HttpError(413, TOO_MANY_PIXELS);
  return new HttpError(415, NOT_DECODABLE);
}

/** EXIF DateTimeOriginal (else DateTime), read from the raw EXIF block sharp hands over. */
export function takenAtOf(exif: Buffer | undefined): string | null {
  if (!exif) return null;
  try {
    const tags = exifReader(exif);
    return wallClockOf(tags.Photo?.DateTimeOriginal) ?? wallClockOf(tags.Image?.DateTime);
  } catch {
    // A broken EXIF block is no reason to refuse the photo: it only has no time.
    return null;
  }
}

/**
 * Writes the cleaned image to `imagePath` and its thumbnail to `thumbnailPath` (each through a temp
 * name, renamed when whole). At most DECODES_AT_ONCE run at once.
 */
export function processImage(
  sourcePath: string,
  format: ImageFormat,
  imagePath: string,
  thumbnailPath: string,
): Promise<ProcessedImage> {
  return decodes.run(() => processNow(sourcePath, format, imagePath, thumbnailPath));
}

async function processNow(
  sourcePath: string,
  format: ImageFormat,
  imagePath: string,
  thumbnailPath: string,
): Promise<ProcessedImage> {
  const animatable = format === 'gif' || format === 'webp';
  const open = (options: SharpOptions = {}) =>
    sharp(sourcePath, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', ...options });
  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch (error) {
    throw decodeError(error);
  }
  // Before the metadata goes: the only moment the camera's time can be read.
  const takenAt = takenAtOf(metadata.exif);
  const animated = animatable && (metadata.pages ?? 1) > 1;
  const imageTemp = `${imagePath}.tmp`;
  const thumbTemp = `${thumbnailPath}.tmp`;
  try {
    // No keepMetadata/withMetadata: the output carries no EXIF, XMP, IPTC or ICC block.
    const full = open({ animated }).autoOrient();
    const written = await (
      format === 'jpeg'
        ? full.jpeg({ quality: 88 })
        : format === 'png'
          ? full.png()
          : format === 'webp'
            ? full.webp({ quality: 88 })
            : full.gif()
    ).toFile(imageTemp);
    const thumbnail = await open()
      .autoOrient()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
    const sample = sharp(thumbnail)
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb');
    const [stats, pixels] = await Promise.all([
      sample.clone().stats(),
      sample.clone().resize(COLOUR_SAMPLE, COLOUR_SAMPLE, { fit: 'fill' }).raw().toBuffer(),
    ]);
    await writeFile(thumbTemp, thumbnail);
    await rename(imageTemp, imagePath);
    await rename(thumbTemp, thumbnailPath);
    const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
    return {
      // Read without `animated`, the header gives one frame's size: an animation's is the same.
      width: upright.width ?? written.width,
      height: upright.height ?? written.height,
      animated,
      takenAt,
      brightness: brightnessOf(stats.channels.map((channel) => channel.mean)),
      colours: mainColoursOf(pixels),
      bytes: written.size,
      thumbnailBytes: thumbnail.length,
    };
  } catch (error) {
    await Promise.all([rm(imageTemp, { force: true }), rm(thumbTemp, { force: true })]);
    // A disk's error (it has a code: ENOSPC, EACCES) is the server's, not the photo's.
    if (error instanceof HttpError || (error as NodeJS.ErrnoException).code) throw error;
    throw decodeError(error);
  }
}
