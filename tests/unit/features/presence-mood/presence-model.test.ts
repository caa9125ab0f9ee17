// The mood engine monitor's decisions (src/features/presence-mood/model; spec 002 §8, §9), each named
// after its rule.
import { describe, expect, it } from 'vitest';
import { PRESENCE_ERRORS } from '@/domain/presence-mood';
import { ApiError, NetworkFailure } from '@/lib/api';
import { NoStateError, parseState } from '@/features/presence-mood/api/presence-api';
import {
  confidenceText,
  presenceErrorText,
  recentDrift,
  recentEvents,
  uptimeText,
  writeErrorText,
} from '@/features/presence-mood/model/presence-model';

const event = (n: number) => ({ id: `e${n}`, kind: 'drifted', at: `2026-01-15T08:0${n}:00.000Z` });
const drift = (n: number) => ({
  at: `2026-01-15T08:${String(n).padStart(2, '0')}:00.000Z`,
  mood: 'calm' as const,
  target_mood: 'calm' as const,
  confidence: n / 20,
});

describe("rule 'the three failure texts'", () => {
  it('says No state available for an answer without a state', () => {
    expect(presenceErrorText(new NoStateError())).toBe(PRESENCE_ERRORS.empty);
    expect(PRESENCE_ERRORS.empty).toBe('No state available');
  });
  it('says Connection error when no answer came', () => {
    expect(presenceErrorText(new NetworkFailure('Failed to fetch'))).toBe('Connection error');
    expect(presenceErrorText(new TypeError('Load failed'))).toBe('Connection error');
  });
  it('says Failed to fetch presence state for an error answer', () => {
    expect(presenceErrorText(new ApiError(500, 'Internal Server Error', ''))).toBe(
      'Failed to fetch presence state',
    );
    expect(presenceErrorText(new ApiError(403, 'Forbidden', ''))).toBe(
      'Failed to fetch presence state',
    );
  });
  it("a write's failure says the server's own words when it gave them", () => {
    const body = JSON.stringify({ success: false, error: 'Kiri is in deep pause', message: 'x' });
    expect(writeErrorText(new ApiError(409, 'Conflict', body))).toBe('Kiri is in deep pause');
    expect(writeErrorText(new NetworkFailure('Failed to fetch'))).toBe('Connection error');
  });
});

describe("rule 'an answer without a state'", () => {
  it('reads no state from an empty or malformed answer', () => {
    expect(parseState({ success: true })).toBeNull();
    expect(parseState({ state: { mood: 'angry' } })).toBeNull();
    expect(parseState(null)).toBeNull();
  });
  it('reads a whole state, dropping entries it cannot read', () => {
    const state = parseState({
      state: {
        mood: 'calm',
        target_mood: 'tired',
        mood_confidence: 0.4,
        engine_version: '1.0.0',
        age_ticks: 3,
        uptime_seconds: 61,
        last_tick_at: null,
        events: [event(1), { id: 2 }],
        drift_history: [drift(1), { mood: 'angry' }],
      },
    });
    expect(state).toMatchObject({ mood: 'calm', target_mood: 'tired', cycle: null });
    expect(state?.events).toHaveLength(1);
    expect(state?.drift_history).toHaveLength(1);
  });
});

describe("rule 'recent activity shows the last 3 events'", () => {
  it('keeps the newest three, newest first', () => {
    expect(recentEvents([1, 2, 3, 4, 5].map(event)).map((e) => e.id)).toEqual(['e5', 'e4', 'e3']);
    expect(recentEvents([])).toEqual([]);
  });
});

describe("rule 'drift history shows the last 10 entries'", () => {
  it('keeps the newest ten, newest first', () => {
    const shown = recentDrift(Array.from({ length: 14 }, (_, i) => drift(i + 1)));
    expect(shown).toHaveLength(10);
    expect(shown[0]!.confidence).toBe(14 / 20);
    expect(shown.at(-1)!.confidence).toBe(5 / 20);
  });
});

describe("rule 'uptime reads in its two largest units'", () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(uptimeText(45)).toBe('45s');
    expect(uptimeText(185)).toBe('3m 05s');
    expect(uptimeText(2 * 3600 + 7 * 60 + 9)).toBe('2h 07m');
    expect(uptimeText(3 * 86_400 + 4 * 3600)).toBe('3d 04h');
  });
  it('reads confidence as a whole percentage', () => {
    expect(confidenceText(0.523)).toBe('52%');
    expect(confidenceText(1)).toBe('100%');
  });
});
