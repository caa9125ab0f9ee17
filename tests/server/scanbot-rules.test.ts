// ScanBot's rules (server/scanbot/scanbot-rules.ts), each named as in the module.
import { describe, expect, it } from 'vitest';
import {
  autoFixesAvailable,
  autoFixOf,
  nextScanAt,
  repairActionOf,
  scanbotRunsIn,
} from '../../server/scanbot/scanbot-rules';

describe("rule 'only missing or empty is broken'", () => {
  it('restores a missing or empty file that has auto-fix content', () => {
    expect(repairActionOf('missing', 'x')).toBe('restore');
    expect(repairActionOf('empty', 'x')).toBe('restore');
  });
  it('leaves a file with content alone, whatever it holds', () => {
    expect(repairActionOf('file', 'x')).toBe('ok');
    expect(repairActionOf('file', null)).toBe('ok');
  });
  it('only reports a missing or empty file without auto-fix content', () => {
    expect(repairActionOf('missing', null)).toBe('report');
    expect(repairActionOf('empty', '')).toBe('report');
  });
  it('never writes through a link or a folder', () => {
    expect(repairActionOf('not-a-file', 'x')).toBe('refuse');
  });
});

describe("rule 'next automatic scan'", () => {
  it('is an interval after the start when nothing was scanned since', () => {
    expect(nextScanAt(1_000, null, 10)).toBe(1_000 + 600_000);
    expect(nextScanAt(1_000, 500, 10)).toBe(1_000 + 600_000);
  });
  it('is an interval after the last scan of any kind', () => {
    expect(nextScanAt(1_000, 90_000, 5)).toBe(90_000 + 300_000);
  });
});

describe("rule 'daemon runs in'", () => {
  it('runs awake only: paused asleep, stopped in deep pause', () => {
    expect(scanbotRunsIn('awake')).toBe(true);
    expect(scanbotRunsIn('sleeping')).toBe(false);
    expect(scanbotRunsIn('deep-pause')).toBe(false);
  });
});

describe("rule 'autoFixesAvailable'", () => {
  it('counts the watched files with auto-fix content', () => {
    expect(autoFixesAvailable([{ autoFix: 'a' }, { autoFix: null }, { autoFix: '' }])).toBe(1);
    expect(autoFixesAvailable([])).toBe(0);
  });
  it('stores empty auto-fix text as none', () => {
    expect(autoFixOf('')).toBeNull();
    expect(autoFixOf(undefined)).toBeNull();
    expect(autoFixOf(' ')).toBe(' ');
  });
});
