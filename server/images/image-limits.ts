// Spec 000 §5 and §9's image rules, the server's words for refusing an upload, and the choices the spec
// leaves to us (docs/images.md): the numbers are here so the route, the tests and the docs agree.

/** Spec 000 §9: 'Image size 10MB' (as the client counts it: 10 × 1024 × 1024 bytes). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The whole multipart body may exceed the image by the envelope: boundaries, part headers and the note.
 * A body past this is refused (413) from its Content-Length, or as soon as the count passes it.
 */
export const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE_BYTES;
/** The note is a chat message's length at most; the other fields are short. */
export const MAX_FIELD_BYTES = 8 * 1024;

/** Spec 000 §9: JPEG, PNG, WebP, GIF, known by their bytes (file-type), never by the declared type. */
export const ACCEPTED_IMAGE_TYPES = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageFormat = (typeof ACCEPTED_IMAGE_TYPES)[keyof typeof ACCEPTED_IMAGE_TYPES];
export const EXTENSION_OF: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};
export const MIME_OF: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * A 10 MB PNG can hold a 100-megapixel picture of one colour (a decompression bomb): past this many
 * pixels sharp refuses to decode. A 48-megapixel phone camera is well inside it.
 */
export const MAX_IMAGE_PIXELS = 80_000_000;
/** The chat's thumbnail: WebP (Safari 14+), fitting inside this square, never enlarged. */
export const THUMBNAIL_SIZE = 320;
/** Images decoded at once: a decode takes tens of MB and a core; 10 uploads at once wait their turn. */
export const DECODES_AT_ONCE = 2;

/** hideFromMemory ('temporary') images and their thumbnails are deleted this long after the upload. */
export const TEMPORARY_RETENTION_MS = 24 * 60 * 60_000;
/** The sweep of expired temporary images runs at start, on every upload, and at least this often. */
export const SWEEP_INTERVAL_MS = 15 * 60_000;

// Spec 000 §8 and §5's words, as the server says them (the client shows the server's message).
export const FILE_TOO_LARGE = 'File too large. Maximum size is 10MB.';
export const INVALID_FILE_TYPE =
  'Invalid file type. Please select a JPEG, PNG, WebP, or GIF image.';
export const unsupportedFormat = (type: string) =>
  `Unsupported image format: ${type}. Please use JPEG, PNG, WebP, or GIF.`;
export const NOT_DECODABLE = 'The image could not be decoded';
export const TOO_MANY_PIXELS = `Image too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
export const NO_IMAGE = 'No image provided';
export const NOT_MULTIPART = 'Expected a multipart/form-data body';
export const IMAGE_NOT_FOUND = 'Image not found';
export const IMAGE_EXPIRED = 'This temporary image has been deleted';
