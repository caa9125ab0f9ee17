import { describe, expect, it } from 'vitest';
import { presetOptions, showZoneNote } from '@/features/chat/model/reminder-dialog';

const SH = 'Asia/Shanghai';

describe('the reminder choices say when each would be due, in the owner zone', () => {
  it('at noon: in an hour, this evening at 8 PM, tomorrow morning at 9 AM', () => {
    const noon = Date.parse('2026-11-24T04:00:00Z');
    expect(presetOptions(noon, SH)).toEqual([
      { preset: 'in-an-hour', label: 'In an hour', when: 'Today, 1:00 PM' },
      { preset: 'this-evening', label: 'This evening', when: 'Today, 8:00 PM' },
      { preset: 'tomorrow-morning', label: 'Tomorrow morning', when: 'Tomorrow, 9:00 AM' },
    ]);
  });
  it("after 20:00 'this evening' is tomorrow's and is labelled so", () => {
    const late = Date.parse('2026-11-24T13:30:00Z'); // 21:30 Shanghai
    const [, evening] = presetOptions(late, SH);
    expect(evening).toEqual({
      preset: 'this-evening',
      label: 'Tomorrow evening',
      when: 'Tomorrow, 8:00 PM',
    });
  });
});

describe('the zone is named only when the phone keeps another', () => {
  it('names it when they differ, not when they agree', () => {
    expect(showZoneNote(SH, 'Europe/London')).toBe(true);
    expect(showZoneNote(SH, SH)).toBe(false);
    expect(showZoneNote(SH, undefined)).toBe(false);
  });
});
