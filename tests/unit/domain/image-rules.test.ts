import { describe, expect, it } from 'vitest';
import {
  checkImageFile,
  imageFailureText,
  MAX_IMAGE_BYTES,
  processedText,
} from '@/domain/image-rules';

const MB = 1024 * 1024;

describe('image rule: JPEG, PNG, WebP, GIF only (spec 000 §5)', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])('accepts %s', (type) => {
    expect(checkImageFile({ type, size: 2 * MB, name: 'x' })).toEqual({ ok: true });
  });

  it('refuses another type with both variants’ words', () => {
    expect(checkImageFile({ type: 'image/tiff', size: 1_000, name: 'scan.tiff' })).toEqual({
      ok: false,
      reason: 'type',
      title: 'Invalid file type',
      description: 'Please select a JPEG, PNG, WebP, or GIF image.',
      chatText: 'Unsupported image format: image/tiff. Please use JPEG, PNG, WebP, or GIF.',
    });
    expect(checkImageFile({ type: 'application/pdf', size: 1_000 }).ok).toBe(false);
  });

  it('a file the browser did not type is judged by its name', () => {
    expect(checkImageFile({ type: '', size: 1_000, name: 'IMG_0001.JPG' }).ok).toBe(true);
    expect(checkImageFile({ type: '', size: 1_000, name: 'notes.txt' })).toMatchObject({
      ok: false,
      chatText: 'Unsupported image format: unknown. Please use JPEG, PNG, WebP, or GIF.',
    });
  });
});

describe('image rule: at most 10 MB (spec 000 §5, §9)', () => {
  it('takes exactly 10 MB and refuses one byte more, in both variants’ words', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES }).ok).toBe(true);
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toEqual({
      ok: false,
      reason: 'size',
      title: 'File too large',
      description: 'Please select an image under 10MB.',
      chatText: 'File too large: 10.0MB. Maximum size is 10MB.',
    });
    expect(checkImageFile({ type: 'image/png', size: 12.5 * MB }).ok).toBe(false);
  });

  it('a file of the wrong type is refused for its type first', () => {
    expect(checkImageFile({ type: 'video/mp4', size: 50 * MB })).toMatchObject({ reason: 'type' });
  });
});

describe('image rule: the words of a failure and a success (spec 000 §8)', () => {
  it("says the server's reason, else 'Unknown error'", () => {
    expect(imageFailureText('File too large. Maximum size is 10MB.')).toBe(
      'Failed to process image: File too large. Maximum size is 10MB.',
    );
    expect(imageFailureText(undefined)).toBe('Failed to process image: Unknown error');
    expect(processedText('Kiri')).toBe('Kiri has processed and responded to your image.');
  });
});
