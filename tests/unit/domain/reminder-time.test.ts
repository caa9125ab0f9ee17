import { describe, expect, it } from 'vitest';
import {
  CHOSEN_TIME_MISSING,
  CHOSEN_TIME_PAST,
  chosenDueAt,
  dueLabel,
  eveningIsTomorrow,
  inputValueAt,
  instantOfWallTime,
  presetDueAt,
} from '@/domain/reminder-time';

const SH = 'Asia/Shanghai';
const NY = 'America/New_York';
const iso = (ms: number) => new Date(ms).toISOString();

describe("'in an hour' is sixty minutes from now", () => {
  it('adds an hour to the instant, whatever the zone', () => {
    const now = Date.parse('2026-11-24T15:59:30Z');
    expect(iso(presetDueAt('in-an-hour', now, SH))).toBe('2026-11-24T16:59:30.000Z');
  });
});

describe("'this evening' is 20:00 today in the owner's zone, or tomorrow once past", () => {
  it('is 20:00 Shanghai (12:00 UTC) the same day in the morning there', () => {
    const now = Date.parse('2026-11-24T01:00:00Z'); // 09:00 in Shanghai
    expect(iso(presetDueAt('this-evening', now, SH))).toBe('2026-11-24T12:00:00.000Z');
    expect(eveningIsTomorrow(now, SH)).toBe(false);
  });
  it('uses the owner zone, not UTC: at 23:30 UTC it is already the next day in Shanghai', () => {
    const now = Date.parse('2026-11-24T23:30:00Z'); // 07:30 on the 25th in Shanghai
    expect(iso(presetDueAt('this-evening', now, SH))).toBe('2026-11-25T12:00:00.000Z');
  });
  it('rolls to tomorrow at exactly 20:00 and after', () => {
    const at = Date.parse('2026-11-24T12:00:00Z'); // 20:00 Shanghai
    expect(iso(presetDueAt('this-evening', at, SH))).toBe('2026-11-25T12:00:00.000Z');
    expect(eveningIsTomorrow(at, SH)).toBe(true);
    const late = Date.parse('2026-11-24T15:59:00Z'); // 23:59 Shanghai
    expect(iso(presetDueAt('this-evening', late, SH))).toBe('2026-11-25T12:00:00.000Z');
  });
  it('is still today one minute before 20:00', () => {
    const now = Date.parse('2026-11-24T11:59:00Z');
    expect(iso(presetDueAt('this-evening', now, SH))).toBe('2026-11-24T12:00:00.000Z');
  });
});

describe("'tomorrow morning' is 09:00 on the next calendar day in the owner's zone", () => {
  it('at 23:59 Shanghai it is 09:00 the next morning', () => {
    const now = Date.parse('2026-11-24T15:59:00Z'); // 23:59 on the 24th
    expect(iso(presetDueAt('tomorrow-morning', now, SH))).toBe('2026-11-25T01:00:00.000Z');
  });
  it('just after midnight Shanghai it is the morning of the day after', () => {
    const now = Date.parse('2026-11-24T16:01:00Z'); // 00:01 on the 25th
    expect(iso(presetDueAt('tomorrow-morning', now, SH))).toBe('2026-11-26T01:00:00.000Z');
  });
  it('crosses a month and a year end', () => {
    const now = Date.parse('2026-12-31T10:00:00Z'); // 18:00 on Dec 31
    expect(iso(presetDueAt('tomorrow-morning', now, SH))).toBe('2027-01-01T01:00:00.000Z');
  });
  it('keeps 09:00 on the wall across a daylight-saving change (New York, spring forward)', () => {
    const now = Date.parse('2026-03-07T20:00:00Z'); // 15:00 EST on Mar 7
    expect(iso(presetDueAt('tomorrow-morning', now, NY))).toBe('2026-03-08T13:00:00.000Z'); // 09:00 EDT
  });
});

describe('a wall time in a zone names one instant', () => {
  it('a time that does not exist (spring forward) moves forward by the jump', () => {
    const t = instantOfWallTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY);
    expect(iso(t)).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
  });
  it('a time that occurs twice (fall back) is the first', () => {
    const t = instantOfWallTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY);
    expect(iso(t)).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, not EST
  });
});

describe('a chosen date and time is read in the owner zone and must be in the future', () => {
  const now = Date.parse('2026-11-24T04:00:00Z'); // 12:00 Shanghai
  it('reads the input value as Shanghai wall time', () => {
    expect(chosenDueAt('2026-11-24T18:30', now, SH)).toEqual({
      ok: true,
      dueAt: Date.parse('2026-11-24T10:30:00Z'),
    });
  });
  it('refuses a time that has passed, with a clear message', () => {
    expect(chosenDueAt('2026-11-24T11:59', now, SH)).toEqual({
      ok: false,
      error: CHOSEN_TIME_PAST,
    });
    expect(chosenDueAt('2026-11-24T12:00', now, SH)).toEqual({
      ok: false,
      error: CHOSEN_TIME_PAST,
    });
  });
  it('asks for a time when the field is empty or malformed', () => {
    expect(chosenDueAt('', now, SH)).toEqual({ ok: false, error: CHOSEN_TIME_MISSING });
    expect(chosenDueAt('tomorrow', now, SH)).toEqual({ ok: false, error: CHOSEN_TIME_MISSING });
    expect(chosenDueAt('2026-13-01T10:00', now, SH)).toEqual({
      ok: false,
      error: CHOSEN_TIME_MISSING,
    });
  });
  it('gives the input value of an instant in the zone (its min and default)', () => {
    expect(inputValueAt(now, SH)).toBe('2026-11-24T12:00');
    expect(inputValueAt(Date.parse('2026-11-24T16:05:00Z'), SH)).toBe('2026-11-25T00:05');
  });
});

describe('a due time reads as today, tomorrow or its date in the owner zone', () => {
  const now = Date.parse('2026-11-24T04:00:00Z'); // Tue 12:00 Shanghai
  it('today and tomorrow by name', () => {
    expect(dueLabel(Date.parse('2026-11-24T12:00:00Z'), now, SH)).toBe('Today, 8:00 PM');
    expect(dueLabel(Date.parse('2026-11-25T01:00:00Z'), now, SH)).toBe('Tomorrow, 9:00 AM');
  });
  it('further out by its date', () => {
    expect(dueLabel(Date.parse('2026-12-02T01:00:00Z'), now, SH)).toBe('Wed, Dec 2, 9:00 AM');
  });
});
