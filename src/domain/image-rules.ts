// Spec 000 §5, §8, §9: what the device checks before a photo is stored or sent, and the words it
// says. Both variants' texts live here: the share panel speaks variant A's (a toast title and its
// description), the attachment menu of variant B says its own line in the chat. The server checks the
// bytes again (docs/images.md); this only spares the owner a queued upload that is certain to fail.

/** Spec 000 §9: at most 10 MB (the server's limit too: 10 × 1024 × 1024 bytes). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Spec 000 §5, §9: JPEG, PNG, WebP, GIF only. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * The share panel's file input `accept`: the four types, with their extensions for pickers that go by
 * name. On an iPhone an image `accept` makes the picker offer the camera and the photo library too.
 */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,.jpg,.jpeg,.png,.webp,.gif';

/** What the owner's 'Image sent' entry says (spec 000 §7: 'Image sent' plus a camera marker). */
export const IMAGE_SENT_TEXT = 'Image sent 📷';

export const IMAGE_TEXT = {
  invalidTypeTitle: 'Invalid file type',
  invalidTypeDescription: 'Please select a JPEG, PNG, WebP, or GIF image.',
  tooLargeTitle: 'File too large',
  tooLargeDescription: 'Please select an image under 10MB.',
  uploadedTitle: 'Image uploaded successfully',
  uploadFailedTitle: 'Upload failed',
  uploadFailedFallback: 'Failed to upload image. Please try again.',
  unknownError: 'Unknown error',
} as const;

/** Spec 000 §8: the second line of the success toast ('{persona} has processed and responded…'). */
export function processedText(personaName: string): string {
  return `${personaName} has processed and responded to your image.`;
}

export type ImageCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'type' | 'size';
      /** Variant A (the share panel): the toast's title… */
      title: string;
      /** …and its description. */
      description: string;
      /** Variant B (the chat's attachment menu): the line the chat shows. */
      chatText: string;
    };

/** The declared type, lower-cased; a file a browser could not type is judged by its name's ending. */
export function imageTypeOf(file: { type: string; name?: string }): string {
  const declared = file.type.trim().toLowerCase();
  if (declared) return declared;
  const ending = /\.([a-z0-9]+)$/i.exec(file.name ?? '')?.[1]?.toLowerCase();
  const byEnding: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    gif: 'image/gif',
  };
  return (ending && byEnding[ending]) || '';
}

/** Megabytes as variant B says them: one decimal ('File too large: 12.5MB. …'). */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * The device's check of a chosen file, type first, then size (spec 000 §5): a photo refused here is
 * never stored nor queued.
 */
export function checkImageFile(file: { type: string; size: number; name?: string }): ImageCheck {
  const type = imageTypeOf(file);
  if (!(IMAGE_TYPES as readonly string[]).includes(type)) {
    return {
      ok: false,
      reason: 'type',
      title: IMAGE_TEXT.invalidTypeTitle,
      description: IMAGE_TEXT.invalidTypeDescription,
      chatText: `Unsupported image format: ${type || 'unknown'}. Please use JPEG, PNG, WebP, or GIF.`,
    };
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return {
      ok: false,
      reason: 'size',
      title: IMAGE_TEXT.tooLargeTitle,
      description: IMAGE_TEXT.tooLargeDescription,
      chatText: `File too large: ${megabytes(file.size)}MB. Maximum size is 10MB.`,
    };
  }
  return { ok: true };
}

/** Spec 000 §8 variant B: the chat's line for a photo the server refused. */
export function imageFailureText(reason: string | undefined): string {
  return `Failed to process image: ${reason?.trim() || IMAGE_TEXT.unknownError}`;
}
