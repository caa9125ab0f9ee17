import { describe, expect, it } from 'vitest';
import {
  DEVCORE_POLL_MS,
  formatUptime,
  metricColour,
  parseDevcoreStatus,
} from '@/features/devcore/model/devcore';

describe('metric colours: 85 or more green, 70 or more yellow, otherwise red', () => {
  it('is green from 85', () => {
    expect(metricColour(100)).toBe('green');
    expect(metricColour(85)).toBe('green');
  });
  it('is yellow from 70 to just under 85', () => {
    expect(metricColour(84.9)).toBe('yellow');
    expect(metricColour(70)).toBe('yellow');
  });
  it('is red under 70', () => {
    expect(metricColour(69.9)).toBe('red');
    expect(metricColour(0)).toBe('red');
  });
});

describe('maintenance poll', () => {
  it('is 30 seconds', () => expect(DEVCORE_POLL_MS).toBe(30_000));
});

describe('uptime', () => {
  it('shows the two largest units', () => {
    expect(formatUptime(42)).toBe('42s');
    expect(formatUptime(5 * 60 + 3)).toBe('5m');
    expect(formatUptime(2 * 3600 + 13 * 60)).toBe('2h 13m');
    expect(formatUptime(3 * 86400 + 4 * 3600 + 59)).toBe('3d 4h');
  });
});

describe('the status answer', () => {
  it('keeps a metric the server has not measured as null, never a number', () => {
    const status = parseDevcoreStatus({
      active: true,
      uptime: 10,
      lastScan: null,
      evolutionMetrics: { conversationAccuracy: 92, userSatisfaction: null },
    });
    expect(status?.evolutionMetrics).toEqual({
      conversationAccuracy: 92,
      emotionalResonance: null,
      responseQuality: null,
      userSatisfaction: null,
      adaptationSuccess: null,
    });
  });
  it('is no data when it is not a status (a 404 page, an error body)', () => {
    expect(parseDevcoreStatus(null)).toBeNull();
    expect(parseDevcoreStatus({ success: false, error: 'x' })).toBeNull();
  });
});
