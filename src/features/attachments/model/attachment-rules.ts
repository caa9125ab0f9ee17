// The attachment menu's rules (spec 000 §2.2 variant B, §5): its entries, what the file picker
// accepts, which chosen files are images (handed to the share panel) and what Kiri says about the rest.

export const ATTACHMENT_TEXT = {
  menuButton: 'Attach',
  takePhoto: 'Take Photo',
  uploadFile: 'Upload File',
  openBrowserTab: 'Open Browser Tab',
  promptTitle: 'Open Browser Tab',
  promptLabel: 'Address or search',
  promptHint: 'Leave it blank for a search page.',
  promptOpen: 'Open',
  promptCancel: 'Cancel',
  /** Under the acknowledgement: it never left the device, and it is not kept. */
  localNote: 'Only on this device · not sent',
  dismiss: 'Dismiss',
  /** Spec 000 §8: the menu could not open the page (an alert). */
  openTabFailed: 'Failed to open browser tab. Please try again.',
} as const;

/** Spec 000 §5: the picker accepts image, audio, video, pdf, doc, docx, txt, json, csv, zip. */
export const FILE_PICKER_ACCEPT = 'image/*,audio/*,video/*,.pdf,.doc,.docx,.txt,.json,.csv,.zip';

/** Take Photo: the camera on a phone (`capture`), any image elsewhere. */
export const CAMERA_ACCEPT = 'image/*';

/** Spec 000 §5: a file that is not an image gets Kiri's acknowledgement after 1 second. */
export const NON_IMAGE_ACK_DELAY_MS = 1_000;

// Images by name when the browser gives no type (some Android pickers, HEIC on older systems).
const IMAGE_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'webp',
  'gif',
  'heic',
  'heif',
  'avif',
  'bmp',
]);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Rule: a chosen file is an image when the browser says so (image/…) or, with no type given, when its
 * name ends like one. Images go to the share panel, which checks the four formats and the 10 MB limit
 * (000 §5) and says so in the spec's words; everything else gets the acknowledgement and is not sent.
 */
export function isImageFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type.toLowerCase().startsWith('image/');
  return IMAGE_EXTENSIONS.has(extensionOf(file.name));
}

function sizeInWords(bytes: number): string {
  if (bytes === 1) return '1 byte';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Rule (000 §5): the canned acknowledgement for a file that is not an image. The spec gives no words, so
 * these are ours, and they say only what is true: Kiri saw the file's name and size, and it stays on the
 * device because she can only look at photos.
 */
export function nonImageAcknowledgement(file: { name: string; size: number }): string {
  const name = file.name.trim() || 'your file';
  return `I see ${name} (${sizeInWords(file.size)}). I can only look at photos for now, so it stays on your device and I haven't opened it.`;
}
