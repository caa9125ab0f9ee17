// The consciousness page's rules (spec 001 §2, §9): the significance colour at 0.8 and 0.6, the relative
// age in seconds, minutes and hours, the interval in hours, the mean intensity, answers read defensively,
// and the settings form's body.
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf } from '@/features/consciousness/model/settings';
import {
  emotionalIntensity,
  intervalHours,
  parseData,
  parseStatus,
  percent,
  relativeAge,
  significanceColour,
  sourceLabel,
} from '@/features/consciousness/model/stream';

describe("rule 'significance colour': 0.8 or more red, 0.6 or more yellow, below that green", () => {
  it.each([
    [1, 'red'],
    [0.8, 'red'],
    [0.79, 'yellow'],
    [0.6, 'yellow'],
    [0.59, 'green'],
    [0, 'green'],
  ] as const)('%s → %s', (significance, colour) => {
    expect(significanceColour(significance)).toBe(colour);
  });
});

describe("rule 'relative age': seconds, minutes, hours", () => {
  const at = Date.UTC(2026, 0, 15, 12, 0, 0);
  const ago = (ms: number) => relativeAge(new Date(at - ms).toISOString(), at);
  it('counts seconds under a minute, minutes under an hour, then hours', () => {
    expect(ago(0)).toBe('0s ago');
    expect(ago(59_999)).toBe('59s ago');
    expect(ago(60_000)).toBe('1m ago');
    expect(ago(59 * 60_000 + 59_000)).toBe('59m ago');
    expect(ago(60 * 60_000)).toBe('1h ago');
    expect(ago(50 * 60 * 60_000)).toBe('50h ago');
  });
  it('a time a little ahead of this device (clock skew) reads as now, never negative', () => {
    expect(ago(-5_000)).toBe('0s ago');
  });
});

describe("rule 'update interval in hours'", () => {
  it('shows the API milliseconds as hours', () => {
    expect(intervalHours(3_600_000)).toBe('1');
    expect(intervalHours(30 * 60_000)).toBe('0.5');
    expect(intervalHours(5 * 60_000)).toBe('0.08');
    expect(intervalHours(24 * 3_600_000)).toBe('24');
  });
});

describe("rule 'emotional intensity': the mean of curiosity, contentment and empathy", () => {
  it('is shown as a percentage', () => {
    const impact = { curiosity: 0.9, contentment: 0.6, empathy: 0 };
    expect(emotionalIntensity(impact)).toBeCloseTo(0.5);
    expect(percent(emotionalIntensity(impact))).toBe('50%');
  });
});

describe('answers are read defensively', () => {
  const good = {
    isStreaming: true,
    lastUpdate: '2026-01-15T08:00:00.000Z',
    dataPointsCollected: 4,
    updateInterval: 3_600_000,
    recentInsights: [
      { type: 'cosmic', content: 'Full moon, 100% lit.', significance: 0.9 },
      { type: 'gossip', content: 'not a type', significance: 0.5 },
    ],
    cycle: 'running',
    nextUpdate: '2026-01-15T09:00:00.000Z',
    sources: [
      {
        id: 'feed:https://x.example/rss',
        type: 'news',
        outcome: 'skipped',
        added: 0,
        reason: 'answered HTTP 503',
      },
    ],
  };
  it('keeps the well-formed parts of a status and drops the rest', () => {
    const status = parseStatus(good)!;
    expect(status.recentInsights).toEqual([good.recentInsights[0]]);
    expect(status.cycle).toBe('running');
    expect(sourceLabel(status.sources[0]!)).toBe(
      'news: https://x.example/rss: skipped (answered HTTP 503)',
    );
  });
  it('a status without its counts is no status (nothing is guessed)', () => {
    expect(parseStatus({ ...good, dataPointsCollected: -1 })).toBeNull();
    expect(parseStatus({ ...good, isStreaming: 'yes' })).toBeNull();
    expect(parseStatus(null)).toBeNull();
  });
  it('drops a stream entry whose impact is out of range', () => {
    const entry = {
      id: 'a',
      type: 'news',
      content: 'Headline',
      timestamp: '2026-01-15T08:00:00.000Z',
      significance: 0.5,
      source: 'feeds.example',
      emotional_impact: { curiosity: 0.5, contentment: 0.2, empathy: 0 },
    };
    const bad = { ...entry, id: 'b', emotional_impact: { ...entry.emotional_impact, empathy: 2 } };
    expect(parseData({ streamData: [entry, bad] })).toEqual([entry]);
    expect(parseData({})).toBeNull();
  });
});

describe("rule 'settings body'", () => {
  const form = formOf({
    place: null,
    country: null,
    weather: false,
    feeds: [],
    updateIntervalMs: 3_600_000,
  });
  it('an empty place is no place; blank feed rows are dropped; hours become milliseconds', () => {
    expect(
      bodyOf({
        ...form,
        feeds: [
          { url: '  ', kind: 'news' },
          { url: ' https://a.example/rss ', kind: 'trends' },
        ],
        intervalHours: '0.5',
        country: 'sg',
      }),
    ).toEqual({
      body: {
        place: null,
        country: 'SG',
        weather: false,
        feeds: [{ url: 'https://a.example/rss', kind: 'trends' }],
        updateIntervalMs: 1_800_000,
      },
    });
  });
  it('a half-filled place or a non-number is the form’s own error', () => {
    expect(bodyOf({ ...form, placeName: 'Singapore' })).toEqual({
      error: 'A place needs a name, a latitude and a longitude',
    });
    expect(
      bodyOf({ ...form, placeName: 'Singapore', latitude: '1.35', longitude: 'east' }),
    ).toEqual({
      error: 'A place needs a name, a latitude and a longitude',
    });
    expect(bodyOf({ ...form, intervalHours: 'soon' })).toEqual({
      error: 'The update interval must be a number of hours',
    });
  });
});
