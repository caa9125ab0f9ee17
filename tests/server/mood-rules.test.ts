// The mood's rules as plain functions (server/mood): manja, mood mode, pulse speed, focus, urgency.
import { describe, expect, it } from 'vitest';
import {
  FADE_GRACE_MS,
  FADE_HALF_LIFE_MS,
  MANJA_FLOOR,
  initialManja,
  manjaAfterMessage,
  manjaLabelOf,
  manjaLevelAt,
} from '../../server/mood/manja-rules';
import {
  feelingOf,
  isMoodNight,
  moodOf,
  pulseSpeedOf,
  type MoodInputs,
} from '../../server/mood/mood-rules';
import {
  categoryOf,
  focusTerms,
  isUrgentText,
  plainWords,
  tokenize,
} from '../../server/mood/focus-terms';
import { dayTopics } from '../../server/mood/reflection';
import { timeOfDayOf } from '../../server/mood/mood-service';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('manja rises with warm exchanges', () => {
  it('a warm message raises the level, never past 1; a sad or plain one leaves it', () => {
    let state = initialManja(0);
    state = manjaAfterMessage(state, 'I love you, you are wonderful!', 1000);
    expect(state.level).toBeGreaterThan(0.5);
    expect(state.warmExchanges).toBe(1);
    const warm = state.level;
    expect(manjaAfterMessage(state, 'I feel terrible today', 2000).level).toBe(warm);
    expect(manjaAfterMessage(state, 'the bus is at 5', 2000).level).toBe(warm);
    for (let i = 0; i < 200; i += 1)
      state = manjaAfterMessage(state, 'love you so much!!', 3000 + i);
    expect(state.level).toBeLessThanOrEqual(1);
    expect(state.level).toBeGreaterThan(0.95);
  });
});

describe('manja fades with silence', () => {
  it('holds for the grace of 12 hours, then halves its distance to the floor every 3 days', () => {
    const state = { level: 0.8, at: 0, lastExchangeAt: 0, warmExchanges: 3 };
    expect(manjaLevelAt(state, FADE_GRACE_MS)).toBe(0.8);
    const later = manjaLevelAt(state, FADE_GRACE_MS + FADE_HALF_LIFE_MS);
    expect(later).toBeCloseTo(MANJA_FLOOR + (0.8 - MANJA_FLOOR) / 2, 6);
    expect(manjaLevelAt(state, 365 * DAY)).toBeGreaterThanOrEqual(MANJA_FLOOR);
  });

  it('a message after a long silence starts from the faded level', () => {
    const state = { level: 0.8, at: 0, lastExchangeAt: 0, warmExchanges: 3 };
    const after = manjaAfterMessage(state, 'ok', FADE_GRACE_MS + FADE_HALF_LIFE_MS);
    expect(after.level).toBeCloseTo(0.5, 6);
    expect(manjaLevelAt(after, after.at + HOUR)).toBeCloseTo(0.5, 6);
  });

  it('labels: very manja, manja, fond, missing you', () => {
    expect([0.85, 0.6, 0.45, 0.2].map(manjaLabelOf)).toEqual([
      'very manja',
      'manja',
      'fond',
      'missing you',
    ]);
  });
});

function inputs(over: Partial<MoodInputs> = {}): MoodInputs {
  return {
    now: 10 * HOUR,
    hour: 15,
    power: 'awake',
    feeling: { valence: 0, messages: 0, freshness: 0 },
    urgentAt: null,
    practicalShare: 0,
    lastOwnerMessageAt: null,
    ...over,
  };
}

