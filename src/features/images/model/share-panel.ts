// The share panel's states (spec 000 §4: no file, then a file chosen with its preview, optional note
// and the 'temporary' switch, then processing, then success, which resets, or failure, which keeps the
// file and note). A plain reducer, so each step is a tested rule.
import { checkImageFile, imageFailureText } from '@/domain/image-rules';

export interface PanelState {
  file: File | null;
  note: string;
  temporary: boolean;
  /** The photo being uploaded (its id), while processing. */
  photoId: string | null;
  /** What the panel says under the preview: a refusal (an alert) or that it waits offline. */
  notice: { tone: 'error' | 'info'; text: string } | null;
}

export const EMPTY_PANEL: PanelState = {
  file: null,
  note: '',
  temporary: false,
  photoId: null,
  notice: null,
};

export type PanelAction =
  | { type: 'choose'; file: File }
  | { type: 'note'; note: string }
  | { type: 'temporary'; temporary: boolean }
  | { type: 'clear' }
  | { type: 'processing'; photoId: string }
  | { type: 'uploaded' }
  | { type: 'queued' }
  | { type: 'failed'; reason: string | undefined };

export const PANEL_TEXT = {
  choose: 'Choose a photo',
  takePhoto: 'Take a photo',
  noFile: 'No photo chosen yet.',
  preview: 'The chosen photo',
  noteLabel: 'Note (optional)',
  notePlaceholder: 'Say something about it…',
  temporaryLabel: 'Temporary',
  temporaryHint: "Kiri won't keep it among her memories; it is deleted after 24 hours.",
  share: 'Share with Kiri',
  processing: 'Processing…',
  remove: 'Remove',
  queuedTitle: 'Image saved on this device',
  queued: 'Saved on this device: it will be sent when the connection is back.',
} as const;

/** Whether the panel is waiting for its photo's upload. */
export function isProcessing(state: PanelState): boolean {
  return state.photoId !== null;
}

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'choose': {
      // Refused before anything is stored: the panel stays without a file and says why.
      const check = checkImageFile(action.file);
      if (!check.ok) {
        return {
          ...state,
          file: null,
          photoId: null,
          notice: { tone: 'error', text: check.description },
        };
      }
      return { ...state, file: action.file, photoId: null, notice: null };
    }
    case 'note':
      return { ...state, note: action.note };
    case 'temporary':
      return { ...state, temporary: action.temporary };
    case 'clear':
      return isProcessing(state) ? state : { ...state, file: null, notice: null };
    case 'processing':
      return { ...state, photoId: action.photoId, notice: null };
    case 'uploaded':
      return EMPTY_PANEL;
    case 'queued':
      // In the outbox and shown in the chat: the panel is free for the next photo.
      return { ...EMPTY_PANEL, notice: { tone: 'info', text: PANEL_TEXT.queued } };
    case 'failed':
      // The file and note stay, so the owner can change them and share again.
      return {
        ...state,
        photoId: null,
        notice: { tone: 'error', text: imageFailureText(action.reason) },
      };
  }
}

/** What an upload in the outbox has come to, as the panel reads it from the device store. */
export type UploadProgress = 'processing' | 'uploaded' | 'queued' | 'failed';

/**
 * The photo row's status and its message's: uploaded and failed are the server's word; a message
 * that waits (offline, or the server could not be reached) means the outbox holds it for later.
 */
export function uploadProgress(
  photo: { status: 'queued' | 'uploaded' | 'failed' } | undefined,
  messageStatus: string | undefined,
): UploadProgress {
  if (!photo) return 'processing';
  if (photo.status === 'uploaded') return 'uploaded';
  if (photo.status === 'failed') return 'failed';
  return messageStatus === 'waiting' ? 'queued' : 'processing';
}

/** The device's small copy: inside `max`×`max`, never enlarged, sides at least 1 px. */
export function thumbnailSize(
  width: number,
  height: number,
  max = 320,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
