import { describe, expect, it } from 'vitest';
import {
  EMPTY_PANEL,
  PANEL_TEXT,
  panelReducer,
  thumbnailSize,
  uploadProgress,
  type PanelState,
} from '@/features/images/model/share-panel';

const photo = (type = 'image/jpeg', size = 1_000) =>
  new File([new Uint8Array(size)], 'p.jpg', { type });

function chosen(): PanelState {
  const state = panelReducer(EMPTY_PANEL, { type: 'choose', file: photo() });
  return panelReducer(panelReducer(state, { type: 'note', note: 'the harbour' }), {
    type: 'temporary',
    temporary: true,
  });
}

describe('share panel rule: a file is checked before anything is stored', () => {
  it('keeps a JPEG with no notice', () => {
    const state = panelReducer(EMPTY_PANEL, { type: 'choose', file: photo() });
    expect(state.file).not.toBeNull();
    expect(state.notice).toBeNull();
  });

  it('refuses another type and a file over 10 MB with the spec’s words, and keeps no file', () => {
    const pdf = panelReducer(EMPTY_PANEL, { type: 'choose', file: photo('application/pdf') });
    expect(pdf).toMatchObject({
      file: null,
      notice: { tone: 'error', text: 'Please select a JPEG, PNG, WebP, or GIF image.' },
    });
    const big = panelReducer(EMPTY_PANEL, {
      type: 'choose',
      file: photo('image/png', 10 * 1024 * 1024 + 1),
    });
    expect(big).toMatchObject({
      file: null,
      notice: { tone: 'error', text: 'Please select an image under 10MB.' },
    });
  });
});

describe('share panel rule: success resets, failure keeps the file and note', () => {
  it('resets after the upload', () => {
    const processing = panelReducer(chosen(), { type: 'processing', photoId: 'p1' });
    expect(panelReducer(processing, { type: 'uploaded' })).toEqual(EMPTY_PANEL);
  });

  it('keeps the file, note and switch after a refusal, saying the server’s reason', () => {
    const before = chosen();
    const processing = panelReducer(before, { type: 'processing', photoId: 'p1' });
    const failed = panelReducer(processing, {
      type: 'failed',
      reason: 'The image could not be decoded',
    });
    expect(failed.file).toBe(before.file);
    expect(failed).toMatchObject({
      note: 'the harbour',
      temporary: true,
      photoId: null,
      notice: { tone: 'error', text: 'Failed to process image: The image could not be decoded' },
    });
  });

  it('is free for the next photo once one is saved to be sent later, and says so', () => {
    const queued = panelReducer(panelReducer(chosen(), { type: 'processing', photoId: 'p1' }), {
      type: 'queued',
    });
    expect(queued).toMatchObject({ file: null, note: '', notice: { text: PANEL_TEXT.queued } });
  });

  it('cannot drop the file while it is processing', () => {
    const processing = panelReducer(chosen(), { type: 'processing', photoId: 'p1' });
    expect(panelReducer(processing, { type: 'clear' })).toBe(processing);
  });
});

describe('share panel rule: where an upload stands, from the device store', () => {
  it('reads the photo row and its message', () => {
    expect(uploadProgress(undefined, undefined)).toBe('processing');
    expect(uploadProgress({ status: 'queued' }, 'sending')).toBe('processing');
    expect(uploadProgress({ status: 'queued' }, 'waiting')).toBe('queued');
    expect(uploadProgress({ status: 'uploaded' }, 'answered')).toBe('uploaded');
    expect(uploadProgress({ status: 'failed' }, 'failed')).toBe('failed');
  });
});

describe('share panel rule: the device’s small copy fits 320 px and is never enlarged', () => {
  it('scales the long side to 320 and keeps the shape', () => {
    expect(thumbnailSize(4032, 3024)).toEqual({ width: 320, height: 240 });
    expect(thumbnailSize(1080, 1920)).toEqual({ width: 180, height: 320 });
    expect(thumbnailSize(100, 50)).toEqual({ width: 100, height: 50 });
    expect(thumbnailSize(10_000, 1)).toEqual({ width: 320, height: 1 });
  });
});
