// How the chat shows a photo the owner shared (issue 13): in a box of its own shape, reserved before
// the picture loads so the list never jumps; the server's small copy once uploaded, the device's
// before; what its state is, in words.
import { imageFailureText } from '@/domain/image-rules';
import type { PhotoRow } from '@/db/schema';

/** The largest side of a photo in the chat, in CSS pixels. */
export const PHOTO_MAX_PX = 240;

/** The photo's box: its shape inside PHOTO_MAX_PX, never enlarged; a square when its size is unknown. */
export function photoBox(
  width: number | null | undefined,
  height: number | null | undefined,
): { width: number; height: number } {
  if (!width || !height) return { width: PHOTO_MAX_PX, height: PHOTO_MAX_PX };
  const scale = Math.min(1, PHOTO_MAX_PX / Math.max(width, height));
  // At least 48 px a side, so a long thin photo can still be tapped.
  return {
    width: Math.max(48, Math.round(width * scale)),
    height: Math.max(48, Math.round(height * scale)),
  };
}

export const PHOTO_TEXT = {
  temporary: 'Temporary: not kept among memories',
  open: 'Open the photo',
  close: 'Close the photo',
  alt: 'A photo you shared',
} as const;

/** Where the chat takes the picture from: the server's thumbnail once uploaded, else the device's copy. */
export function photoSource(
  photo: Pick<PhotoRow, 'status' | 'server'> | undefined,
): 'server' | 'device' {
  return photo?.status === 'uploaded' && photo.server ? 'server' : 'device';
}

/** The status line of a refused photo: the spec's words with the server's reason (variant B). */
export function photoFailedText(reason: string | undefined): string {
  return imageFailureText(reason);
}