describe('mood mode', () => {
  it('first match wins: urgent over sleep, sleep over sadness, distress protective, sadness nurturing', () => {
    const now = 10 * HOUR;
    expect(moodOf(inputs({ urgentAt: now - 60_000, power: 'sleeping' })).mode).toBe('urgent');
    const sad = { valence: -0.8, messages: 3, freshness: 1 };
    expect(moodOf(inputs({ feeling: sad, power: 'sleeping' })).mode).toBe('resting');
    expect(moodOf(inputs({ feeling: sad })).mode).toBe('protective');
    expect(moodOf(inputs({ feeling: { ...sad, valence: -0.3 } })).mode).toBe('nurturing');
    expect(moodOf(inputs({ urgentAt: now - HOUR })).mode).toBe('alert');
    const even = { valence: 0, messages: 2, freshness: 1 };
    expect(moodOf(inputs({ feeling: even, practicalShare: 0.6 })).mode).toBe('focused');
    expect(moodOf(inputs({ hour: 2 })).mode).toBe('resting');
    expect(moodOf(inputs({ hour: 2, lastOwnerMessageAt: now - 60_000, feeling: even })).mode).toBe(
      'calm',
    );
    expect(moodOf(inputs()).mode).toBe('calm');
  });

  it('a sadder conversation is a stronger mood; an older one fades', () => {
    const fresh = moodOf(inputs({ feeling: { valence: -0.9, messages: 3, freshness: 1 } }));
    const milder = moodOf(inputs({ feeling: { valence: -0.55, messages: 3, freshness: 1 } }));
    const older = moodOf(inputs({ feeling: { valence: -0.9, messages: 3, freshness: 0.25 } }));
    expect(fresh.intensity).toBeGreaterThan(milder.intensity);
    expect(fresh.intensity).toBeGreaterThan(older.intensity);
  });

  it('night for the mood is 23:00 to 05:59', () => {
    expect([22, 23, 0, 5, 6].map(isMoodNight)).toEqual([false, true, true, true, false]);
  });

  it('time of day: morning 05-11, afternoon 12-16, evening 17-21, night', () => {
    expect([4, 5, 12, 17, 22].map(timeOfDayOf)).toEqual([
      'night',
      'morning',
      'afternoon',
      'evening',
      'night',
    ]);
  });
});

describe('pulse speed', () => {
  it('urgent fastest, resting slowest; less intensity, slower; always 0 to 1', () => {
    expect(pulseSpeedOf('urgent', 1)).toBe(1);
    expect(pulseSpeedOf('resting', 1)).toBe(0.1);
    expect(pulseSpeedOf('calm', 0)).toBeLessThan(pulseSpeedOf('calm', 1));
    expect(pulseSpeedOf('urgent', 5)).toBe(1);
  });
});

describe('feeling of recent messages', () => {
  it('weights newer messages more: a sad message now outweighs a happy one an hour ago', () => {
    const now = 5 * HOUR;
    const feeling = feelingOf(
      [
        { text: 'I am so happy, great news!', at: now - HOUR },
        { text: 'now I feel awful and sad', at: now },
      ],
      now,
    );
    expect(feeling.valence).toBeLessThan(0);
    expect(feeling.messages).toBe(2);
    expect(feelingOf([{ text: 'I am sad', at: 0 }], 4 * HOUR).messages).toBe(0);
  });
});

