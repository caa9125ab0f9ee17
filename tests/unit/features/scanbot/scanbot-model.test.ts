// The ScanBot screen's rules (src/features/scanbot/model): answers read, never guessed; the spec's toasts
// and polling; the add button disabled while the filename is empty; Manual Scan disabled while scanning;
// the last 20 log lines newest first; the tick, 'Missing' or 'Empty'.
import { describe, expect, it } from 'vitest';
import {
  autoStateOf,
  canAddFile,
  canScan,
  fileBadgeOf,
  parseScanbotLogs,
  parseScanbotStatus,
  removeUrl,
  SCANBOT_LOGS_POLL_MS,
  SCANBOT_STATUS_POLL_MS,
  SCANBOT_TEXT,
  shownLogLines,
} from '@/features/scanbot/model/scanbot';

describe('rule: add-file disabled while the filename is empty', () => {
  it('is disabled for an empty or blank name and while busy', () => {
    expect(canAddFile('', false)).toBe(false);
    expect(canAddFile('   ', false)).toBe(false);
    expect(canAddFile('config.json', true)).toBe(false);
    expect(canAddFile('config.json', false)).toBe(true);
  });
});

describe('rule: Manual Scan disabled while scanning', () => {
  it('is disabled while the server scans or a call is under way', () => {
    expect(canScan({ isScanning: true }, false)).toBe(false);
    expect(canScan({ isScanning: false }, true)).toBe(false);
    expect(canScan({ isScanning: false }, false)).toBe(true);
  });
});

describe('rule: last 20 log entries, newest first', () => {
  it('shows the newest twenty, newest first', () => {
    const lines = Array.from({ length: 25 }, (_, index) => `line ${index}`);
    const shown = shownLogLines(lines);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toBe('line 24');
    expect(shown.at(-1)).toBe('line 5');
    expect(shownLogLines([])).toEqual([]);
  });
});

describe('rule: tick or Missing', () => {
  it('a tick for a file with content, Missing for none, Empty for an emptied one', () => {
    expect(fileBadgeOf({ filename: 'a', exists: true, empty: false, autoFix: true })).toBe(
      'present',
    );
    expect(fileBadgeOf({ filename: 'a', exists: false, empty: false, autoFix: true })).toBe(
      'missing',
    );
    expect(fileBadgeOf({ filename: 'a', exists: true, empty: true, autoFix: false })).toBe('empty');
    expect(SCANBOT_TEXT.missing).toBe('Missing');
  });
});

describe('rule: auto state', () => {
  it('says on, off, or paused by sleep or deep pause', () => {
    expect(autoStateOf({ isRunning: false, paused: false })).toBe('Auto: Off');
    expect(autoStateOf({ isRunning: true, paused: false })).toBe('Auto: On');
    expect(autoStateOf({ isRunning: true, paused: true })).toBe(
      'Auto: Paused (Kiri is asleep or paused)',
    );
  });
});

describe('the answers, the texts and the polling of spec 002', () => {
  it('reads the status and logs, and refuses what is not one', () => {
    expect(parseScanbotStatus({ isScanning: false })).toBeNull();
    expect(
      parseScanbotStatus({
        isScanning: true,
        watchedFiles: [{ filename: 'a.txt', exists: true }, { nope: 1 }],
        scanInterval: 10,
        autoFixesAvailable: 0,
      }),
    ).toMatchObject({
      isScanning: true,
      watchedFiles: [{ filename: 'a.txt', exists: true, empty: false, autoFix: false }],
      isRunning: false,
    });
    expect(parseScanbotLogs({ logs: ['a', 2, 'b'] })).toEqual(['a', 'b']);
    expect(parseScanbotLogs({})).toBeNull();
  });
  it('has the five toasts of §8, the empty log text, 3 s and 5 s polling', () => {
    expect([
      SCANBOT_TEXT.scanFailed,
      SCANBOT_TEXT.startFailed,
      SCANBOT_TEXT.stopFailed,
      SCANBOT_TEXT.addFailed,
      SCANBOT_TEXT.removeFailed,
    ]).toEqual([
      'Manual scan failed',
      'Failed to start ScanBot',
      'Failed to stop ScanBot',
      'Failed to add watched file',
      'Failed to remove watched file',
    ]);
    expect(SCANBOT_TEXT.noLogs).toBe('No activity logs yet');
    expect([SCANBOT_STATUS_POLL_MS, SCANBOT_LOGS_POLL_MS]).toEqual([3_000, 5_000]);
  });
  it('puts a name in the remove path as one segment', () => {
    expect(removeUrl('my notes.txt')).toBe('/api/scanbot/remove-file/my%20notes.txt');
  });
});
