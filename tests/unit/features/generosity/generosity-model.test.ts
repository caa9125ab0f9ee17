// The generosity page's model (src/features/generosity/model/generosity-model.ts), one block per rule.
import { describe, expect, it } from 'vitest';
import {
  firstDayText,
  parseGenerosityStats,
  parseGenerosityStatus,
  relationshipAgeText,
  sessionStartText,
} from '@/features/generosity/model/generosity-model';

const PRINCIPLE = { title: 'T', description: 'D' };
const STATUS = {
  engine: { state: 'active', reason: 'Kiri answers messages.' },
  principles: {
    see_users_first: PRINCIPLE,
    give_before_ask: PRINCIPLE,
    no_scorekeeping: PRINCIPLE,
    surprise_loyalty: PRINCIPLE,
  },
  stages_available: [{ id: 'day-1', name: 'Day 1', span: 'The first day' }],
  emotional_intelligence: { description: 'Read.', feelings: ['sad'], supportFeelings: ['sad'] },
  current_stage: {
    id: 'day-1',
    name: 'Day 1',
    dayNumber: 1,
    months: 0,
    pastFinalStage: false,
    since: '2026-01-15T08:00:00.000Z',
    firstDay: '2026-01-15',
  },
  measured: ['engine', 'current_stage'],
};

describe('parseGenerosityStats', () => {
  it('reads the four fields, refusing a wrong kind', () => {
    const stats = {
      sessionStart: null,
      sessionId: '2026-01-15',
      interactionCount: 2,
      emotionalSupportProvided: 1,
      principles: [],
    };
    expect(parseGenerosityStats(stats)).toEqual({
      sessionStart: null,
      sessionId: '2026-01-15',
      interactionCount: 2,
      emotionalSupportProvided: 1,
    });
    expect(parseGenerosityStats({ ...stats, interactionCount: '2' })).toBeNull();
    expect(parseGenerosityStats({ ...stats, emotionalSupportProvided: -1 })).toBeNull();
    expect(parseGenerosityStats(null)).toBeNull();
  });
});

describe('parseGenerosityStatus', () => {
  it('reads the status and refuses a missing principle or a bad stage', () => {
    expect(parseGenerosityStatus(STATUS)?.current.name).toBe('Day 1');
    const { no_scorekeeping: _dropped, ...three } = STATUS.principles;
    expect(parseGenerosityStatus({ ...STATUS, principles: three })).toBeNull();
    expect(parseGenerosityStatus({ ...STATUS, stages_available: [{ id: 'x' }] })).toBeNull();
    expect(parseGenerosityStatus({ ...STATUS, engine: { state: 'on', reason: '' } })).toBeNull();
  });
});

describe('relationshipAgeText', () => {
  it('the day number, and past a year says so', () => {
    const current = parseGenerosityStatus(STATUS)!.current;
    expect(relationshipAgeText(current)).toBe('Day 1');
    expect(relationshipAgeText({ ...current, dayNumber: 400, pastFinalStage: true })).toBe(
      'Day 400 · past the first year',
    );
  });
});

describe('sessionStartText', () => {
  it("the time in the owner's zone, or that nothing was said yet", () => {
    expect(sessionStartText('2026-01-15T08:05:00.000Z', 'Asia/Shanghai')).toBe('16:05');
    expect(sessionStartText(null, 'Asia/Shanghai')).toBe('Nothing said yet today');
    expect(sessionStartText('not a date', 'Asia/Shanghai')).toBe('Nothing said yet today');
  });
});

describe('firstDayText', () => {
  it('a long date, the same in every zone', () => {
    expect(firstDayText('2026-01-15')).toBe('January 15, 2026');
  });
});
