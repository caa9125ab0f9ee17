// The settings pages' rules (docs/settings-health.md): how figures read, the device timings from the
// Performance API (a figure not measured is null, never 0), and what a page shows of its server half.
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkFailure } from '@/lib/api';
import { PERF_MARKS } from '@/lib/perf-marks';
import {
  deviceTimings,
  navigationTypeText,
  type NavigationLike,
} from '@/features/system-health/model/device-timings';
import {
  bytesText,
  msText,
  shareText,
  uptimeText,
  whenText,
} from '@/features/system-health/model/format';
import { serverHalfState } from '@/features/system-health/model/server-half';

describe('how figures read', () => {
  it('bytes in the largest unit under 1000 (SI)', () => {
    expect(bytesText(950)).toBe('950 B');
    expect(bytesText(1234)).toBe('1.2 KB');
    expect(bytesText(35_000_000)).toBe('35.0 MB');
    expect(bytesText(-5)).toBe('0 B');
  });

  it('milliseconds: a tenth under 10, whole under a second, else seconds', () => {
    expect(msText(0.44)).toBe('0.4 ms');
    expect(msText(12.6)).toBe('13 ms');
    expect(msText(1520)).toBe('1.52 s');
  });

  it('uptime in its two largest units', () => {
    expect(uptimeText(45)).toBe('45s');
    expect(uptimeText(185)).toBe('3m 05s');
    expect(uptimeText(7620)).toBe('2h 07m');
    expect(uptimeText(273_600)).toBe('3d 04h');
  });

  it('a share: a tenth of a percent, a tiny one is <0.1%, of nothing is a dash', () => {
    expect(shareText(25, 100)).toBe('25.0%');
    expect(shareText(1, 10_000)).toBe('<0.1%');
    expect(shareText(0, 100)).toBe('0.0%');
    expect(shareText(5, 0)).toBe('—');
  });

  it('when: the time alone today, the date too for an earlier day', () => {
    const now = new Date(2026, 0, 15, 12, 0).getTime();
    expect(whenText(new Date(2026, 0, 15, 9, 30).getTime(), now)).toBe(
      new Date(2026, 0, 15, 9, 30).toLocaleTimeString(),
    );
    expect(whenText(new Date(2026, 0, 14, 9, 30).getTime(), now)).toBe(
      new Date(2026, 0, 14, 9, 30).toLocaleString(),
    );
  });
});

describe("rule 'device timings'", () => {
  const navigation: NavigationLike = {
    type: 'navigate',
    startTime: 0,
    responseStart: 42.5,
    domContentLoadedEventEnd: 310,
    loadEventEnd: 0,
    workerStart: 3,
  };

  it('TTFB, DOMContentLoaded, paints and the marks; an event not yet happened is not measured', () => {
    const timings = deviceTimings({
      navigation,
      paints: [{ name: 'first-contentful-paint', startTime: 220 }],
      marks: [
        { name: PERF_MARKS.appStart, startTime: 150 },
        { name: PERF_MARKS.firstScreenPainted, startTime: 400 },
        { name: 'someone-else', startTime: 1 },
      ],
    });
    const ms = Object.fromEntries(timings.rows.map((row) => [row.id, row.ms]));
    expect(ms).toEqual({
      ttfb: 42.5,
      dcl: 310,
      load: null,
      fp: null,
      fcp: 220,
      [PERF_MARKS.snapshotPainted]: null,
      [PERF_MARKS.appStart]: 150,
      [PERF_MARKS.appRendered]: null,
      [PERF_MARKS.firstScreenPainted]: 400,
    });
    expect(timings.type).toBe('navigate');
    expect(timings.servedByWorker).toBe(true);
  });

  it('a browser without navigation timing: every navigation figure null, the worker unknown', () => {
    const timings = deviceTimings({ navigation: null, paints: [], marks: [] });
    expect(timings.rows.every((row) => row.ms === null)).toBe(true);
    expect(timings.servedByWorker).toBeNull();
    expect(navigationTypeText(timings.type)).toBe('how it was opened is not known');
    expect(navigationTypeText('reload')).toBe('reloaded');
  });

  it('no service worker answered: workerStart 0 is No', () => {
    expect(
      deviceTimings({ navigation: { ...navigation, workerStart: 0 }, paints: [], marks: [] })
        .servedByWorker,
    ).toBe(false);
  });
});

describe("rule 'server half'", () => {
  const base = { permitted: true, online: true, hasData: true, error: null };

  it('figures read: ready; before the first answer: loading', () => {
    expect(serverHalfState(base)).toBe('ready');
    expect(serverHalfState({ ...base, hasData: false })).toBe('loading');
  });

  it('without the permission, known or refused with a 403: forbidden', () => {
    expect(serverHalfState({ ...base, permitted: false })).toBe('forbidden');
    expect(serverHalfState({ ...base, error: new ApiError(403, 'Forbidden', '') })).toBe(
      'forbidden',
    );
  });

  it('offline or no answer at all: offline (the last figures stay); another failure: failed', () => {
    expect(serverHalfState({ ...base, online: false })).toBe('offline');
    expect(serverHalfState({ ...base, error: new NetworkFailure('Load failed') })).toBe('offline');
    expect(serverHalfState({ ...base, error: new ApiError(500, 'x', '') })).toBe('failed');
  });
});
