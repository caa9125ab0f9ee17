import { describe, expect, it } from 'vitest';
import type { MessageRow } from '@/db/schema';
import { chatItems } from '@/features/chat/model/message-view';
import { PHOTO_MAX_PX, photoBox, photoSource } from '@/features/chat/model/photo-view';

describe('photo rule: the box is reserved in the photo’s shape, so the list does not jump', () => {
  it('fits the long side in 240 px, never enlarges, and is square when the size is unknown', () => {
    expect(photoBox(4032, 3024)).toEqual({ width: 240, height: 180 });
    expect(photoBox(3024, 4032)).toEqual({ width: 180, height: 240 });
    expect(photoBox(120, 90)).toEqual({ width: 120, height: 90 });
    expect(photoBox(null, null)).toEqual({ width: PHOTO_MAX_PX, height: PHOTO_MAX_PX });
    // A panorama stays tappable.
    expect(photoBox(10_000, 100).height).toBe(48);
  });
});

describe('photo rule: the server’s thumbnail once uploaded, the device’s copy before', () => {
  it('chooses by the photo’s state', () => {
    const server = {
      imageId: 'i',
      url: '/api/images/i',
      thumbnailUrl: '/api/images/i/thumbnail',
      kiriMessageId: 'k',
      kiriResponse: 'x',
      emotionalTag: null,
      expiresAt: null,
    };
    expect(photoSource({ status: 'uploaded', server })).toBe('server');
    expect(photoSource({ status: 'queued' })).toBe('device');
    expect(photoSource({ status: 'failed' })).toBe('device');
    expect(photoSource(undefined)).toBe('device');
  });
});

describe('photo rule: a refused photo says why itself, with no connection-trouble line after it', () => {
  const row = (extra: Partial<MessageRow>): MessageRow => ({
    id: 'm1',
    sessionId: '2026-11-22',
    sender: 'user',
    message: 'Image sent 📷',
    timestamp: 1_000,
    replyToId: null,
    emotionalState: null,
    status: 'failed',
    statusReason: 'Invalid file type. Please select a JPEG, PNG, WebP, or GIF image.',
    ...extra,
  });

  it('has no trouble line after a refused photo, as a refused message has', () => {
    const kinds = (extra: Partial<MessageRow>) =>
      chatItems({ rows: [row(extra)], now: 2_000, showTyping: false }).map((item) => item.kind);
    expect(kinds({ photoId: 'p1' })).toEqual(['message']);
    expect(kinds({})).toEqual(['message', 'trouble']);
  });
});
