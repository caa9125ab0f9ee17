// A small history file as Export history makes it: two days, an exchange, a photo, a deletion.
import type { HistoryFile } from '@/features/device-history/model/history-file';

export const DAY1 = '2026-01-14';
export const DAY2 = '2026-01-15';
const T1 = Date.UTC(2026, 0, 14, 9);
const T2 = Date.UTC(2026, 0, 15, 9);

export function sampleFile(): HistoryFile {
  return {
    format: 'kiri-device-history',
    version: 1,
    exportedAt: new Date(T2 + 60_000).toISOString(),
    sessions: [
      {
        id: DAY1,
        title: 'Jan 14',
        startedAt: T1,
        closedAt: T2,
        messageCount: 2,
        lastActivity: T1 + 1000,
      },
      {
        id: DAY2,
        title: 'Jan 15',
        startedAt: T2,
        closedAt: null,
        messageCount: 3,
        lastActivity: T2 + 2000,
      },
    ],
    messages: [
      {
        id: 'm1',
        sessionId: DAY1,
        sender: 'user',
        message: 'hello',
        timestamp: T1,
        replyToId: null,
        emotionalState: null,
        status: 'answered',
      },
      {
        id: 'k1',
        sessionId: DAY1,
        sender: 'kiri',
        message: 'hi ~',
        timestamp: T1 + 1000,
        replyToId: 'm1',
        emotionalState: { curiosity: 1, contentment: 2, empathy: 3 },
      },
      {
        id: 'm2',
        sessionId: DAY2,
        sender: 'user',
        message: 'a photo',
        timestamp: T2,
        replyToId: null,
        emotionalState: null,
        status: 'answered',
        photoId: 'p1',
      },
      {
        id: 'k2',
        sessionId: DAY2,
        sender: 'kiri',
        message: 'nice',
        timestamp: T2 + 1000,
        replyToId: 'm2',
        emotionalState: null,
      },
      {
        id: 'm3',
        sessionId: DAY2,
        sender: 'user',
        message: 'not sent yet',
        timestamp: T2 + 2000,
        replyToId: null,
        emotionalState: null,
        status: 'waiting',
        statusReason: 'offline',
        serverTrouble: true,
        retryBody: '{"message":"not sent yet"}',
      },
    ],
    photos: [
      {
        row: {
          id: 'p1',
          messageId: 'm2',
          sessionId: DAY2,
          sharedAt: T2,
          name: 'cat.jpg',
          mimeType: 'image/jpeg',
          size: 3,
          note: '',
          temporary: false,
          width: 2,
          height: 1,
          status: 'uploaded',
        },
        file: null,
        thumbnail: { type: 'image/jpeg', base64: 'AQID' },
      },
    ],
    tombstones: [{ id: 'gone', deletedAt: T1 + 5000 }],
    settings: { 'kiri-theme': 'dark', 'kiri-font-size': 'large' },
  };
}
