// The image rules as plain functions: colour names, main colours, brightness, the camera's wall clock,
// the sniffer, the upload's fields and fingerprint, the retention, and Kiri's answer about a photo.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  brightnessOf,
  colourNameOf,
  mainColoursOf,
  wallClockOf,
} from '../../server/images/image-facts';
import { INVALID_FILE_TYPE, TEMPORARY_RETENTION_MS } from '../../server/images/image-limits';
import { takenAtOf } from '../../server/images/image-processing';
import { expiryOf, uploadFingerprint, type UploadFields } from '../../server/images/image-service';
import { sniffImageFormat } from '../../server/images/upload-stream';
import { readUploadFields } from '../../server/routes/images';
import {
  describePhoto,
  emotionalTagOf,
  lightOf,
  replyToImage,
  shapeOf,
  whenTaken,
  type ImageFacts,
} from '../../src/engine/companion/image-reply';

describe('colourNameOf', () => {
  it.each([
    [[230, 30, 30], 'red'],
    [[240, 140, 20], 'orange'],
    [[240, 220, 40], 'yellow'],
    [[40, 170, 60], 'green'],
    [[30, 80, 230], 'blue'],
    [[130, 40, 200], 'purple'],
    [[250, 150, 200], 'pink'],
    [[110, 60, 20], 'brown'],
    [[250, 250, 250], 'white'],
    [[128, 128, 128], 'grey'],
    [[10, 10, 10], 'black'],
  ] as const)('names %j %s', (rgb, name) => {
    expect(colourNameOf(rgb[0], rgb[1], rgb[2])).toBe(name);
  });
});

describe('mainColoursOf', () => {
  const pixels = (...runs: [number, [number, number, number]][]) =>
    Uint8Array.from(
      runs.flatMap(([count, rgb]) => Array.from({ length: count }, () => rgb).flat()),
    );

  it('names the colours covering at least a fifth of the photo, largest first, at most two', () => {
    expect(
      mainColoursOf(pixels([60, [30, 80, 230]], [30, [250, 250, 250]], [10, [230, 30, 30]])),
    ).toEqual(['blue', 'white']);
    expect(
      mainColoursOf(pixels([40, [40, 170, 60]], [30, [30, 80, 230]], [30, [240, 220, 40]])),
    ).toEqual(['green', 'blue']);
  });

  it('names none when no colour covers a fifth', () => {
    const names: [number, number, number][] = [
      [230, 30, 30],
      [240, 140, 20],
      [240, 220, 40],
      [40, 170, 60],
      [30, 80, 230],
      [130, 40, 200],
    ];
    expect(mainColoursOf(pixels(...names.map((rgb) => [10, rgb] as [number, typeof rgb])))).toEqual(
      [],
    );
  });
});

describe('brightnessOf', () => {
  it('reads mean luminance with Rec. 709 weights, 0 to 1', () => {
    expect(brightnessOf([255, 255, 255])).toBeCloseTo(1);
    expect(brightnessOf([0, 0, 0])).toBe(0);
    // Green looks far brighter than blue of the same value.
    expect(brightnessOf([0, 200, 0])).toBeGreaterThan(brightnessOf([0, 0, 200]) * 5);
    expect(brightnessOf([128])).toBeCloseTo(128 / 255);
  });
});

describe('wallClockOf and takenAtOf', () => {
  it("keeps the camera's own clock time (EXIF has no zone)", () => {
    expect(wallClockOf(new Date(Date.UTC(2026, 0, 15, 7, 42, 10)))).toBe('2026-01-15T07:42:10');
    expect(wallClockOf(new Date(Date.UTC(1900, 0, 1)))).toBeNull();
    expect(wallClockOf('2026:01:15 07:42:10')).toBeNull();
  });

  it('reads DateTimeOriginal from a JPEG, and null from a photo without EXIF or a broken block', async () => {
    const canvas = () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg();
    const withTime = await canvas()
      .withExif({ IFD2: { DateTimeOriginal: '2025:12:31 23:59:01' } })
      .toBuffer();
    expect(takenAtOf((await sharp(withTime).metadata()).exif)).toBe('2025-12-31T23:59:01');
    expect(takenAtOf((await sharp(await canvas().toBuffer()).metadata()).exif)).toBeNull();
    expect(takenAtOf(Buffer.from('Exif\0\0garbage'))).toBeNull();
  });
});

describe('sniffImageFormat', () => {
  it('knows the four formats by their magic numbers and refuses text', async () => {
    const canvas = () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } });
    expect(await sniffImageFormat(await canvas().jpeg().toBuffer())).toBe('jpeg');
    expect(await sniffImageFormat(await canvas().png().toBuffer())).toBe('png');
    expect(await sniffImageFormat(await canvas().webp().toBuffer())).toBe('webp');
    expect(await sniffImageFormat(await canvas().gif().toBuffer())).toBe('gif');
    await expect(sniffImageFormat(new TextEncoder().encode('PNG but not really'))).rejects.toThrow(
      INVALID_FILE_TYPE,
    );
  });
});

