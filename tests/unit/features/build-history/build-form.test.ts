// The admin's build form (docs/build-history.md): a draft from a build and back, lists written as the
// changelog writes them, the time of day kept when the date is not changed, and what keeps it from
// being sent.
import { describe, expect, it } from 'vitest';
import type { BuildRecord } from '@/domain/build-history';
import {
  bodyOfDraft,
  draftOf,
  draftProblems,
  fieldsOfDraft,
  todayUtc,
} from '@/features/build-history/model/build-form';

const HUB: BuildRecord = {
  id: 'v0.19.0',
  name: 'Presence hub',
  description: 'A register.',
  category: 'Operations',
  status: 'completed',
  impact: 'major',
  version: '0.19.0',
  timestamp: '2026-11-25T06:49:17.000Z',
  technologies: ['Hono', 'web-push'],
  features: ['Cameras', 'Push'],
  notes: null,
};

describe('draftOf and fieldsOfDraft', () => {
  it('gives back the same build when nothing is changed, its time of day kept', () => {
    const draft = draftOf(HUB, '2026-12-01');
    expect(draft).toMatchObject({
      technologies: 'Hono, web-push',
      features: 'Cameras\nPush',
      date: '2026-11-25',
    });
    const { id: _id, ...fields } = HUB;
    expect(fieldsOfDraft(draft)).toEqual(fields);
  });

  it('a changed date is that day, 00:00 UTC', () => {
    const draft = { ...draftOf(HUB, '2026-12-01'), date: '2026-11-26' };
    expect(fieldsOfDraft(draft).timestamp).toBe('2026-11-26T00:00:00.000Z');
  });

  it('a new build starts today, completed, minor, blank', () => {
    expect(draftOf(null, '2026-12-01')).toMatchObject({
      id: '',
      name: '',
      status: 'completed',
      impact: 'minor',
      date: '2026-12-01',
      original: null,
    });
  });

  it('splits technologies on commas and features on lines, trimmed, empties dropped; blanks are null', () => {
    const draft = {
      ...draftOf(null, '2026-12-01'),
      name: ' Widget ',
      description: ' A widget. ',
      category: 'Chat',
      technologies: ' WidgetKit, , Swift ,',
      features: 'The last message\n\n  A tap opens the chat  \n',
      version: '  ',
      notes: ' ',
    };
    expect(fieldsOfDraft(draft)).toEqual({
      name: 'Widget',
      description: 'A widget.',
      category: 'Chat',
      status: 'completed',
      impact: 'minor',
      version: null,
      timestamp: '2026-12-01T00:00:00.000Z',
      technologies: ['WidgetKit', 'Swift'],
      features: ['The last message', 'A tap opens the chat'],
      notes: null,
    });
  });
});

describe('draftProblems', () => {
  const whole = { ...draftOf(null, '2026-12-01'), name: 'W', description: 'D', category: 'C' };

  it('finds none in a whole draft', () => {
    expect(draftProblems(whole, true, [])).toEqual({});
  });

  it('names the required fields left blank and a bad date', () => {
    expect(draftProblems({ ...draftOf(null, ''), date: '2026-02-30' }, true, [])).toEqual({
      name: 'is required',
      description: 'is required',
      category: 'is required',
      timestamp: 'must be a date (YYYY-MM-DD) or an ISO 8601 date and time',
    });
  });

  it("refuses a new build's id that is taken or malformed; an edit's id is not checked", () => {
    expect(draftProblems({ ...whole, id: 'v0.19.0' }, true, ['v0.19.0']).id).toBe(
      'is already taken by another build',
    );
    expect(draftProblems({ ...whole, id: 'bad id' }, true, []).id).toMatch(/^must be 1 to 64/);
    expect(draftProblems({ ...whole, id: 'v0.19.0' }, false, ['v0.19.0']).id).toBeUndefined();
  });
});

describe('bodyOfDraft', () => {
  const whole = { ...draftOf(null, '2026-12-01'), name: 'W', description: 'D', category: 'C' };

  it("sends a new build's id only when the admin gave one, and never an edit's", () => {
    expect(bodyOfDraft({ ...whole, id: ' mine ' }, true)).toMatchObject({ id: 'mine' });
    expect(bodyOfDraft(whole, true)).not.toHaveProperty('id');
    expect(bodyOfDraft(draftOf(HUB, '2026-12-01'), false)).not.toHaveProperty('id');
  });
});

describe('todayUtc', () => {
  it('is the UTC day', () => {
    expect(todayUtc(Date.UTC(2026, 10, 29, 23, 30))).toBe('2026-11-29');
  });
});
