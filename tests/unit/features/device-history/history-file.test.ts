// The history file's rules (docs/backup.md): checked whole before anything is written, its name, and the
// preference keys it carries are the features' own.
import { describe, expect, it } from 'vitest';
import { SCREEN_SETTINGS_KEYS } from '@/domain/screen-settings';
import { THEME_STORAGE_KEY } from '@/ui/theme-dom';
import { OFFLINE_REPLIES_KEY } from '@/lib/offline-replies-setting';
import { BROWSER_BUBBLE_KEY } from '@/features/browser-tasks/model/bubble-setting';
import { DYSLEXIA_KEY, VISION_KEY } from '@/features/chat/model/frame';
import { bytesToBase64, base64ToBytes } from '@/features/device-history/model/base64';
import {
  HISTORY_FORMAT,
  IMPORT_ERRORS,
  SETTING_KEYS,
  historyFileName,
  parseHistoryFile,
} from '@/features/device-history/model/history-file';
import { sampleFile } from './sample';

describe('parseHistoryFile: the file is checked whole, any fault said in words', () => {
  it('accepts a file Export history made', () => {
    const parsed = parseHistoryFile(JSON.stringify(sampleFile()));
    expect(parsed.ok).toBe(true);
  });

  it('refuses what is not JSON', () => {
    expect(parseHistoryFile('{"format": ')).toEqual({ ok: false, error: IMPORT_ERRORS.notJson });
  });

  it('refuses another format, or JSON that is not an object', () => {
    for (const text of ['[]', '"x"', '{"format":"other","version":1}', '{"version":1}']) {
      expect(parseHistoryFile(text)).toEqual({ ok: false, error: IMPORT_ERRORS.notHistory });
    }
  });

  it('refuses a newer version, saying to update Kiri', () => {
    const parsed = parseHistoryFile(JSON.stringify({ ...sampleFile(), version: 2 }));
    expect(parsed).toEqual({ ok: false, error: IMPORT_ERRORS.newer(2) });
  });

  it('refuses wrong shapes, naming where', () => {
    const file = sampleFile();
    const cases: [unknown, RegExp][] = [
      [{ ...file, messages: [{ ...file.messages[0], sender: 'someone' }] }, /messages\.0\.sender/],
      [{ ...file, sessions: 'x' }, /sessions/],
      [{ ...file, sessions: [{ ...file.sessions[0], id: 'today' }] }, /sessions\.0\.id/],
      [{ ...file, messages: [...file.messages, file.messages[0]] }, /is in it twice/],
      [{ ...file, sessions: [] }, /belongs to no session/],
      [{ ...file, tombstones: [...file.tombstones, ...file.tombstones] }, /is in it twice/],
      [{ ...file, photos: [{ ...file.photos[0], file: { type: 'x', base64: '%%' } }] }, /base64/],
      [{ ...file, exportedAt: 'yesterday' }, /exportedAt/],
    ];
    for (const [value, where] of cases) {
      const parsed = parseHistoryFile(JSON.stringify(value));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(where);
      if (!parsed.ok) expect(parsed.error).toMatch(/Nothing was imported/);
    }
  });

  it('names its format and version', () => {
    expect(sampleFile()).toMatchObject({ format: HISTORY_FORMAT, version: 1 });
  });
});

describe('historyFileName', () => {
  it('is kiri-history-YYYY-MM-DD.json, the day on this device', () => {
    expect(historyFileName(new Date(2026, 0, 5, 23, 59))).toBe('kiri-history-2026-01-05.json');
  });
});

describe('the preferences it carries', () => {
  it('are the keys the features keep them under', () => {
    expect([...SETTING_KEYS].sort()).toEqual(
      [
        THEME_STORAGE_KEY,
        SCREEN_SETTINGS_KEYS.fontSize,
        SCREEN_SETTINGS_KEYS.wallpaper,
        VISION_KEY,
        DYSLEXIA_KEY,
        OFFLINE_REPLIES_KEY,
        BROWSER_BUBBLE_KEY,
      ].sort(),
    );
  });
});

describe('base64', () => {
  it('round-trips bytes larger than one piece', () => {
    const bytes = new Uint8Array(40_000).map((_, i) => (i * 7) % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(base64ToBytes('%%')).toBeNull();
  });
});