describe('readUploadFields', () => {
  it("reads hideFromMemory's string boolean, trims the note, keeps a conversationId", () => {
    expect(
      readUploadFields({
        userAnnotation: '  the bridge ',
        hideFromMemory: 'true',
        conversationId: '2026-01-15',
      }),
    ).toEqual({
      userAnnotation: 'the bridge',
      hideFromMemory: true,
      conversationId: '2026-01-15',
      clientTimestamp: null,
    });
    expect(readUploadFields({ hideFromMemory: 'false' }).hideFromMemory).toBe(false);
    expect(readUploadFields({}).hideFromMemory).toBe(false);
    expect(readUploadFields({ clientTimestamp: '1768464000000' }).clientTimestamp).toBe(
      1768464000000,
    );
  });
});

describe('uploadFingerprint', () => {
  const fields: UploadFields = {
    userAnnotation: 'sea',
    hideFromMemory: false,
    conversationId: null,
    clientTimestamp: 1,
  };
  it('is the same for the same photo and fields (the boundary and the send time do not count)', () => {
    expect(uploadFingerprint('abc', fields)).toBe(
      uploadFingerprint('abc', { ...fields, clientTimestamp: 2 }),
    );
    expect(uploadFingerprint('abc', fields)).not.toBe(uploadFingerprint('abd', fields));
    expect(uploadFingerprint('abc', fields)).not.toBe(
      uploadFingerprint('abc', { ...fields, hideFromMemory: true }),
    );
  });
});

describe('expiryOf', () => {
  it('deletes a temporary photo 24 hours after its upload and keeps the others', () => {
    expect(expiryOf(1000, true)).toBe(1000 + TEMPORARY_RETENTION_MS);
    expect(TEMPORARY_RETENTION_MS).toBe(24 * 60 * 60_000);
    expect(expiryOf(1000, false)).toBeNull();
  });
});

describe("Kiri's answer about a photo (image-reply)", () => {
  const facts = (overrides: Partial<ImageFacts> = {}): ImageFacts => ({
    note: '',
    width: 4000,
    height: 3000,
    brightness: 0.7,
    colours: ['blue'],
    animated: false,
    takenAt: null,
    today: '2026-01-15',
    temporary: false,
    ...overrides,
  });

  it('lightOf and shapeOf', () => {
    expect([lightOf(0.6), lightOf(0.45), lightOf(0.3)]).toEqual(['bright', 'soft', 'dark']);
    expect([shapeOf(1200, 1000), shapeOf(1000, 1200), shapeOf(1100, 1000)]).toEqual([
      'wide',
      'tall',
      'square',
    ]);
  });

  it("describes it: 'a bright, wide photo, mostly blue'", () => {
    expect(describePhoto(facts())).toBe('a bright, wide photo, mostly blue');
    expect(
      describePhoto(
        facts({ brightness: 0.2, width: 900, height: 1600, colours: ['black', 'orange'] }),
      ),
    ).toBe('a dark, tall photo, mostly black and orange');
    expect(
      describePhoto(facts({ brightness: 0.5, width: 10, height: 10, colours: [], animated: true })),
    ).toBe('a square little animation');
  });

  it('says when it was taken, from the camera clock and today', () => {
    expect(whenTaken('2026-01-15T07:42:10', '2026-01-15')).toBe('this morning');
    expect(whenTaken('2026-01-15T23:10:00', '2026-01-15')).toBe('tonight');
    expect(whenTaken('2026-01-15T02:10:00', '2026-01-15')).toBe('late last night');
    expect(whenTaken('2026-01-14T18:00:00', '2026-01-15')).toBe('yesterday evening');
    expect(whenTaken('2026-01-01T12:00:00', '2026-01-15')).toBe('on 1 January');
    expect(whenTaken('2025-03-03T12:00:00', '2026-01-15')).toBe('on 3 March 2025');
    // A camera clock ahead of today, or no time at all: nothing is said.
    expect(whenTaken('2026-02-01T12:00:00', '2026-01-15')).toBeNull();
    expect(whenTaken(null, '2026-01-15')).toBeNull();
  });

  it('answers the feeling of the note, and tags the answer with it', () => {
    const reply = replyToImage(facts({ note: "I'm so sad, the last train left without me" }));
    expect(reply.emotionalTag).toBe('sad');
    expect(reply.kiriResponse).toMatch(/I'm here with you/);
    // A negated glad word is read as VADER reads it.
    expect(replyToImage(facts({ note: 'I am not happy at all' })).emotionalTag).toBe('sad');
  });

  it('names a place from the note', () => {
    const reply = replyToImage(facts({ note: 'Sunset over the bay in Qingdao' }));
    expect(reply.kiriResponse).toMatch(/So this is Qingdao\./);
  });

  it('without a note, asks what made the owner take it; the tag comes from the light', () => {
    const bright = replyToImage(facts({ takenAt: '2026-01-15T07:42:10' }));
    expect(bright.kiriResponse).toBe(
      'A bright, wide photo, mostly blue, taken this morning. Thank you for showing me. What made you want to capture this moment?',
    );
    expect(bright.emotionalTag).toBe('cheerful');
    expect(replyToImage(facts({ brightness: 0.1 })).emotionalTag).toBe('calm');
    expect(emotionalTagOf(null, 0.45)).toBe('curious');
  });

  it('promises not to keep a temporary photo', () => {
    expect(replyToImage(facts({ temporary: true })).kiriResponse).toMatch(
      /I won't keep it among my memories\.$/,
    );
    expect(replyToImage(facts()).kiriResponse).not.toMatch(/won't keep/);
  });
});
