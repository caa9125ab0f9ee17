// @vitest-environment jsdom
// The console log's rules (spec 002 §3, §7, §8, §9): answers turned into entries with the spec's words,
// the reply previews, and the bounded log kept on the device.
import { afterEach, describe, expect, it } from 'vitest';
import {
  appendEntries,
  bannerReplyPreview,
  chatReplyEntry,
  executionEntry,
  LOG_STORAGE_KEY,
  logReplyPreview,
  MAX_LOG_ENTRIES,
  newEntry,
  readLog,
  rollbackEntry,
  taskEntry,
  writeLog,
} from '@/features/console/model/console-log';
import { engineBadge } from '@/features/console/model/engine-status';

afterEach(() => localStorage.clear());

describe("Kiri's reply (002 §7: kiriResponse.message, or response, or error)", () => {
  it('reads kiriResponse.message first, then response', () => {
    expect(chatReplyEntry(true, { kiriResponse: { message: 'Hello' }, response: 'x' })).toEqual({
      type: 'kiri',
      content: 'Hello',
    });
    expect(chatReplyEntry(true, { response: 'From response' })).toEqual({
      type: 'kiri',
      content: 'From response',
    });
  });

  it("a failure is the server's error, or 'Kiri conversation failed'", () => {
    expect(chatReplyEntry(false, { error: 'Too many requests' })).toEqual({
      type: 'error',
      content: 'Too many requests',
    });
    expect(chatReplyEntry(false, null)).toEqual({
      type: 'error',
      content: 'Kiri conversation failed',
    });
    expect(chatReplyEntry(true, {})).toEqual({
      type: 'error',
      content: 'Kiri conversation failed',
    });
  });
});

describe('an execution (002 §8)', () => {
  it("is its output, or 'Code executed successfully' when it printed nothing", () => {
    expect(executionEntry(true, { success: true, output: '42' })).toEqual({
      type: 'output',
      content: '42',
    });
    expect(executionEntry(true, { success: true, output: '' })).toEqual({
      type: 'output',
      content: 'Code executed successfully',
    });
  });

  it("fails with its error, or 'Execution failed'", () => {
    expect(executionEntry(true, { success: false, error: 'ReferenceError: y' })).toEqual({
      type: 'error',
      content: 'ReferenceError: y',
    });
    expect(executionEntry(false, null)).toEqual({ type: 'error', content: 'Execution failed' });
  });
});

describe('an autonomous task and the rollback (002 §8)', () => {
  it('words success and failure', () => {
    expect(taskEntry(true, { success: true, output: 'Scanned 12 files' }).content).toBe(
      'Scanned 12 files',
    );
    expect(taskEntry(true, { success: true }).content).toBe(
      'Autonomous task completed successfully',
    );
    expect(taskEntry(false, {}).content).toBe('Autonomous task failed');
  });

  it("says 'No rollback data available' or 'Failed to load rollback'", () => {
    expect(
      rollbackEntry(false, { success: false, error: 'No rollback data available' }).content,
    ).toBe('No rollback data available');
    expect(rollbackEntry(false, { success: false, error: 'Internal server error' })).toEqual({
      type: 'error',
      content: 'Internal server error',
    });
    expect(rollbackEntry(false, null).content).toBe('Failed to load rollback');
    expect(rollbackEntry(true, { success: true, rollback: { id: 's1' } }).content).toContain(
      '"s1"',
    );
  });
});

describe('reply previews (002 §9)', () => {
  const long = 'x'.repeat(100);
  it('shows 50 characters on a log line and 80 in the banner', () => {
    expect(logReplyPreview(long)).toBe(`${'x'.repeat(50)}...`);
    expect(bannerReplyPreview(long)).toBe(`${'x'.repeat(80)}...`);
  });
});

describe('the log kept on the device', () => {
  it('keeps the newest MAX_LOG_ENTRIES', () => {
    let log = [newEntry('input', 'first')];
    for (let i = 0; i < MAX_LOG_ENTRIES; i++) log = appendEntries(log, newEntry('output', `${i}`));
    expect(log).toHaveLength(MAX_LOG_ENTRIES);
    expect(log[0]!.content).toBe('0');
  });

  it('reads back what was written, and drops what is not an entry', () => {
    const entry = newEntry('kiri', 'hi', 'some-id');
    expect(writeLog([entry])).toBe(true);
    expect(readLog()).toEqual([entry]);
    localStorage.setItem(LOG_STORAGE_KEY, JSON.stringify([entry, { type: 'nope' }, 3]));
    expect(readLog()).toEqual([entry]);
    localStorage.setItem(LOG_STORAGE_KEY, '{broken');
    expect(readLog()).toEqual([]);
  });
});

describe('the engine badge', () => {
  it("never says 'Inactive' for an engine that never answered", () => {
    expect(engineBadge({ active: undefined, failed: true }).label).toBe('Unreachable');
    expect(engineBadge({ active: undefined, failed: false }).label).toBe('Checking…');
  });

  it('says Active or Inactive from the answer, marked when the latest check failed', () => {
    expect(engineBadge({ active: true, failed: false })).toEqual({
      label: 'Active',
      tone: 'good',
      lastKnown: false,
    });
    expect(engineBadge({ active: false, failed: true })).toEqual({
      label: 'Inactive',
      tone: 'idle',
      lastKnown: true,
    });
  });
});