describe('focus terms and category', () => {
  it('drops stop words, short words and numbers', () => {
    expect(tokenize("I'm going to the gym at 7 with my sister's dog")).toEqual([
      'gym',
      'sister',
      'dog',
    ]);
  });

  it("focus words: wink-nlp's parts of speech keep names, places and feeling words, drop filler", () => {
    expect(tokenize('my sister Ana is visiting from Lisbon')).toEqual([
      'sister',
      'ana',
      'visiting',
      'lisbon',
    ]);
    // The plain stop-word list kept adverbs and inflected filler; the lemma and the part of speech
    // drop them, while a feeling word stays whatever its part of speech ('alone', 'badly').
    const vent = 'honestly I literally just basically wanted to vent a little about my landlord';
    expect(plainWords(vent)).toEqual(expect.arrayContaining(['literally', 'basically', 'wanted']));
    expect(tokenize(vent)).toEqual(['honestly', 'vent', 'little', 'landlord']);
    expect(tokenize('I miss my sister Ana so much, I feel empty without her')).toEqual([
      'miss',
      'sister',
      'ana',
      'empty',
    ]);
    expect(tokenize('I feel so sad and alone today')).toEqual(['sad', 'alone']);
    expect(tokenize('my exam went badly')).toEqual(['exam', 'badly']);
  });

  it("focus words: how the owner talks to Kiri ('called', 'remind', 'remember') is not what is on their mind", () => {
    expect(tokenize('my sister is called Ana')).toEqual(['sister', 'ana']);
    expect(tokenize('remind me to call the dentist')).toEqual(['dentist']);
    expect(tokenize("remember that my cat is named Miso, don't forget")).toEqual(['cat', 'miso']);
  });

  it("focus words: chat shorthand ('brb', 'lmao', 'idk', 'omg') is not a thought on the orb's strip", () => {
    for (const text of [
      'brb',
      'lmao',
      'idk',
      'omg',
      'gtg',
      'btw the train is late',
      'wbu',
      'afk',
    ]) {
      expect(tokenize(text), text).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(?:brb|lmao|idk|omg|gtg|btw|wbu|afk)$/)]),
      );
    }
    expect(tokenize('btw the train is late')).toContain('train');
  });

  it('focus words: 20 messages of 10,000 characters do not stall the poll', () => {
    const long = (i: number) =>
      `${'my sister Ana is visiting from Lisbon and I feel sad '.repeat(190)} ${i}`;
    const messages = Array.from({ length: 20 }, (_, i) => ({ text: long(i), at: i * 1000 }));
    const first = performance.now();
    const focus = focusTerms(messages, 20_000);
    const firstMs = performance.now() - first;
    expect(focus.map((f) => f.term)).toEqual(expect.arrayContaining(['sister', 'ana', 'lisbon']));
    // Each text is read once (about 10 ms of wink-nlp for its first 2,000 characters); the next
    // poll's read of the same messages is a cache hit.
    expect(firstMs).toBeLessThan(3000);
    const again = performance.now();
    expect(focusTerms(messages, 20_000)).toEqual(focus);
    expect(performance.now() - again).toBeLessThan(Math.max(50, firstMs / 5));
  });

  it('categories: safety, relationship, practical, emotional (VADER), general', () => {
    expect(['hurt', 'sister', 'deadline', 'lonely', 'mountain'].map(categoryOf)).toEqual([
      'safety',
      'relationship',
      'practical',
      'emotional',
      'general',
    ]);
  });

  it('the same messages always give the same focus, sorted, top weight 1', () => {
    const messages = [
      { text: 'rain rain rain and the mountain trip', at: 0 },
      { text: 'mountain hike tomorrow', at: 1000 },
    ];
    const focus = focusTerms(messages, 2000);
    expect(focus).toEqual(focusTerms(messages, 2000));
    expect(focus[0]).toMatchObject({ term: 'mountain', weight: 1 });
    expect(focus.map((f) => f.term)).toContain('rain');
  });
});

describe('urgent message', () => {
  it("danger words and 'help' are urgent; help with a practical thing is not", () => {
    expect(isUrgentText('please help me')).toBe(true);
    expect(isUrgentText('there is a fire in the kitchen')).toBe(true);
    expect(isUrgentText('HELP!!')).toBe(true);
    expect(isUrgentText('can you help me with my homework')).toBe(false);
    expect(isUrgentText('what a helpful day')).toBe(false);
  });
  it("an ache is not an emergency: 'my feet hurt' is not urgent, harm is", () => {
    expect(isUrgentText('my feet hurt')).toBe(false);
    expect(isUrgentText('ugh, my legs hurt after the long shift')).toBe(false);
    expect(isUrgentText('he hurt me')).toBe(true);
    expect(isUrgentText('my feet hurt and I am bleeding')).toBe(true);
    expect(isUrgentText('my feet hurt, help')).toBe(true);
    expect(isUrgentText('I am hurt')).toBe(true);
  });
});

describe('day topics', () => {
  it('the most used terms, feeling words left out, a telling word before a general one', () => {
    expect(dayTopics(['exam exam, I feel awful', 'exam results and my sister'])).toEqual([
      'exam',
      'sister',
      'results',
    ]);
  });
});
