// The local engine: a reply built from phrase pools, with no network (DESIGN.md "Companion").
import type { Analysis, Feeling } from './intent';
import { analyse, herLastReplies, nervesBefore, resolveRemember } from './intent';
import { readSentiment, STRONG_FEELING } from '../language/sentiment';
import * as P from './phrases';
import { echoesTooMuch } from './echo';
import { BELOVED } from './hardship';
import { JOKES, jokesInRemembered } from './jokes';
import type { Plan as DayPlan } from './plans';
import { DAY_OFF, readPlan, WORK_DAY, WORK_TOMORROW } from './plans';
import { findFacts } from './recall';
import { readReminderAsk } from './reminder-request';
import { nameSheUses } from './requests';
import { FACTS, factsIn, SONGS, songsIn, STORIES, STORY_ABOUT, storiesIn } from './stories';
import {
  SELF_LIKE_NO,
  SELF_LIKE_UNSURE,
  SELF_LIKE_YES,
  SELF_TOPICS,
  selfStanceOn,
} from './self-profile';
import { hashString, Random } from './random';
import { balance } from './split';
import type { Entry, Line, Slots, Voice } from './style';
import { asLine, eligible, fits, render, voiceOf } from './style';
import type { DayPart } from './time';
import { calendarDay, clockTime, dayPartLabel, dayPartOf, hourIn, timeAgo } from './time';
import {
  ENGINE_READ_CHARS,
  engineReadable,
  extractDetail,
  rankMemories,
  recentReplyKeys,
  reflect,
  replyKey,
  tidy,
  trimEndOf,
} from './text';
import type { CompanionInput, CompanionReply, Intent, MemoryItem } from './types';
import { pickToneExamples, tonedPersonality } from './tone-style';

interface Step {
  pool: readonly Entry[];
  /** Probability of saying this step at all (1 when absent). */
  chance?: number;
  /** Slot values for this step only. */
  values?: Record<string, string | null>;
  /** A follow-up question: skipped when the reply already asks something. */
  follow?: boolean;
  /** Said only when the step before it was said (a reason needs its suggestion). */
  afterPrevious?: boolean;
}

interface Plan {
  steps: Step[];
  /** Chance of using the owner's name somewhere in the reply. */
  nameChance: number;
}

interface Context {
  input: CompanionInput;
  analysis: Analysis;
  intent: Intent;
  voice: Voice;
  part: DayPart;
  hour: number;
  name: string | null;
  /** The name she called the owner before this message (ownerNameOf). */
  nameBefore: string | null;
  remember: string | null;
  values: Record<string, string | null>;
  /** A plan or time the message names ('an interview on Friday at 3'), read in the owner's zone. */
  dayPlan: DayPlan | null;
  /**
   * Texts a reply may say back word for word: the thing to remember and the memories it quotes (echo.ts).
   */
  exempt: string[];
  /** The jokes not told in `recentReplies`, as JOKES indexes (all of them once every one was told). */
  untoldJokes: number[];
  /** Every joke was told lately: she says so, and tells an old one. */
  jokesAllTold: boolean;
  /** The stories and songs not told in `recentReplies` (all of them once every one was told). */
  untoldStories: number[];
  storiesAllTold: boolean;
  unsungSongs: number[];
  /** The fun facts not told in `recentReplies` (all of them once every one was told). */
  untoldFacts: number[];
  factsAllTold: boolean;
  /** The distinctive word pairs of her last two replies: a line is not said again so soon if another fits. */
  lastReplyPairs: ReadonlySet<string>;
}

const NEGATIVE_FEELINGS = new Set([
  'sad',
  'tired',
  'anxious',
  'angry',
  'lonely',
  'stressed',
  'bored',
]);
const MAX_ATTEMPTS = 48;
const VERB =
  /\b(?:is|are|am|was|were|has|have|had|like|likes|love|loves|need|needs|want|wants|hate|hates|will|can|should|must|live|lives|work|works|called|named|go|goes|went|get|gets)\b/i;

const clamp = (value: number, max = 0.95) => Math.min(max, Math.max(0, value));

function chances(voice: Voice) {
  const { p } = voice;
  return {
    suggest: clamp((p.logic_bias - 0.45) * 2),
    // logic_bias gives reasons: none at 0.5 or below, almost always at 0.9 and above.
    reason: clamp((p.logic_bias - 0.5) * 2.5),
    humor: clamp((p.humor_level - 0.45) * 1.6, 0.85),
    follow: clamp((p.initiative - 0.3) * 1.4, 0.9),
  };
}

function moodSteps(ctx: Context): Step[] {
  const mood = ctx.input.mood;
  if (!mood || !(mood.intensity >= 0.5)) return [];
  const pool = P.MOOD_LINES[mood.mode];
  return pool ? [{ pool, chance: 0.5 }] : [];
}

function lateStep(ctx: Context, chance: number): Step[] {
  if (ctx.part !== 'late_night') return [];
  return [{ pool: ctx.hour >= 22 ? P.LATE_NOTES_EVENING : P.LATE_NOTES_NIGHT, chance }];
}

/**
 * Worry for someone ('I'm worried about my mom'): they did not 'get to' the owner, and the owner has
 * just said who it is ('is it your mom?').
 */
const WORRY_FOR_SOMEONE = new RegExp(
  `\\b(?:worried|worrying|anxious|scared|nervous|concerned|afraid)\\s+(?:about|for)\\s+(?:my|our)\\s+${BELOVED}\\b`,
  'i',
);

function echoPool(ctx: Context): readonly Entry[] | null {
  const feeling = ctx.analysis.feeling;
  if (ctx.intent === 'statement' && ctx.values.c) return [...P.ECHO_CLAUSE, ...P.ECHO_NEUTRAL];
  if (!ctx.values.d) return null;
  if (ctx.intent === 'feeling' && WORRY_FOR_SOMEONE.test(ctx.input.message))
    return P.ECHO_WORRY_FOR;
  if (ctx.intent === 'feeling' && feeling) {
    return NEGATIVE_FEELINGS.has(feeling) ? P.ECHO_NEGATIVE : P.ECHO_POSITIVE;
  }
  return P.ECHO_NEUTRAL;
}

function memoryWeave(ctx: Context): Step[] {
  if (!['statement', 'feeling', 'question'].includes(ctx.intent)) return [];
  const best = rankMemories(ctx.analysis.rest || ctx.input.message, ctx.input.memories)[0];
  if (!best) return [];
  return [{ pool: P.MEMORY_WEAVE, chance: 0.7, values: { r: reflectMemory(best.memory.content) } }];
}

function reflectMemory(content: string): string {
  return reflect(trimEndOf(tidy(content), /[.!~\s]/));
}

function planInitial(ctx: Context): Plan {
  const c = chances(ctx.voice);
  return {
    nameChance: 1,
    steps: [
      { pool: P.INITIAL_OPENERS[ctx.part] },
      { pool: P.INITIAL_BODIES[ctx.part] },
      { pool: P.HUMOR, chance: c.humor * 0.5 },
      ...moodSteps(ctx),
    ],
  };
}

function planGreeting(ctx: Context): Plan {
  const c = chances(ctx.voice);
  return {
    nameChance: 0.65,
    steps: [
      { pool: [...P.GREETING_OPENERS, ...P.GREETING_BY_PART[ctx.part]] },
      { pool: [...P.GREETING_BODIES, ...P.GREETING_BODIES_BY_PART[ctx.part]] },
      { pool: P.HUMOR, chance: c.humor * 0.6 },
      ...moodSteps(ctx),
      ...lateStep(ctx, 0.8),
      { pool: P.GREETING_FOLLOWS, chance: c.follow, follow: true },
    ],
  };
}

/** From this hour a goodbye is a good night (the evening before it is still an evening's). */
const NIGHT_FROM_HOUR = 21;

function planFarewell(ctx: Context): Plan {
  // A goodbye at 6 pm is not for the night: the owner may be off out ('sweet dreams' was said then).
  const night =
    ctx.part === 'late_night' ||
    ctx.hour >= NIGHT_FROM_HOUR ||
    /(?:\b|good)(?:night|nite)\b|\b(?:gn|sleep|bed|dreams)\b/i.test(ctx.input.message);
  const evening = !night && ctx.part === 'evening';
  // 'goodnight, love you': her love back with the goodbye.
  const loved = /\b(?:love|luv)\s+(?:you|u|ya)\b/i.test(ctx.input.message);
  const c = chances(ctx.voice);
  const extra: Step[] = [];
  if (ctx.analysis.feeling === 'tired') extra.push({ pool: P.FAREWELL_TIRED });
  if (ctx.analysis.thanked) extra.push({ pool: P.FAREWELL_THANKED });
  if (loved) extra.push({ pool: P.FAREWELL_LOVED });
  return {
    nameChance: 0.5,
    steps: [
      { pool: night ? P.FAREWELL_OPENERS_NIGHT : P.FAREWELL_OPENERS_DAY },
      ...(extra.length > 0
        ? extra
        : [
            {
              pool: night
                ? [
                    // 'sweet dreams ~ come back and tell me how it goes?': nothing is going on at night.
                    ...P.FAREWELL_BODIES.filter((entry) => !/how it goes/.test(asLine(entry).t)),
                    ...P.FAREWELL_BODIES_NIGHT,
                  ]
                : evening
                  ? [...P.FAREWELL_BODIES, ...P.FAREWELL_BODIES_EVENING]
                  : P.FAREWELL_BODIES,
            },
          ]),
      { pool: P.HUMOR, chance: c.humor * 0.4 },
    ],
  };
}

function planThanks(ctx: Context): Plan {
  const c = chances(ctx.voice);
  return {
    nameChance: 0.4,
    steps: [
      { pool: P.THANKS_OPENERS },
      { pool: P.THANKS_BODIES },
      { pool: P.HUMOR, chance: c.humor * 0.5 },
      ...lateStep(ctx, 0.6),
      { pool: P.THANKS_FOLLOWS, chance: c.follow * 0.7, follow: true },
    ],
  };
}

/** Days whose date nobody needs to be asked. */
const KNOWN_DAY =
  /\b(?:christmas|xmas|new\s+year'?s?|halloween|easter|thanksgiving|the\s+weekend|today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;

function planFeeling(ctx: Context): Plan {
  if (ctx.analysis.hardship) return planHardship(ctx);
  const c = chances(ctx.voice);
  const feeling = (ctx.analysis.feeling ?? 'sad') as Feeling;
  // Nerves before their own presentation or exam are met with encouragement, not alarm.
  const pools =
    feeling === 'anxious' && nervesBefore(ctx.input.message)
      ? P.NERVES_POOLS
      : P.FEELING_POOLS[feeling];
  const echo = echoPool(ctx);
  // A strongly felt message (VADER, docs/language.md: 'I'm SO happy!!') is always echoed back.
  const strong = ctx.analysis.feelingIntensity >= STRONG_FEELING;
  return {
    nameChance: 0.45,
    steps: [
      { pool: pools.open },
      ...(ctx.dayPlan
        ? planSteps(ctx, c, false)
        : echo
          ? [{ pool: echo, chance: strong ? 1 : 0.55 }]
          : []),
      { pool: pools.body },
      ...memoryWeave(ctx),
      // Bored: 'let's fix that' is followed by how, every time.
      { pool: pools.suggest, chance: feeling === 'bored' ? 1 : c.suggest },
      { pool: pools.reason, chance: c.reason, afterPrevious: true },
      { pool: P.HUMOR, chance: pools.positive || feeling === 'bored' ? c.humor * 0.6 : 0 },
      ...moodSteps(ctx),
      ...lateStep(ctx, 1),
      // 'can't wait for christmas': a day everyone knows is not asked 'when is it?'.
      {
        pool: KNOWN_DAY.test(ctx.input.message)
          ? pools.follow.filter((entry) => !/when is it/i.test(asLine(entry).t))
          : pools.follow,
        chance: c.follow,
        follow: true,
      },
    ],
  };
}

/**
 * Hard news (hardship.ts): a gentle line for its kind, a body, maybe a small suggestion, and a gentle
 * question. No echo ('is it your cat?'), no joke, no related memory, no plan line: grief is not small talk.
 */
function planHardship(ctx: Context): Plan {
  const c = chances(ctx.voice);
  const pools = P.HARDSHIP_POOLS[ctx.analysis.hardship!.kind];
  return {
    nameChance: 0.45,
    steps: [
      { pool: pools.open },
      { pool: pools.body },
      {
        pool: pools.suggest,
        chance: ctx.analysis.hardship!.kind === 'hurt' ? 0.5 : c.suggest * 0.6,
      },
      ...lateStep(ctx, 1),
      { pool: pools.follow, chance: Math.max(c.follow, 0.5), follow: true },
    ],
  };
}

/** A request she answers in her own way (requests.ts): she does what she can, and says what she can't. */
function planRequest(ctx: Context): Plan {
  const c = chances(ctx.voice);
  const request = ctx.analysis.request!;
  switch (request.kind) {
    case 'story': {
      const about =
        request.subject && !/^(?:you|yourself|kiri|your\s+life)$/i.test(request.subject);
      const pool: Entry[] = about ? [...STORY_ABOUT] : ctx.untoldStories.map((i) => STORIES[i]!);
      return {
        nameChance: 0.3,
        steps: [
          { pool: ctx.storiesAllTold && !about ? P.STORY_ALL_TOLD : P.STORY_OPENERS },
          { pool, values: { x: request.subject } },
          { pool: P.STORY_AFTER, chance: 0.4, follow: true },
        ],
      };
    }
    case 'abilities':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.ABILITIES_OPENERS },
          { pool: [P.ABILITIES_LIST] },
          { pool: P.ABILITIES_AFTER, chance: 0.5 },
        ],
      };
    case 'sing':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.SING_OPENERS },
          { pool: ctx.unsungSongs.map((i) => SONGS[i]!) },
          { pool: P.SING_AFTER, chance: 0.5 },
        ],
      };
    case 'fact':
      return {
        nameChance: 0.3,
        steps: [
          { pool: ctx.factsAllTold ? P.FACTS_ALL_TOLD : P.FACT_OPENERS },
          { pool: ctx.untoldFacts.map((i) => FACTS[i]!) },
          { pool: P.FACT_AFTER, chance: 0.5, follow: true },
        ],
      };
    case 'cannot':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.CANNOT_ANSWERS[request.cannot!]! },
          // What she can do instead is the helpful half: always said.
          { pool: P.CANNOT_INSTEAD[request.cannot!]! },
        ],
      };
    case 'weather':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.WEATHER_ANSWERS }, { pool: P.WEATHER_FOLLOWS, follow: true }],
      };
    case 'meal_idea':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.MEAL_IDEA_OPENERS },
          { pool: request.subject === 'breakfast' ? P.BREAKFAST_IDEAS : P.MEAL_IDEAS },
          { pool: P.MEAL_IDEA_FOLLOWS, chance: Math.max(c.follow, 0.5), follow: true },
        ],
      };
    case 'send_photo':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.SEND_PHOTO_ANSWERS },
          { pool: P.SEND_PHOTO_FOLLOWS, chance: c.follow * 0.6, follow: true },
        ],
      };
    case 'secret':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.SECRET_ANSWERS }, { pool: P.SECRET_WHERE }],
      };
    case 'recommend': {
      const kind = request.recommend ?? 'none';
      const concrete = kind !== 'none' && kind !== 'it';
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.RECOMMEND_LINES[kind] },
          { pool: P.RECOMMEND_FOLLOWS, chance: concrete ? c.follow * 0.7 : 0, follow: true },
        ],
      };
    }
    case 'love_question':
      return {
        nameChance: 0.5,
        steps: [
          { pool: P.LOVE_ANSWERS[request.love ?? 'love'] },
          { pool: P.LOVE_FOLLOWS, chance: c.follow * 0.4, follow: true },
        ],
      };
    case 'reminder':
      return planReminder(ctx);
    case 'nickname':
      return ctx.nameBefore?.toLowerCase() === request.subject?.toLowerCase()
        ? { nameChance: 0, steps: [{ pool: P.NICKNAME_KNOWN }] }
        : {
            nameChance: 0,
            steps: [
              { pool: P.NICKNAME_ANSWERS },
              { pool: P.NICKNAME_AFTER, chance: 0.6 },
              { pool: P.NICKNAME_FOLLOWS, chance: c.follow * 0.5, follow: true },
            ],
          };
  }
}

/**
 * 'remind me …' reaches the engine on the device (offline) or, on the server, only when the reminder
 * reader did not take it. On the device she promises what the server will do when it hears the
 * message (set it, when the time is whole and still ahead); elsewhere she says how to ask.
 */
function planReminder(ctx: Context): Plan {
  const { input } = ctx;
  const ask = input.onDevice ? readReminderAsk(input.message, input.now, input.timeZone) : null;
  if (!ask) return { nameChance: 0.3, steps: [{ pool: P.REMINDER_HOW }] };
  if (ask.kind === 'unclear') {
    return {
      nameChance: 0.3,
      steps: [
        { pool: ask.missing === 'meridiem' ? P.REMINDER_OFFLINE_MERIDIEM : P.REMINDER_OFFLINE_ASK },
      ],
    };
  }
  const soon = ask.dueAt - input.now < 3 * 60 * 60_000;
  return {
    nameChance: 0.3,
    steps: [
      { pool: P.REMINDER_OFFLINE_SET, values: { task: ask.task, when: ask.when } },
      { pool: P.REMINDER_OFFLINE_SOON, chance: soon ? 1 : 0 },
    ],
  };
}

/** A question about herself, answered from her self-profile: the same fact every time. */
function planSelf(ctx: Context): Plan | null {
  const c = chances(ctx.voice);
  const { about, selfTopic } = ctx.analysis;
  let answer: readonly Entry[] | null = null;
  let asksBack = true;
  if (about === 'self' && selfTopic) {
    const topic = SELF_TOPICS.find((candidate) => candidate.id === selfTopic);
    answer = topic?.answers ?? null;
    asksBack = topic?.asksBack !== false;
  } else if (about === 'preference') {
    const thing = ctx.values.x;
    if (thing && /\bfavou?rite\b/i.test(ctx.analysis.rest)) answer = P.SELF_UNSURE_FAVOURITE;
    else if (thing) {
      const stance = selfStanceOn(thing);
      answer =
        stance === 'like' ? SELF_LIKE_YES : stance === 'dislike' ? SELF_LIKE_NO : SELF_LIKE_UNSURE;
    } else answer = P.SELF_WONDER;
  }
  if (!answer) return null;
  return {
    nameChance: 0.3,
    steps: [
      { pool: answer },
      ...lateStep(ctx, 0.4),
      { pool: P.SELF_FOLLOWS, chance: asksBack ? c.follow * 0.8 : 0, follow: true },
    ],
  };
}

function planAbout(ctx: Context): Plan {
  if (ctx.analysis.request) return planRequest(ctx);
  const self = planSelf(ctx);
  if (self) return self;
  const c = chances(ctx.voice);
  const kind = ctx.analysis.about ?? 'general';
  const pools = P.ABOUT_POOLS[kind] ?? P.ABOUT_POOLS.general!;
  let open = pools.open;
  if (kind === 'wellbeing' && ctx.input.mood) {
    const moodOpen = P.MOOD_WELLBEING[ctx.input.mood.mode];
    if (moodOpen) open = moodOpen;
  }
  let body = pools.body;
  let follow = pools.follow;
  if (kind === 'preference' && !ctx.values.x) {
    const wonder = P.ABOUT_POOLS.wonder!;
    [open, body, follow] = [wonder.open, wonder.body, wonder.follow];
  }
  // 'I'm good, you?': a word on theirs first, and no asking them back again.
  const askedBack = ctx.analysis.askedBack;
  const lead =
    askedBack === 'well'
      ? P.ASKED_BACK_LEADS.well
      : askedBack === 'meh' || askedBack === 'tired' || askedBack === 'busy'
        ? P.ASKED_BACK_LEADS.meh
        : null;
  return {
    nameChance: 0.35,
    steps: [
      ...(lead ? [{ pool: lead }] : []),
      { pool: open },
      { pool: body },
      { pool: P.HUMOR, chance: c.humor * 0.4 },
      ...lateStep(ctx, 0.6),
      ...(askedBack
        ? []
        : [
            {
              pool: follow,
              chance: kind === 'wellbeing' ? Math.max(c.follow, 0.6) : c.follow,
              follow: true,
            },
          ]),
    ],
  };
}

function planRemember(ctx: Context): Plan {
  const c = chances(ctx.voice);
  if (!ctx.remember) {
    return { nameChance: 0.3, steps: [{ pool: P.REMEMBER_NOTHING }] };
  }
  const r = reflectMemory(ctx.remember);
  return {
    nameChance: 0.4,
    steps: [
      { pool: P.REMEMBER_ACKS },
      { pool: VERB.test(r) ? P.REMEMBER_CLAUSE : P.REMEMBER_NOTE, values: { r } },
      ...lateStep(ctx, 0.5),
      { pool: P.REMEMBER_FOLLOWS, chance: c.follow * 0.6, follow: true },
    ],
  };
}

function planRecall(ctx: Context): Plan {
  const c = chances(ctx.voice);
  const { memories } = ctx.input;
  const query = ctx.analysis.recallQuery;
  if (query && /^(?:my\s+)?name$/i.test(query) && ctx.name) {
    return {
      nameChance: 0,
      steps: [
        { pool: P.RECALL_NAME },
        { pool: P.RECALL_FOLLOWS, chance: c.follow * 0.5, follow: true },
      ],
    };
  }
  if (memories.length === 0) {
    return { nameChance: 0.4, steps: [{ pool: P.RECALL_EMPTY }, { pool: P.RECALL_EMPTY_BODY }] };
  }
  if (!query) {
    const list = memories
      .slice(0, 3)
      .map((memory) => `- ${reflectMemory(memory.content)}`)
      .join('\n');
    return {
      nameChance: 0.4,
      steps: [
        { pool: P.RECALL_LIST_OPEN },
        { pool: ['{list}'], values: { list } },
        { pool: P.RECALL_FOLLOWS, chance: c.follow, follow: true },
      ],
    };
  }
  const ranked = findFacts(query, memories);
  const best = ranked[0];
  if (!best) {
    return {
      nameChance: 0.4,
      steps: [
        {
          pool: P.RECALL_MISSING,
          values: { q: reflect(query.replace(/\s+(?:called|named)$/i, '')) },
        },
        { pool: P.RECALL_MISSING_BODY },
      ],
    };
  }
  const steps: Step[] = [
    { pool: P.RECALL_FOUND, values: { r: reflectMemory(best.memory.content) } },
    {
      pool: P.RECALL_WHEN,
      chance: 0.6,
      values: { ago: timeAgo(best.memory.timestamp, ctx.input.now) },
    },
  ];
  const second = ranked[1];
  if (second && second.score === best.score) {
    steps.push({ pool: ['and also: {r}'], values: { r: reflectMemory(second.memory.content) } });
  }
  steps.push({ pool: P.RECALL_FOLLOWS, chance: c.follow * 0.5, follow: true });
  return { nameChance: 0.3, steps };
}

function planQuestion(ctx: Context): Plan {
  const c = chances(ctx.voice);
  if (ctx.analysis.question === 'time' || ctx.analysis.question === 'date') {
    return {
      nameChance: 0.3,
      steps: [
        { pool: ctx.analysis.question === 'time' ? P.TIME_ANSWERS : P.DATE_ANSWERS },
        ...lateStep(ctx, 1),
      ],
    };
  }
  if (ctx.analysis.question === 'math' && ctx.analysis.math) return planMath(ctx);
  if (ctx.analysis.question === 'request' && ctx.analysis.request) return planRequest(ctx);
  if (ctx.analysis.question === 'advice') return planAdvice(ctx);
  if (ctx.analysis.question === 'until' && ctx.dayPlan) {
    const { daysAway, when } = ctx.dayPlan;
    const pool = daysAway === 0 ? P.UNTIL_TODAY : daysAway === 1 ? P.UNTIL_TOMORROW : P.UNTIL_DAYS;
    return {
      nameChance: 0.3,
      steps: [{ pool, values: { when, away: `${daysAway} days` } }, ...lateStep(ctx, 0.5)],
    };
  }
  if (ctx.dayPlan) return planDay(ctx);
  if (ctx.analysis.question === 'help') {
    return {
      nameChance: 0.4,
      steps: [
        { pool: P.HELP_OPENERS },
        { pool: P.HELP_BODIES },
        { pool: P.HELP_SUGGEST, chance: Math.max(c.suggest, 0.3) },
        ...lateStep(ctx, 0.6),
      ],
    };
  }
  const echo = echoPool(ctx);
  return {
    nameChance: 0.3,
    steps: [
      { pool: P.QUESTION_OPENERS },
      ...(echo ? [{ pool: echo, chance: 0.55 }] : []),
      { pool: P.QUESTION_BODIES },
      ...memoryWeave(ctx),
      { pool: P.QUESTION_SUGGEST, chance: c.suggest },
      { pool: P.QUESTION_REASONS, chance: c.reason, afterPrevious: true },
      { pool: P.QUESTION_HUMOR, chance: c.humor * 0.7 },
      ...lateStep(ctx, 0.6),
      { pool: P.QUESTION_FOLLOWS, chance: c.follow, follow: true },
    ],
  };
}

/** A joke told, a knock-knock or riddle played along, a laugh at hers answered (jokes.ts). */
function planJoke(ctx: Context): Plan {
  const c = chances(ctx.voice);
  const joke = ctx.analysis.joke!;
  switch (joke.move) {
    case 'tell': {
      const pool: Entry[] = ctx.untoldJokes.map(
        (i) => `${JOKES[i]!.setup} … ${JOKES[i]!.punchline}!`,
      );
      return {
        nameChance: 0.3,
        steps: [
          { pool: ctx.jokesAllTold ? P.JOKES_ALL_TOLD : P.JOKE_OPENERS },
          { pool },
          { pool: P.JOKE_AFTER, chance: 0.5 + c.humor * 0.3, follow: true },
        ],
      };
    }
    case 'who_is_there':
      return { nameChance: 0, steps: [{ pool: P.KNOCK_WHO }] };
    case 'who':
      return { nameChance: 0, steps: [{ pool: P.KNOCK_NAME_WHO, values: { jn: joke.name } }] };
    case 'guess':
      return { nameChance: 0.2, steps: [{ pool: P.RIDDLE_GUESS }] };
    case 'laugh_at_punchline':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.LAUGH_AT_OWNER }, { pool: P.LAUGH_FOLLOWS, chance: 0.6, follow: true }],
      };
    case 'laughed_at_hers':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.HERS_LANDED }, { pool: P.HERS_FOLLOWS, chance: 0.6, follow: true }],
      };
    case 'groaned_at_hers':
      return {
        nameChance: 0.2,
        steps: [{ pool: P.HERS_GROANED }, { pool: P.HERS_FOLLOWS, chance: 0.5, follow: true }],
      };
  }
}

/** A sum answered right, or honestly declined (arithmetic.ts). */
function planMath(ctx: Context): Plan {
  const math = ctx.analysis.math!;
  if (math.kind === 'decline') {
    return { nameChance: 0.2, steps: [{ pool: P.MATH_DECLINE[math.reason]! }] };
  }
  const exact = Number.isInteger(math.value);
  return {
    nameChance: 0.2,
    steps: [
      { pool: exact ? P.MATH_ANSWERS : P.MATH_ANSWERS_ROUGH, values: { result: math.result } },
    ],
  };
}

/** 'you there?', 'say something': she is there, and she opens a topic. */
function planNudge(ctx: Context): Plan {
  return {
    nameChance: 0.4,
    steps: [{ pool: P.NUDGE_OPENERS }, ...lateStep(ctx, 0.5), { pool: P.NUDGE_STARTERS }],
  };
}

/** Rule namesMany: 'drinks', 'finals', 'exams' are many; 'class', 'bus', 'news' are one. */
export function namesMany(event: string): boolean {
  const last = event.trim().split(/\s+/).pop()!.toLowerCase();
  return (
    /[^siu']s$/.test(last) && !['news', 'series', 'species', 'physics', 'maths'].includes(last)
  );
}

/** The plan's own line: when it is, from her side, and a word for the kind of event. */
function planSteps(ctx: Context, c: ReturnType<typeof chances>, withFollow: boolean): Step[] {
  const plan = ctx.dayPlan;
  if (!plan) return [];
  const values = {
    event: plan.event ? `your ${plan.event}` : null,
    // 'your drinks are tonight', not 'your drinks is tonight'.
    is: plan.event && namesMany(plan.event) ? 'are' : 'is',
    when: plan.when,
    away: plan.daysAway >= 2 ? `${plan.daysAway} days` : null,
  };
  // A plan with a name says it ('your gym session, today at 6 pm', not 'got it: today at 6 pm').
  const lines = P.PLAN_LINES[plan.kind]!;
  const named = lines.filter((line) => asLine(line).t.includes('{event}'));
  return [
    { pool: values.event && named.length > 0 ? named : lines, values },
    { pool: P.PLAN_AWAY, chance: 0.5, values },
    ...(withFollow
      ? [{ pool: P.PLAN_FOLLOWS[plan.kind]!, chance: Math.max(c.follow, 0.5), follow: true }]
      : []),
  ];
}

function planDay(ctx: Context): Plan {
  const c = chances(ctx.voice);
  return {
    nameChance: 0.3,
    steps: [
      ...planSteps(ctx, c, false),
      ...memoryWeave(ctx),
      ...lateStep(ctx, 0.5),
      ...planSteps(ctx, c, true).slice(2),
    ],
  };
}

function planAdvice(ctx: Context): Plan {
  const c = chances(ctx.voice);
  return {
    nameChance: 0.3,
    steps: [
      { pool: P.QUESTION_OPENERS },
      { pool: P.ADVICE_BODIES },
      { pool: P.QUESTION_SUGGEST, chance: c.suggest },
      { pool: P.QUESTION_REASONS, chance: c.reason, afterPrevious: true },
      ...lateStep(ctx, 0.6),
      { pool: P.QUESTION_FOLLOWS, chance: c.follow, follow: true },
    ],
  };
}

/**
 * The owner wishing to move on from their job: a new one wanted or looked for ('I need to get a new
 * job', 'maybe I should look for another job', 'time to find a new job'), quitting or leaving thought of
 * ('I might quit my job', "I'm thinking of leaving my job"), the notice handed in, jobs changed. Their
 * own job only: 'my sister wants to quit her job' and 'I should quit smoking' are not, and leaving
 * work is the end of a day ('I want to leave work early').
 */
const JOB_CHANGE = new RegExp(
  `\\b(?:${[
    String.raw`(?:need|want|wanna|have|got|should|could|might|must|gonna|going|ought|time)\s+(?:to\s+)?(?:start\s+)?(?:get|find|look(?:ing)?\s+for|search(?:ing)?\s+for)\s+(?:a\s+)?(?:new|different|better|another)\s+(?:job|work)`,
    String.raw`(?:need|want)\s+(?:a\s+)?(?:new|different|better|another)\s+job`,
    String.raw`(?:want|wanna|going|gonna|should|could|might|may|will|thinking\s+(?:about|of))\s+(?:to\s+)?(?:just\s+)?(?:quit(?:ting)?\s+(?:my\s+job|work)|leav(?:e|ing)\s+my\s+job)`,
    String.raw`thinking\s+(?:about|of)\s+quitting`,
    String.raw`looking\s+for\s+(?:a\s+)?(?:new\s+)?(?:job|work)`,
    String.raw`job\s+hunting|applying\s+(?:for|to)\s+(?:jobs|new\s+jobs)`,
    String.raw`(?:hand(?:ing)?|put(?:ting)?)\s+in\s+my\s+(?:notice|resignation)`,
    String.raw`(?:want|wanna|going|gonna|should|need|thinking\s+(?:about|of))\s+(?:to\s+)?(?:change|changing|switch|switching)\s+jobs`,
  ].join('|')})\\b`,
  'i',
);

/** The small-talk topic of a statement, for a reaction that fits it. */
function smallTalkOf(text: string): string | null {
  // 'my mom called, she says hi': a hello passed on gets one back.
  if (
    /\b(?:says?|said|sends?|sent)\s+(?:you\s+)?(?:hi|hello|hey|her\s+love|his\s+love|their\s+love|love)\b|\bsay(?:s)?\s+hi\s+to\s+you\b/i.test(
      text,
    )
  )
    return 'says_hi';
  // The ride's small trials before the ride itself ('the wifi on this train', 'on the bus').
  // 'the wifi on this train is terrible', 'no signal': she still answers on the device.
  if (
    /\b(?:(?:wifi|wi-fi|signal|internet|connection|reception)\s+(?:here\s+|on\s+(?:this|the)\s+\w+\s+)?(?:is\s+|keeps\s+)?(?:so\s+|really\s+)?(?:terrible|awful|bad|slow|rubbish|trash|horrible|dropping|cutting\s+out|non-?existent|gone)|no\s+(?:signal|wifi|reception|internet))\b/i.test(
      text,
    )
  )
    return 'bad_wifi';
  // 'someone is playing loud music on the bus', 'the train is so packed': the ride's small trials.
  if (
    /\b(?:(?:someone|somebody|this\s+(?:guy|man|woman|lady|kid)|people)\s+(?:is\s+|are\s+|keeps\s+)?(?:playing|blasting)\s+(?:loud\s+)?music|(?:playing|blasting)\s+loud\s+music|(?:train|bus|tram|metro|subway|tube)\s+is\s+(?:so\s+|really\s+|super\s+)?(?:packed|crowded|full)|talking\s+(?:so\s+)?loud(?:ly)?\s+on\s+(?:the|their|his|her)\s+phone)\b/i.test(
      text,
    )
  )
    return 'ride_trial';
  // Where the owner is, first: 'on my way to work' is the ride, not the work.
  if (
    /\b(?:i'?m\s+(?:finally\s+)?home|(?:just\s+)?got\s+home|(?:finally|back)\s+home|home\s+at\s+last)\b/i.test(
      text,
    )
  )
    return 'home';
  // "I'm so far away from home", "I'm homesick": missing home, not 'i like hearing about your day'.
  if (
    /\bhome\s*sick\b|\b(?:i'?m|im|i\s+am|i\s+feel|feeling|living)\s+(?:so\s+|really\s+|very\s+|too\s+)?far\s+(?:away\s+)?from\s+home\b|\bi\s+(?:really\s+|just\s+|kinda\s+)?miss\s+home\b/i.test(
      text,
    )
  )
    return 'homesick';
  // 'she lives in another country', 'my brother moved abroad': someone far off, not 'what's next?'.
  if (
    /\b(?:lives?|living|moved|is|are)\s+(?:(?:so|really|very)\s+)?(?:in\s+(?:another|a\s+different)\s+(?:country|city|continent|state|time\s*zone)|far\s+away|abroad|overseas|across\s+the\s+(?:world|ocean|country))\b|\blong[\s-]distance\b/i.test(
      text,
    )
  )
    return 'far_away';
  // 'my boss is going to kill me', "mom's gonna kill me": trouble dreaded, not work's 'a full day'.
  if (
    /\b(?:boss|manager|mom|mum|dad|mother|father|parents|teacher|coach|wife|husband|girlfriend|boyfriend|partner|sister|brother|he|she|they)(?:\s+(?:is|are)|'s|'re)\s+(?:so\s+)?(?:going\s+to|gonna)\s+(?:kill|murder)\s+me\b/i.test(
      text,
    )
  )
    return 'in_trouble';
  // "I'll try", "I'll do my best": a promise to try, not 'oh, you'll try!' or 'your best, huh?'.
  if (
    /^(?:(?:ok(?:ay)?|yeah|yes|alright|sure|thanks|thank\s+you|mm+|hm+)[\s,.!~]+)*(?:i'?ll|i\s+will|i'?m\s+gonna|i'?m\s+going\s+to)\s+(?:try(?:\s+again|\s+my\s+(?:best|hardest))?|do\s+my\s+(?:best|best\s+to|hardest))(?:\s+(?:today|tonight|tomorrow|later|next\s+time))?[\s!.~]*$/i.test(
      text,
    )
  )
    return 'trying';
  // "ok I'll try that", "I'll give it a go": her idea taken up, not 'oh, you'll try that!'.
  if (
    /^(?:(?:ooh+|oh+|ok(?:ay)?|alright|sure|yes|yeah|cool|nice|great|sounds\s+good|good\s+idea)[\s,.!~]+)*(?:i'?ll|i\s+will|i'?m\s+gonna|i'?m\s+going\s+to|gonna|will)\s+(?:(?:definitely|totally|maybe|probably)\s+)?(?:try|check|look|give)\s+(?:that|it|this|them|those)(?:\s+(?:out|up|a\s+(?:try|go|shot)))?(?:\s+(?:later|tonight|tomorrow|sometime|this\s+weekend))?[\s!.~]*$/i.test(
      text,
    )
  )
    return 'will_try';
  // 'ugh overslept', 'my alarm didn't go off': a rushed morning.
  if (
    /\b(?:overslept|over\s+slept|slept\s+through\s+(?:my|the)\s+alarms?|(?:my|the)\s+alarm\s+(?:didn'?t|did\s+not|never)\s+(?:go\s+off|ring)|woke\s+up\s+(?:so\s+|really\s+|super\s+)?late)\b/i.test(
      text,
    )
  )
    return 'overslept';
  // "I'll be late for my meeting", "I'm running late": late, not a meeting's 'how did it go?'.
  if (
    /\b(?:(?:i'?ll|i\s+will|i'?m\s+going\s+to|i'?m\s+gonna|gonna)\s+be\s+(?:so\s+|really\s+|super\s+)?late|(?:i'?m|i\s+am)\s+(?:so\s+|really\s+)?running\s+late|running\s+(?:so\s+|really\s+)?late|(?:i'?m|i\s+am)\s+(?:so\s+|really\s+|already\s+)?late\s+(?:for|to)\b)/i.test(
      text,
    )
  )
    return 'running_late';
  // The ride's end: 'this is my stop', 'getting off the train', 'I'm at the office now'.
  if (
    /\b(?:(?:this\s+is|here'?s|that'?s)\s+my\s+stop|my\s+stop\s+is\s+(?:coming|next|here|up)|(?:next|coming\s+up)\s+is\s+my\s+stop|(?:get(?:ting)?|got|hop(?:ping)?)\s+off\s+(?:the|my)\s+(?:train|bus|tram|metro|subway|tube|ferry)|(?:just\s+)?(?:got|arrived|made\s+it)\s+(?:to|at)\s+(?:work|the\s+office|school|uni|class|the\s+station)|(?:i'?m|i\s+am)\s+(?:at|in)\s+(?:work|the\s+office)\s+(?:now|already)|(?:i'?m|i\s+am)\s+here\s+(?:at|in)\s+(?:work|the\s+office)|(?:almost|nearly)\s+(?:at\s+)?(?:work|the\s+office|school|uni))\b/i.test(
      text,
    )
  )
    return 'arrived';
  if (
    /\b(?:on\s+(?:the|my)\s+(?:train|bus|tram|metro|subway|tube|ferry|way)|(?:train|bus|tram)(?:'s|\s+is)\s+(?:finally\s+)?here|here\s+comes\s+(?:my|the)\s+(?:train|bus|tram)|(?:train|bus|tram)\s+(?:just\s+)?(?:came|pulled\s+in)|commut(?:e|ing)|heading\s+(?:home|to\s+work|in)|(?:going|off|leaving|setting\s+off|headed)\s+(?:to|for)\s+(?:work|the\s+office)(?!\s+(?:on|out|it|through|with|from|hard|things|together)\b)|leaving\s+(?:work|the\s+office)|(?:almost|nearly)\s+home|in\s+(?:a|the)\s+tunnel|no\s+signal)\b/i.test(
      text,
    )
  )
    return 'commute';
  // 'it's saturday finally', 'tgif': the weekend, glad with them.
  if (
    /\b(?:(?:it'?s|it\s+is)\s+(?:finally\s+)?(?:friday|saturday|sunday|the\s+weekend)(?:\s+(?:finally|at\s+last))?\s*[!.~]*$|(?:finally|yay|happy)\s+(?:friday|saturday|(?:the\s+)?weekend)|tgif|weekend\s+(?:at\s+last|finally|is\s+here))\b/i.test(
      text,
    )
  )
    return 'weekend';
  // 'no plans today, just relaxing', 'lazy day': a slow day, nothing to ask about how it went.
  if (
    /^(?:(?:a|probably\s+a|definitely\s+a)\s+)?(?:slow|quiet|lazy|chill)\s+one\b|\b(?:relaxing|chilling|chillin|taking\s+it\s+easy|lazy\s+(?:day|sunday|saturday|morning|afternoon|evening)|doing\s+nothing|no\s+plans)\b/i.test(
      text,
    )
  )
    return 'relaxing';
  // 'I've seen that one' (after her recommendation, often): not 'would you recommend it to me?'.
  if (
    /\b(?:i'?ve|i\s+have)\s+(?:already\s+)?(?:seen|read|watched|heard)\s+(?:it|that(?:\s+one)?|this(?:\s+one)?)(?:\s+(?:already|before))?\s*[!.~]*$/i.test(
      text,
    )
  )
    return 'seen_it';
  // 'I can't stop thinking about what she said': something on their mind, not 'your day'.
  if (
    /\b(?:can'?t\s+stop\s+thinking\s+about|keep\s+thinking\s+about|(?:is|been)\s+on\s+my\s+mind|can'?t\s+get\s+(?:it|that|this|\w+)\s+out\s+of\s+my\s+head)\b/i.test(
      text,
    )
  )
    return 'on_mind';
  // 'I had a weird dream last night' ('a bad dream' is a scare, read before as hard news).
  // Not 'I dream of going to japan': that dream is a wish; nor 'the traffic was a nightmare'.
  if (
    /\b(?:(?:had|have|having)\s+(?:a|the|this|that|such\s+a|another)\s+(?:\w+\s+){0,2}(?:dream|nightmare)s?(?!\s+of\b)|dreamt|dreamed\s+(?:last\s+night|that))\b/i.test(
      text,
    )
  )
    return 'dream';
  // 'my roommate ate my leftovers': food taken from them is a grievance, not 'that sounds delicious'.
  if (
    /\b(?:ate|eaten|drank|stole|took|finished)\s+(?:all\s+)?my\s+(?:\w+\s+)?(?:leftovers|food|lunch|dinner|snacks?|fries|pizza|cake|chocolate|coffee|milk|cookies|dessert|sandwich)\b/i.test(
      text,
    )
  )
    return 'food_taken';
  // 'I started learning guitar': something new, asked how it goes.
  if (
    /\b(?:(?:started|starting|began|took\s+up|taking\s+up)\s+(?:learning|to\s+learn|lessons|playing|practi[cs]ing)|i'?m\s+learning\s+(?:to\s+)?\w+|learning\s+(?:to\s+play\s+)?(?:the\s+)?(?:guitar|piano|violin|drums|ukulele|french|spanish|japanese|german|italian|korean|chinese|to\s+(?:code|draw|paint|knit|cook|swim|drive)))\b/i.test(
      text,
    )
  )
    return 'learning';
  // 'my plant is dying', 'my basil died': a plant, not a loved one (no grief) and not 'your day'.
  if (
    /\bmy\s+(?:\w+\s+)?(?:plants?|flowers|basil|cactus|succulents?|monstera|orchid|fern|bonsai)\s+(?:is|are|was|were|just)?\s*(?:dying|dead|died|wilting|drooping)\b/i.test(
      text,
    )
  )
    return /\b(?:dead|died)\b/i.test(text) ? 'plant_died' : 'plant';
  // 'I cleaned my whole apartment': a chore done, well done.
  if (
    /\b(?:cleaned|tidied|vacuumed|hoovered|organi[sz]ed|decluttered|did\s+(?:the|all\s+the|my)\s+(?:laundry|dishes|chores|washing|cleaning)|finished\s+(?:the|my|all\s+the)\s+(?:laundry|dishes|chores))\b/i.test(
      text,
    )
  )
    return 'chores_done';
  // 'I got a new haircut': a new look.
  if (
    /\b(?:(?:got|had|getting)\s+(?:a\s+)?(?:new\s+)?hair\s*cut|new\s+hair\s*cut|(?:dyed|cut|coloured|colored)\s+my\s+hair|got\s+my\s+hair\s+(?:cut|done|dyed))\b/i.test(
      text,
    )
  )
    return 'new_look';
  // 'meeting some friends later': friends, not work's 'meeting'.
  if (
    /\b(?:meeting|seeing|meet|see|hanging\s+out\s+with|hang\s+out\s+with|catching\s+up\s+with)\s+(?:up\s+with\s+)?(?:some\s+|my\s+|a\s+|an\s+old\s+|old\s+)?(?:friends?|mates|the\s+girls|the\s+guys|the\s+gang|family)\b/i.test(
      text,
    )
  )
    return 'social';
  // 'I spilled coffee on my shirt', 'my cat knocked over my plant': a mishap, not the coffee's
  // 'that sounds delicious' or the cat's 'did they enjoy it?'.
  if (
    /\b(?:spilled|spilt|dropped|knocked\s+over|knocked\s+off|smashed|tripped|fell\s+off|locked\s+myself\s+out)\b/i.test(
      text,
    )
  )
    return 'mishap';
  // 'I can't find my keys': the last place they look, not 'tell me more?'.
  if (
    /\b(?:can'?t|cannot|couldn'?t)\s+find\s+my\s+(?:keys|wallet|phone|glasses|headphones|earphones|airpods|charger|badge|ticket|card|umbrella|id|pass)\b/i.test(
      text,
    )
  )
    return 'lost_item';
  // 'my phone is about to die', 'on 5% battery': a charger, quick.
  if (
    /\b(?:i'?m|im|i\s+am)\s+on\s+\d{1,2}\s?%/i.test(text) ||
    /\b(?:(?:phone|battery)\s+(?:is\s+)?(?:about\s+to\s+die|dying|almost\s+dead|nearly\s+dead)|(?:on|at)\s+\d{1,2}\s?%\s+battery|(?:phone|battery)\s+(?:is\s+)?(?:on|at)\s+\d{1,2}\s?%|low\s+battery|battery\s+(?:is\s+)?(?:low|at\s+\d{1,2}))(?!\w)/i.test(
      text,
    )
  )
    return 'battery_low';
  // 'I'm so full', 'food coma': a meal behind them, not 'thank you for telling me'.
  if (
    /\b(?:(?:i'?m|im|i\s+am)\s+(?:so\s+|really\s+|super\s+|way\s+too\s+|sooo+\s+)?(?:full|stuffed)|ate\s+(?:way\s+|far\s+)?too\s+much|food\s+coma)\b/i.test(
      text,
    )
  )
    return 'full';
  // 'it's snowing!': snow is news of its own, before the weather's small talk.
  if (/\b(?:snowing|it\s+snowed|first\s+snow|snow\s+day|snowfall)\b|^snow\b/i.test(text))
    return 'snow';
  // 'I'm off tomorrow', 'day off today': a day of their own, not a goodbye or a plan to ask about.
  if (DAY_OFF.test(text) && !/\b(?:cancel+ed|ruined|over|taken\s+away|gone)\b/i.test(text))
    return 'day_off';
  // 'I'm working today', 'I have work tomorrow': a working day ahead, not 'how did it go, honestly?'.
  if (WORK_DAY.test(text) && !/\b(?:not|no\s+longer|anymore)\b/i.test(text))
    return WORK_TOMORROW.test(text) && !/\btoday\b/i.test(text) ? 'work_tomorrow' : 'work_day';
  // 'just got off work': the day's work done, time of their own.
  if (
    /\b(?:(?:just\s+)?(?:got|get|getting)\s+off\s+work|(?:just\s+)?(?:finished|done\s+with|clocked\s+out\s+of)\s+work(?:\s+for\s+(?:the\s+day|today))?|(?:just\s+)?clocked\s+out|off\s+work\s+(?:now|at\s+last|finally))\b/i.test(
      text,
    )
  )
    return 'off_work';
  // 'my boss was in a bad mood all day': someone hard to be around, not work's 'a full day'.
  if (
    /\b(?:boss|manager|coworker|co-worker|colleague|teacher|roommate|flatmate|neighbou?r|customer|client)s?\s+(?:was|were|is|are|has\s+been|have\s+been|keeps?\s+being)\s+(?:in\s+a\s+(?:bad|terrible|foul|awful)\s+mood|(?:so\s+|really\s+|super\s+|being\s+)?(?:rude|grumpy|annoying|mean|difficult|moody|snappy|passive[\s-]aggressive|a\s+nightmare))/i.test(
      text,
    )
  )
    return 'difficult_person';
  // 'I forgot to eat lunch': a meal missed, not 'now i'm hungry'.
  if (
    /\b(?:forgot\s+to\s+eat|skipped\s+(?:breakfast|lunch|dinner|a\s+meal|meals)|(?:haven'?t|have\s+not|didn'?t)\s+(?:eaten|had\s+(?:any(?:thing)?\s+)?(?:food|lunch|breakfast|dinner))(?:\s+(?:all\s+day|yet|today))?|no\s+time\s+(?:to|for)\s+(?:eat|lunch))\b/i.test(
      text,
    )
  )
    return 'skipped_meal';
  // 'ordering takeout tonight': a night off from cooking.
  if (
    /\b(?:takeout|take-out|takeaway|food\s+delivery|ordering\s+(?:food|in|takeout|a\s+pizza|pizza|sushi|chinese|thai|indian))\b/i.test(
      text,
    )
  )
    return 'takeout';
  // 'I'm gonna take a bath': off to unwind, seen off.
  if (
    /\b(?:(?:gonna|going\s+to|about\s+to|off\s+to|time\s+(?:for|to)|taking|take|run(?:ning)?|having)\s+(?:a\s+)?(?:long\s+|hot\s+|nice\s+)?(?:bubble\s+)?bath)\b/i.test(
      text,
    )
  )
    return 'bath';
  // 'the train is so quiet today': a calm ride, enjoyed.
  if (
    /\b(?:train|bus|tram|metro|subway|tube|carriage|ride|commute)\s+(?:is|was)\s+(?:so\s+|really\s+|super\s+|nice\s+and\s+)?(?:quiet|empty|peaceful|calm)\b/i.test(
      text,
    )
  )
    return 'quiet_ride';
  // 'a guy just gave up his seat for an old lady': a kindness seen.
  if (
    /\b(?:gave\s+up\s+(?:his|her|their|my)\s+seat|held\s+the\s+door|paid\s+for\s+my|helped\s+(?:an?\s+)?(?:old|elderly|blind|lost)\s+\w+|random\s+act\s+of\s+kindness)/i.test(
      text,
    )
  )
    return 'kindness';
  // 'ugh mondays': the week's start, a groan she shares.
  if (
    /\b(?:ugh+|hate|another|case\s+of\s+the)\s+mondays?\b|^mondays?[\s!.~]*$|\bmonday\s+blues\b/i.test(
      text,
    )
  )
    return 'monday';
  // December's small news: 'I bought a christmas tree', 'christmas shopping', 'wrapping presents'.
  if (
    /\b(?:christmas|xmas)\s+(?:tree|shopping|presents?|gifts?|lights|decorations?|market|jumper|sweater|movie|film|songs?|music|party|cookies)\b|\b(?:decorating|decorated|put\s+up)\s+(?:the\s+|my\s+|our\s+)?(?:tree|christmas\s+tree|decorations)\b|\bwrapping\s+(?:presents|gifts)\b/i.test(
      text,
    )
  )
    return 'christmas';
  // 'I'm making a cup of tea': a drink, not 'now i'm hungry' or 'enjoy every bite'.
  if (
    /\b(?:making|having|drinking|made|brewing|grabbing|getting|need)\s+(?:a\s+|my\s+|some\s+|another\s+)?(?:(?:cup|mug|pot)\s+of\s+)?(?:tea|coffee|hot\s+chocolate|cocoa|latte|cappuccino|matcha)\b|\b(?:get|grab|buy|pick\s+up|getting|grabbing|buying)\s+(?:a|an|me\s+a|myself\s+a)\s+(?:quick\s+|little\s+|big\s+|hot\s+|iced\s+)?(?:tea|coffee|hot\s+chocolate|latte|cappuccino|flat\s+white|americano|espresso|matcha)\b|^(?:coffee|tea)\s+time\b/i.test(
      text,
    )
  )
    return 'drink';
  // 'my friend is getting married': a wedding, told gladly ('I'm getting married!' is happy news, read
  // before any topic).
  if (/\b(?:getting\s+married|wedding|engaged)\b/i.test(text)) return 'wedding';
  // 'I'm going to the dentist', 'doctor's appointment': a visit ahead, hoped to be quick.
  if (
    /\b(?:dentist|doctor'?s?\s+appointment|doctor|gp\s+appointment|check-?up|the\s+vet|optician|blood\s+test)\b/i.test(
      text,
    )
  )
    return 'appointment';
  // 'on my lunch break': a breather, before the food it may name.
  if (
    /\b(?:on\s+(?:my|a|the)\s+(?:lunch\s+|coffee\s+|tea\s+|quick\s+)?break|(?:taking|having)\s+(?:a\s+|my\s+)?(?:quick\s+)?(?:lunch\s+|coffee\s+|tea\s+)?break)\b/i.test(
      text,
    )
  )
    return 'break';
  if (/\b(?:rain(?:ing|y)?|drizzl\w*|pouring)\b/i.test(text)) return 'rain';
  // 'my coffee is too hot', 'my tea went cold': the cup, not the weather.
  if (DISH_TOO_HOT.test(text)) return 'dish_too_hot';
  if (DISH_GONE_COLD.test(text)) return 'dish_gone_cold';
  // 'it's so hot in the office': a complaint about the heat, not the weather's small talk.
  if (
    /\b(?:(?:so|really|very|too|super|boiling|roasting)\s+hot|(?:it'?s|it\s+is)\s+hot|heatwave|boiling|sweating|melting)\b/i.test(
      text,
    )
  )
    return 'hot';
  if (
    /\b(?:freezing|(?:so|really|very|too|super|bitterly)\s+cold|(?:it'?s|it\s+is)\s+cold)\b/i.test(
      text,
    )
  )
    return 'cold';
  if (/\b(?:hungry|starving|starved|peckish)\b/i.test(text)) return 'hungry';
  if (/\b(?:weather|sunny|snow(?:ing)?|cold|hot|warm|windy|cloudy)\b/i.test(text)) return 'weather';
  if (/\b(?:(?:just\s+)?woke\s+up|just\s+got\s+up|got\s+up\s+late)\b/i.test(text)) return 'woke';
  if (
    /\b(?:in\s+bed|lying\s+(?:in|on)\s+(?:bed|the\s+(?:couch|sofa))|on\s+the\s+(?:couch|sofa)|under\s+(?:a|the|my)\s+blanket)\b/i.test(
      text,
    )
  )
    return 'bed';
  if (
    /\bmy\s+(?:cat|dog|puppy|kitten|pet|bunny|rabbit|hamster|parrot)s?\b|\b(?:the|our)\s+(?:cat|dog)\b/i.test(
      text,
    )
  )
    // 'we went hiking with our dog' is told: not 'what are they up to?'.
    return /\b(?:went|took|was|were|did|had|\w+ed)\b/i.test(text)
      ? 'pet_told'
      : // 'my dog is sleeping on my feet' says what they are up to.
        /\b(?:is|are)\s+(?:\w+\s+)?\w+ing\b/i.test(text)
        ? 'pet_now'
        : 'pet';
  // 'I'll watch something after dinner' is about the watching: the meal only says when.
  const meal = text.replace(
    /\b(?:after|before|during|at|until|till)\s+(?:dinner|lunch|breakfast)\b/gi,
    '',
  );
  if (
    /\b(?:ate|eat|eating|cooked|cooking|dinner|lunch|breakfast|pizza|pasta|ramen|sushi|coffee|tea|cake|snack|sandwich|burger|salad|soup|noodles|curry|tacos?|pancakes|toast|steak|fries)\b/i.test(
      meal,
    )
  ) {
    // 'I'm cooking dinner' is not asked 'was it good?'.
    if (/\b(?:ate|had|cooked|made|tried|baked|ordered|brought|bought|got|was|were)\b/i.test(meal))
      return 'food';
    // 'I'm making pasta' is not asked what they are having.
    return /\b(?:pizza|pasta|ramen|sushi|coffee|tea|cake|curry|soup|salad|noodles|rice|burgers?|tacos?|pancakes|eggs|toast|sandwich|steak|chicken|fish)\b/i.test(
      meal,
    )
      ? 'food_named_now'
      : 'food_now';
  }
  if (
    /\b(?:study|studying|studied|exams?|revision|revising|lecture|homework|assignment|essay|class|school|uni|university)\b/i.test(
      text,
    )
  )
    return 'study';
  // 'I need to get a new job', 'thinking about quitting': a wish to move on, not 'a full day'.
  if (JOB_CHANGE.test(text)) return 'job_change';
  // 'work out' is exercise (below), when it works out nothing.
  if (/\b(?:work(?!\s+out\b)|working(?!\s+out\b)|job|office|boss|meeting|shift)\b/i.test(text))
    return 'work';
  if (
    /\b(?:video\s*games?|gaming|(?:played|playing)\s+(?:a\s+|some\s+)?games?|minecraft|fortnite|zelda|pok[eé]mon|playstation|xbox|nintendo)\b/i.test(
      text,
    )
  )
    return 'games';
  // 'I think I'll watch something later': what to watch is still open.
  if (
    /\b(?:i'?ll|i\s+will|going\s+to|gonna|want\s+to|might|may)\s+(?:\w+\s+)?(?:watch|read|binge)\b/i.test(
      text,
    )
  )
    return 'screen_later';
  if (
    /\b(?:movie|film|series|show|episode|season|netflix|anime|book|novel|documentary|youtube|podcast)\b/i.test(
      text,
    )
  )
    // 'I'm watching a movie' is not asked 'what did you think of it?' yet; 'I finished reading my
    // book' is, not 'is it any good so far?'.
    return /\b(?:watching|reading|binging|starting)\b/i.test(text) &&
      !/\b(?:finished|done|just\s+read|through\s+with)\b/i.test(text)
      ? 'screen_now'
      : 'screen';
  if (/\b(?:song|music|album|playlist|concert|band)\b/i.test(text)) return 'music';
  if (
    /\b(?:gym|run|ran|running|workout|yoga|swim|swam|swimming|walk|walking|hike|hiking|jog|jogging|exercise)\b/i.test(
      text,
    ) ||
    // 'going to work out', 'I just worked out'; not working out the details or what to say.
    /\b(?:work(?:ing)?\s+out|i\s+(?:just\s+)?worked\s+out)\b(?!\s+(?:the|a|an|what|how|why|that|this|it|whether|if|who|where|when|which|my|our|his|her|their|some|any|for\s+(?:you|me|us|them|him|her|the|a)\b|well|fine|great|okay|ok|in\s+the\s+end)\b)/i.test(
      text,
    )
  )
    // 'I should exercise more', 'I need to start running again': a resolution, not off they go.
    return /\b(?:should|need\s+to|have\s+to|want\s+to|wanna|gotta|must|plan\s+to|trying\s+to|try\s+to)\b[^.!?]{0,40}\b(?:more(?:\s+often)?|again|regularly|every\s+(?:day|week|morning)|start|get\s+back\s+into|get\s+into)\b/i.test(
      text,
    )
      ? 'exercise_goal'
      : // 'ok going for my walk now', 'off to the gym': off they go, nothing to ask about it yet.
        toldAhead(text) ||
          /^(?:(?:ok(?:ay)?|so|alright|right)[\s,]+)*(?:i'?m\s+)?(?:going\s+(?:for|to)|off\s+(?:to|for)|heading\s+(?:out|off|to)|about\s+to|leaving\s+for)\b/i.test(
            text,
          )
        ? 'exercise_ahead'
        : 'exercise';
  return null;
}

/** 'I like pizza', 'I love my mom', 'I hate mondays' (likes.ts). */
function planLikes(ctx: Context): Plan {
  const { kind, thing, person, pronoun } = ctx.analysis.likes!;
  const likes = kind === 'likes';
  if (person) {
    return {
      nameChance: 0.3,
      steps: likes
        ? [{ pool: P.LIKES_PERSON }, { pool: P.LIKES_PERSON_FOLLOWS, chance: 0.6, follow: true }]
        : [{ pool: P.DISLIKES_PERSON }],
    };
  }
  // 'I love it' answers what she said: no question about 'it'.
  if (pronoun) return { nameChance: 0.3, steps: [{ pool: likes ? P.LIKES_IT : P.DISLIKES_IT }] };
  const open = thing
    ? likes
      ? P.LIKES_THING
      : P.DISLIKES_THING
    : likes
      ? P.LIKES_SAID
      : P.DISLIKES_SAID;
  return {
    nameChance: 0.3,
    steps: [
      { pool: open },
      {
        pool: likes ? P.LIKES_FOLLOWS : P.DISLIKES_FOLLOWS,
        chance: Math.max(chances(ctx.voice).follow, 0.6),
        follow: true,
      },
    ],
  };
}

/**
 * Rule needsANextStep: a statement gets 'want to think through what to do next?' only when it holds
 * something to decide or a problem ('I can't decide what to eat', 'I have to finish the report'), or is
 * plainly unhappy; 'I'm eating lunch' does not.
 */
export function needsANextStep(text: string): boolean {
  return (
    /\b(?:decide|decision|choose|choice|should|problem|need\s+to|have\s+to|has\s+to|must|can'?t|cannot|stuck|not\s+sure|unsure|don'?t\s+know|deadline|figure\s+out)\b/i.test(
      text.slice(0, 400),
    ) || readSentiment(text).compound <= -0.3
  );
}

/**
 * Rule toldAhead: the owner tells what they will do ('maybe I'll go for a walk later', "I'll look it
 * up", "I'm going to call her tomorrow", 'I need to get a new job', 'I have a meeting with my boss'):
 * nothing has happened yet to ask about.
 */
export function toldAhead(text: string): boolean {
  // 'I have a meeting with my boss': an event still ahead, with no time named (no plan to read).
  if (
    /^(?:(?:ok(?:ay)?|so|ugh|and)[\s,]+)*(?:i\s+have|i'?ve\s+got|i\s+got|got)\s+(?:a|an|my|the|this)\s+(?:\w+\s+)?(?:meeting|exam|test|interview|presentation|appointment|call|date|class|shift|deadline)\b/i.test(
      text.slice(0, 200),
    )
  )
    return true;
  return /^(?:(?:ok(?:ay)?|so|maybe|then|i\s+think|probably|anyway)[\s,]+)*(?:i'?ll|i\s+will|i'?m\s+(?:going\s+to|gonna)|i\s+am\s+going\s+to|gonna|going\s+to|i\s+(?:might|may|want\s+to|plan\s+to|need\s+to|have\s+to|should|gotta)|i'?ve\s+got\s+to)\b/i.test(
    text.slice(0, 200),
  );
}

/** Lines that ask about what already happened: not for something the owner will do. */
const ASKS_AFTER =
  /\b(?:what\s+happened|how\s+did\s+it\s+go|was\s+it\s+(?:good|any\s+good)|after\s+it|what\s+did\s+you\s+think|did\s+you\s+win)\b/i;

/** The pool without its questions about what already happened, when the owner told ahead. */
function inTense(pool: Entry[], ahead: boolean): Entry[] {
  if (!ahead) return pool;
  const fitting = pool.filter((entry) => !ASKS_AFTER.test(asLine(entry).t));
  return fitting.length > 0 ? fitting : [P.TELL_ME_MORE];
}

/**
 * A topic's glad or sore variant, by VADER's reading of the message: 'the coffee here is terrible' is
 * food_bad (sympathy, not 'now i'm hungry ~'), 'dinner was great' food_good (not 'ooh, was it
 * good?'), 'my boss liked my presentation!' work_good (not 'how
 * did it go, honestly?'), 'the weather is so nice today' weather_good (not 'i love hearing about the
 * weather').
 */
const TONED_TOPICS: Record<string, { good?: string; bad?: string }> = {
  food: { good: 'food_good', bad: 'food_bad' },
  food_now: { bad: 'food_bad' },
  food_named_now: { bad: 'food_bad' },
  work: { good: 'work_good' },
  weather: { good: 'weather_good', bad: 'weather_bad' },
};

function toned(topic: string, compound: number): string {
  const variants = TONED_TOPICS[topic];
  if (compound >= 0.3 && variants?.good) return variants.good;
  if (compound <= -0.3 && variants?.bad) return variants.bad;
  return topic;
}

/**
 * Topics said back as they are would sound odd: 'I'm home' ('wait, you're home?'), 'on my way' ('so,
 * your way ~'), 'this is my stop' ('so, your stop ~'), 'off to the gym', "I've seen that one", 'my mom
 * says hi', "can't stop thinking about …" ('so, your mind'), 'finally friday'.
 */
const UNECHOED_TOPICS: ReadonlySet<string> = new Set([
  'in_trouble',
  'trying',
  'far_away',
  'homesick',
  'will_try',
  'overslept',
  'running_late',
  'home',
  'off_work',
  'bath',
  'monday',
  'lost_item',
  'battery_low',
  'bad_wifi',
  'ride_trial',
  'full',
  'job_change',
  'commute',
  'arrived',
  'exercise_ahead',
  'seen_it',
  'on_mind',
  'says_hi',
  'weekend',
]);

/** Food and drink told of: the topics where she answers the meal ('that sounds delicious ~'). */
const FOOD_TOPICS: ReadonlySet<string> = new Set([
  'drink',
  'food',
  'food_now',
  'food_named_now',
  'food_good',
  'food_bad',
  'food_taken',
]);
const FOOD_OR_DRINK =
  /\b(?:food|meal|dinner|lunch|breakfast|brunch|snack|pizza|pasta|ramen|sushi|coffee|tea|latte|cake|sandwich|burgers?|salad|soup|noodles|curry|tacos?|pancakes|toast|steak|fries|rice|eggs|chicken|fish|cookies?|chocolate|ice\s+cream|smoothie|juice|wine|beer)\b/i;

/**
 * Rule echoMissesTheFood: a meal's echo must say the meal. 'just a sandwich at my desk' echoed 'so,
 * your desk ~ that sounds delicious', 'having coffee with my sister' 'so, your sister ~': with food
 * told of, an echo that names no food or drink is left out.
 */
function echoMissesTheFood(topic: string, values: Record<string, string | null>): boolean {
  const echoed = values.c ?? values.d;
  return (
    FOOD_TOPICS.has(topic) && echoed !== null && echoed !== undefined && !FOOD_OR_DRINK.test(echoed)
  );
}

/** A drink or a dish that is too hot or has gone cold: not the weather around them. */
const DISH = String.raw`\b(?:coffee|tea|latte|cappuccino|cocoa|hot\s+chocolate|soup|food|drink|noodles|ramen|porridge|oatmeal|dinner|lunch|breakfast)\b[^.!?]{0,25}?`;
const DISH_TOO_HOT = new RegExp(
  String.raw`${DISH}\b(?:(?:is|was|'s)\s+(?:way\s+|so\s+|really\s+)?too\s+hot|(?:is|was|'s)\s+(?:so\s+|really\s+)?(?:boiling|scalding|burning)|burn(?:ed|t)\s+my\s+(?:tongue|mouth))\b`,
  'i',
);
const DISH_GONE_COLD = new RegExp(
  String.raw`${DISH}\b(?:went|gone|got|going|is|was|'s)\s+(?:so\s+|all\s+|completely\s+|already\s+|totally\s+)?(?:cold|lukewarm)\b`,
  'i',
);

/** A promise to try, or her idea taken up: met as such even when it names a time. */
const TRIED_NOT_PLANNED: ReadonlySet<string> = new Set(['trying', 'will_try']);

/** Topics that send the owner off somewhere: seen off, no question after. */
const LEAVING_TOPICS: ReadonlySet<string> = new Set([
  'arrived',
  'exercise_ahead',
  'battery_low',
  'bath',
]);
/** Complaints: no delighted 'ooh' or curious 'oh?' before them. */
const GRUMBLE_TOPICS: ReadonlySet<string> = new Set([
  'in_trouble',
  'trying',
  'far_away',
  'homesick',
  'overslept',
  'running_late',
  'food_bad',
  'difficult_person',
  'skipped_meal',
  'bad_wifi',
  'ride_trial',
  'monday',
]);

function planStatement(ctx: Context): Plan {
  const c = chances(ctx.voice);
  if (ctx.analysis.flavour === 'nudge') return planNudge(ctx);
  if (ctx.dayPlan && !ctx.analysis.flavour) return planDay(ctx);
  switch (ctx.analysis.flavour) {
    case 'affection': {
      const kind = ctx.analysis.affection;
      return {
        nameChance: 0.5,
        steps: [
          {
            pool:
              kind === 'missed'
                ? P.MISSED_OPENERS
                : kind === 'compliment'
                  ? P.COMPLIMENT_OPENERS
                  : P.AFFECTION_OPENERS,
          },
          ...(kind === 'missed' ? [{ pool: P.MISSED_BODIES, chance: 0.5 }] : []),
          { pool: P.AFFECTION_BODIES, chance: kind === 'missed' ? 0.3 : 0.7 },
          { pool: P.HUMOR, chance: c.humor * 0.4 },
          { pool: P.AFFECTION_FOLLOWS, chance: c.follow * 0.6, follow: true },
        ],
      };
    }
    case 'laugh':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.LAUGH_ALONG },
          { pool: P.LAUGH_ALONG_FOLLOWS, chance: c.follow * 0.4, follow: true },
        ],
      };
    case 'well':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.WELL_ANSWERS },
          ...lateStep(ctx, 0.5),
          { pool: P.WELL_FOLLOWS, chance: Math.max(c.follow, 0.6), follow: true },
        ],
      };
    case 'meh':
      return {
        nameChance: 0.4,
        steps: [{ pool: P.MEH_ANSWERS }, { pool: P.MEH_FOLLOWS, follow: true }],
      };
    case 'busy':
      return {
        nameChance: 0.4,
        steps: [{ pool: P.BUSY_ANSWERS }, { pool: P.BUSY_FOLLOWS, chance: 0.7, follow: true }],
      };
    case 'back':
      return {
        nameChance: 0.5,
        steps: [
          { pool: P.BACK_ANSWERS },
          { pool: P.BACK_FOLLOWS, chance: Math.max(c.follow, 0.6), follow: true },
        ],
      };
    case 'brb':
      return { nameChance: 0.3, steps: [{ pool: P.BRB_ANSWERS }] };
    case 'will_tell':
      return { nameChance: 0.3, steps: [{ pool: P.WILL_TELL_ANSWERS }] };
    case 'longing':
      return { nameChance: 0.3, steps: [{ pool: P.LONGING_ANSWERS }] };
    case 'apology_sharing':
      return { nameChance: 0.5, steps: [{ pool: P.SHARING_APOLOGY_ANSWERS }] };
    case 'talk_recall':
      return { nameChance: 0.2, steps: [{ pool: P.TALK_RECALL_ANSWERS }] };
    case 'luck': {
      const firstDay = /\bfirst\s+day\b|\bstarting\b/i.test(ctx.input.message);
      return {
        nameChance: 0.4,
        steps: [
          { pool: firstDay ? P.FIRST_DAY_ANSWERS : P.LUCK_ANSWERS },
          { pool: firstDay ? P.FIRST_DAY_FOLLOWS : P.LUCK_FOLLOWS, chance: 0.6, follow: true },
        ],
      };
    }
    case 'she_seems':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.SHE_SEEMS_ANSWERS }, { pool: P.SHE_SEEMS_FOLLOWS, follow: true }],
      };
    case 'doubt':
    case 'surprise':
      return {
        nameChance: 0.2,
        steps: [
          { pool: ctx.analysis.flavour === 'doubt' ? P.DOUBT_ANSWERS : P.SURPRISE_ANSWERS },
          { pool: P.SURPRISE_FOLLOWS, chance: c.follow * 0.4, follow: true },
        ],
      };
    case 'exclaim_good':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.EXCLAIM_GOOD_ANSWERS },
          { pool: P.EXCLAIM_GOOD_FOLLOWS, chance: c.follow * 0.6, follow: true },
        ],
      };
    case 'went_well':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.WENT_WELL_ANSWERS },
          { pool: P.WENT_WELL_FOLLOWS, chance: c.follow * 0.7, follow: true },
        ],
      };
    case 'went_badly':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.WENT_BADLY_ANSWERS }, { pool: P.WENT_BADLY_FOLLOWS, follow: true }],
      };
    case 'liked_hers':
      return { nameChance: 0.3, steps: [{ pool: P.LIKED_HERS_ANSWERS }] };
    case 'disliked_hers':
      return { nameChance: 0.3, steps: [{ pool: P.DISLIKED_HERS_ANSWERS }] };
    case 'exclaim_bad':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.EXCLAIM_BAD_ANSWERS }, { pool: P.EXCLAIM_BAD_FOLLOWS, follow: true }],
      };
    case 'puzzled':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.PUZZLED_ANSWERS }, { pool: P.PUZZLED_FOLLOWS, follow: true }],
      };
    case 'her_answer':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.PICK_ANSWERS, values: { x: ctx.analysis.aboutThing } },
          { pool: P.PICK_FOLLOWS, chance: 0.6, follow: true },
        ],
      };
    case 'likes':
      return planLikes(ctx);
    case 'teaser':
      return { nameChance: 0.4, steps: [{ pool: P.TEASER_ANSWERS }] };
    case 'may_ask':
      return { nameChance: 0.4, steps: [{ pool: P.MAY_ASK_ANSWERS }] };
    case 'opinion':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.OPINION_ANSWERS }, { pool: P.OPINION_FOLLOWS, follow: true }],
      };
    case 'ack':
      return {
        nameChance: 0.3,
        steps: [
          { pool: P.ACK_OPENERS },
          { pool: P.ACK_BODIES, chance: 0.6 },
          ...lateStep(ctx, 0.5),
        ],
      };
    case 'birthday': {
      const whose = ctx.analysis.birthdayOf;
      return {
        nameChance: whose ? 0.3 : 0.6,
        steps: whose
          ? [
              { pool: P.BIRTHDAY_THEIRS, values: { k: whose } },
              { pool: P.BIRTHDAY_THEIRS_FOLLOWS, chance: Math.max(c.follow, 0.5), follow: true },
            ]
          : [
              { pool: P.BIRTHDAY_OWN },
              { pool: P.BIRTHDAY_OWN_BODIES, chance: 0.6 },
              { pool: P.BIRTHDAY_OWN_FOLLOWS, chance: Math.max(c.follow, 0.6), follow: true },
            ],
      };
    }
    case 'apology':
      return {
        nameChance: 0.4,
        steps: [
          { pool: P.APOLOGY_ANSWERS },
          { pool: P.APOLOGY_FOLLOWS, chance: 0.6, follow: true },
        ],
      };
    case 'wordless':
      return {
        nameChance: 0.3,
        steps: [{ pool: P.WORDLESS_OPENERS }, { pool: P.WORDLESS_FOLLOWS, follow: true }],
      };
    default:
      break;
  }
  const said = ctx.analysis.rest || ctx.input.message;
  const smallTalk = smallTalkOf(said);
  const topic = smallTalk ? toned(smallTalk, readSentiment(said).compound) : null;
  const ahead = toldAhead(said);
  // A topic asks its own question ('what are you studying?'), not 'how do you feel about it?'.
  const follows = inTense(
    topic
      ? [...P.SMALL_TALK[topic]!.filter((entry) => asLine(entry).t.includes('?')), P.TELL_ME_MORE]
      : P.STATEMENT_FOLLOWS,
    ahead,
  );
  const echo =
    topic && (UNECHOED_TOPICS.has(topic) || echoMissesTheFood(topic, ctx.values))
      ? null
      : echoPool(ctx);
  // Off the train and on their way, off for a walk, off to find a charger: she sees them off, and
  // asks nothing more.
  const leaving = topic !== null && LEAVING_TOPICS.has(topic);
  return {
    nameChance: 0.3,
    steps: [
      {
        // No delighted 'ooh' before a complaint.
        // Nor 'mm, i'm listening' or 'oh?' as they go.
        pool:
          topic !== null && GRUMBLE_TOPICS.has(topic)
            ? P.STATEMENT_OPENERS.filter((entry) => !/^(?:ooh|oh\?)/i.test(asLine(entry).t))
            : leaving
              ? P.STATEMENT_OPENERS.filter((entry) => /^(?:okay|mhm|I see)/.test(asLine(entry).t))
              : topic === 'work_good'
                ? P.STATEMENT_OPENERS.filter((entry) => /^(?:ooh|okay|I see)/.test(asLine(entry).t))
                : P.STATEMENT_OPENERS,
      },
      ...(echo ? [{ pool: echo, chance: 0.6 }] : []),
      {
        // Good news is met gladly first ('ooh, that's great ~'), its question after.
        pool: inTense(
          topic === 'work_good'
            ? P.SMALL_TALK[topic]!.filter((entry) => !asLine(entry).t.includes('?'))
            : topic
              ? P.SMALL_TALK[topic]!
              : P.STATEMENT_BODIES,
          ahead,
        ),
      },
      ...memoryWeave(ctx),
      // 'want to think through what to do next?' only where there is something to decide.
      ...(needsANextStep(said)
        ? [
            { pool: P.STATEMENT_SUGGEST, chance: c.suggest * 0.7 },
            { pool: P.STATEMENT_REASONS, chance: c.reason, afterPrevious: true },
          ]
        : []),
      { pool: P.HUMOR, chance: leaving ? 0 : c.humor * 0.7 },
      ...moodSteps(ctx),
      ...lateStep(ctx, 0.6),
      { pool: follows, chance: leaving ? 0 : c.follow, follow: true },
    ],
  };
}

function plan(ctx: Context): Plan {
  const planned = planFor(ctx);
  if (!ctx.analysis.checkedIn) return planned;
  // 'are you there? …': she says she is before she answers the rest, and not again after it.
  const saysHere = (entry: Entry) =>
    /\b(?:i'?m|i am) (?:right )?here\b|^right here/i.test(asLine(entry).t);
  const steps = planned.steps.map((step) => {
    const rest = step.pool.filter((entry) => !saysHere(entry));
    return rest.length > 0 ? { ...step, pool: rest } : step;
  });
  return { ...planned, steps: [{ pool: P.HERE_FIRST }, ...steps] };
}

function planFor(ctx: Context): Plan {
  if (ctx.analysis.joke && ctx.intent !== 'initial_greeting') return planJoke(ctx);
  switch (ctx.intent) {
    case 'initial_greeting':
      return planInitial(ctx);
    case 'greeting':
      return planGreeting(ctx);
    case 'farewell':
      return planFarewell(ctx);
    case 'thanks':
      return planThanks(ctx);
    case 'feeling':
      return planFeeling(ctx);
    case 'about_kiri':
      return planAbout(ctx);
    case 'remember':
      return planRemember(ctx);
    case 'recall':
      return planRecall(ctx);
    case 'question':
      return planQuestion(ctx);
    case 'statement':
      return planStatement(ctx);
  }
}

/**
 * What one reply's attempts share (issue 21: the engine composes up to MAX_ATTEMPTS times per reply, and
 * each attempt planned again, listed each step's lines again and read the owner's message again): the
 * plan, the lines of each step that fit its slots, and whether a rendered text echoes the message. All
 * are fixed for one context (plans and the lines that fit take no randomness), so a reply is the same,
 * word for word, with or without them; they only save the repeats.
 */
interface Attempts {
  plan: Plan;
  lines: Map<Step, readonly Line[]>;
  echoes: Map<string, boolean>;
}

const attemptsOf = new WeakMap<Context, Attempts>();

function attempts(ctx: Context): Attempts {
  let found = attemptsOf.get(ctx);
  if (!found) {
    found = { plan: plan(ctx), lines: new Map(), echoes: new Map() };
    attemptsOf.set(ctx, found);
  }
  return found;
}

/** echoesTooMuch of a text against the owner's message, read once per text within one reply. */
function echoes(ctx: Context, text: string): boolean {
  const { echoes: known } = attempts(ctx);
  let echoed = known.get(text);
  if (echoed === undefined) {
    echoed = echoesTooMuch(text, ctx.input.message, ctx.exempt);
    known.set(text, echoed);
  }
  return echoed;
}

/** The lines of a step that this voice says and whose slots are filled (`eligible`, then `fits`). */
function fittingLines(ctx: Context, step: Step, slots: Slots): readonly Line[] {
  const { lines } = attempts(ctx);
  let found = lines.get(step);
  if (!found) {
    // `fits` reads the slot values only (the name is a slot of its own): one list per step.
    const scoped: Slots = step.values
      ? { name: slots.name, values: { ...slots.values, ...step.values } }
      : slots;
    found = eligible(step.pool, ctx.voice).filter((line) => fits(line, scoped, ctx.voice));
    lines.set(step, found);
  }
  return found;
}

function say(
  step: Step,
  ctx: Context,
  slots: Slots,
  rng: Random,
  said: readonly string[] = [],
): string | null {
  const values = step.values;
  const scoped: Slots = values
    ? { name: slots.name, values: { ...slots.values, ...values } }
    : slots;
  const lines = [...fittingLines(ctx, step, slots)];
  // A line that would say back too much of the owner's message (echo.ts), or repeat a phrase of the
  // reply so far, gives way to another of the pool. So does, while another fits, a line that opens
  // with a sound when the reply already has one ('ooh. that sounds delicious ~ ooh, what are you
  // having?') or says a phrase of her last two replies again ('that sounds delicious' twice in a row).
  let fallback: { text: string; name: string | null } | null = null;
  while (lines.length > 0) {
    const index = rng.int(lines.length);
    const trial: Slots = { name: scoped.name, values: scoped.values };
    const text = render(lines[index]!, ctx.voice, trial);
    lines.splice(index, 1);
    if (!/[\p{L}\p{N}]/u.test(text) || echoes(ctx, text) || repeatsAPhrase(text, said)) continue;
    if (!soundAgain(text, said) && !saysAgain(text, ctx.lastReplyPairs)) {
      slots.name = trial.name;
      return text;
    }
    fallback ??= { text, name: trial.name };
  }
  if (!fallback) return null;
  slots.name = fallback.name;
  return fallback.text;
}

/** The reply so far opens a part with a sound ('ooh', 'mhm', 'aw'), and so does this line. */
function soundAgain(text: string, segments: readonly string[]): boolean {
  return OPENS_WITH_SOUND.test(text) && segments.some((segment) => OPENS_WITH_SOUND.test(segment));
}

/** The line says a distinctive pair of words of her last two replies. */
function saysAgain(text: string, lastReplyPairs: ReadonlySet<string>): boolean {
  if (lastReplyPairs.size === 0) return false;
  for (const pair of distinctivePairs(text)) if (lastReplyPairs.has(pair)) return true;
  return false;
}

/** Word pairs with a long word in them: 'i'm listening' twice in one reply reads like a machine. */
function distinctivePairs(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const pairs = new Set<string>();
  for (let i = 1; i < words.length; i += 1) {
    const [a, b] = [words[i - 1]!, words[i]!];
    if (a.length >= 5 || b.length >= 5) pairs.add(`${a} ${b}`);
  }
  return pairs;
}

/** 'okay' and 'ok': short, so no pair of them counts, but 'okay ~ sleep in a little, okay?' reads as a tic. */
const OKAY = /\bok(?:ay)?\b/i;

function repeatsAPhrase(text: string, segments: readonly string[]): boolean {
  if (OKAY.test(text) && segments.some((segment) => OKAY.test(segment))) return true;
  const used = new Set(segments.flatMap((segment) => [...distinctivePairs(segment)]));
  return [...distinctivePairs(text)].some((pair) => used.has(pair));
}

/** An opener that is only a sound ('ooh', 'oh?', 'mhm Mira.', 'okay ~'). */
const SOUND_ONLY = /^(?:o+h+|mhm+|okay|ok|m+|aw+|hmm+)(?:[\s,]+\p{L}+)?[\s.~?!]*$/iu;
const OPENS_WITH_SOUND = /^(?:o+h+|mhm+|okay|ok|m+|aw+|hmm+)\b/i;

function compose(ctx: Context, rng: Random): string[] {
  const { steps, nameChance } = attempts(ctx).plan;
  const slots: Slots = {
    name: ctx.name && rng.chance(nameChance) ? ctx.name : null,
    values: ctx.values,
  };
  const segments: string[] = [];
  let previousSaid = false;
  for (const step of steps) {
    const said = previousSaid;
    previousSaid = false;
    if (step.afterPrevious && !said) continue;
    if (step.chance !== undefined && !rng.chance(step.chance)) continue;
    if (step.follow && segments.some((segment) => segment.includes('?'))) continue;
    const text = say(step, ctx, slots, rng, segments);
    if (!text) continue;
    // 'ooh. ooh, i love hearing about the weather ~': an opener that is only a sound gives way to a
    // line that opens with one.
    if (segments.length === 1 && SOUND_ONLY.test(segments[0]!) && OPENS_WITH_SOUND.test(text)) {
      segments.pop();
    }
    if (step.afterPrevious) {
      // A reason is one sentence with its suggestion ('…let the rest wait, because …'), so a split
      // never sends it alone.
      segments.push(withReason(segments.pop()!, text));
    } else segments.push(text);
    previousSaid = true;
  }
  return segments;
}

function withReason(suggestion: string, reason: string): string {
  if (/[!?]$/.test(suggestion)) return `${suggestion} ${reason}`;
  const lower = `${reason[0]!.toLowerCase()}${reason.slice(1)}`;
  const end = /[.~…]+$/.exec(suggestion)?.[0] ?? '';
  const mark = /[.]$/.test(reason) || end === '' ? '' : end.includes('~') ? ' ~' : '.';
  return `${suggestion.slice(0, suggestion.length - end.length).trimEnd()}, ${lower}${mark}`;
}

/** Segments of one part: a full stop between two when the first has no end mark; lists on their own lines. */
function joinSegments(segments: readonly string[]): string {
  let out = '';
  for (const segment of segments) {
    if (!out) out = segment;
    else if (segment.startsWith('- ')) out += `\n${segment}`;
    // A reason belongs to the suggestion before it: 'write it down, because …'.
    else out += `${/[.!?~…):]$/.test(out) ? '' : '.'} ${segment}`;
  }
  return out;
}

/** 1 part for a short reply, 2 for a medium one, 3 for a long one. */
function toParts(segments: readonly string[]): string[] {
  const clean = segments.map((s) => s.trim()).filter(Boolean);
  const total = clean.reduce((sum, s) => sum + s.length + 1, 0);
  const count = total <= 90 ? 1 : total <= 200 ? 2 : 3;
  return balance(clean, count)
    .map(joinSegments)
    .filter((part) => part.length > 0);
}

/**
 * WhisperBridge Lite's tone-sync pairs lean Kiri's phrasing to the tone of the pair that fits the message
 * best (tone-style.ts): a small nudge of the personality, so her sliders still lead.
 */
function styledPersonality(input: CompanionInput): CompanionInput['personality'] {
  const style = input.toneStyle;
  if (!style || style.examples.length === 0) return input.personality;
  const picked = pickToneExamples(style.examples, input.isInitialGreeting ? '' : input.message, {
    followMood: style.followMood,
    mood: input.mood,
    limit: 1,
  });
  return tonedPersonality(input.personality, picked.lead);
}

/** The name she calls the owner, before this message (nameSheUses). */
function ownerNameOf(input: CompanionInput): string | null {
  return nameSheUses(input.history, input.memories, input.userName);
}

function contextOf(input: CompanionInput): Context {
  const analysis = analyse(input.isInitialGreeting ? '' : input.message, input.history);
  const intent: Intent = input.isInitialGreeting ? 'initial_greeting' : analysis.intent;
  const voice = voiceOf(styledPersonality(input), input.mood);
  const hour = hourIn(input.now, input.timeZone);
  const part = dayPartOf(hour);
  const nameBefore = ownerNameOf(input);
  const nickname = analysis.request?.kind === 'nickname' ? analysis.request.subject : null;
  const name = nickname ?? nameBefore;
  const detail = input.isInitialGreeting
    ? { phrase: null, clause: null }
    : extractDetail(analysis.rest || input.message);
  const values: Record<string, string | null> = {
    persona: tidy(input.personaName) || 'Kiri',
    who: name,
    d: detail.phrase,
    c: detail.clause,
    x: analysis.aboutThing,
    k: analysis.hardship?.subject ?? null,
    time: clockTime(input.now, input.timeZone),
    date: calendarDay(input.now, input.timeZone),
    part: dayPartLabel(part),
  };
  const remember = input.isInitialGreeting
    ? null
    : resolveRemember(analysis, input.message, input.history);
  // Plans are read where the message tells of the owner's days; a question about Kiri, a joke, a
  // sum, a memory asked for or given keep their own answers.
  const readsPlan =
    !input.isInitialGreeting &&
    !analysis.joke &&
    !analysis.hardship &&
    (intent === 'statement' ||
      intent === 'feeling' ||
      (intent === 'question' &&
        (analysis.question === 'general' || analysis.question === 'until')));
  const planned = readsPlan
    ? readPlan(analysis.rest || input.message, input.now, input.timeZone, {
        anyone: analysis.question === 'until',
      })
    : null;
  // "ok I'll give it a try tonight", "I'll try that tomorrow": her idea taken up, with a time, is
  // still her idea taken up ('ooh, tonight!' before). Read only when a plan was found: the topics'
  // patterns are not run for every message.
  const dayPlan =
    planned && TRIED_NOT_PLANNED.has(smallTalkOf(analysis.rest || input.message) ?? '')
      ? null
      : planned;
  const told = new Set(input.recentReplies.flatMap((reply) => jokesInRemembered(reply)));
  const untold = JOKES.map((_, i) => i).filter((i) => !told.has(i));
  // Stories and songs are looked for only when one is asked for (a scan of every recent reply).
  const wants = analysis.request?.kind;
  const toldStories = new Set(
    wants === 'story' ? input.recentReplies.flatMap((reply) => storiesIn(reply)) : [],
  );
  const untoldStories = STORIES.map((_, i) => i).filter((i) => !toldStories.has(i));
  const sung = new Set(
    wants === 'sing' ? input.recentReplies.flatMap((reply) => songsIn(reply)) : [],
  );
  const unsung = SONGS.map((_, i) => i).filter((i) => !sung.has(i));
  const toldFacts = new Set(
    wants === 'fact' ? input.recentReplies.flatMap((reply) => factsIn(reply)) : [],
  );
  const untoldFacts = FACTS.map((_, i) => i).filter((i) => !toldFacts.has(i));
  return {
    input,
    analysis,
    intent,
    voice,
    part,
    hour,
    name,
    nameBefore,
    remember,
    values,
    dayPlan,
    exempt: remember ? [remember, reflectMemory(remember)] : [],
    untoldJokes: untold.length > 0 ? untold : JOKES.map((_, i) => i),
    jokesAllTold: untold.length === 0,
    untoldStories: untoldStories.length > 0 ? untoldStories : STORIES.map((_, i) => i),
    storiesAllTold: untoldStories.length === 0,
    unsungSongs: unsung.length > 0 ? unsung : SONGS.map((_, i) => i),
    untoldFacts: untoldFacts.length > 0 ? untoldFacts : FACTS.map((_, i) => i),
    factsAllTold: untoldFacts.length === 0,
    lastReplyPairs: distinctivePairs(herLastReplies(input.history, 2).join('\n')),
  };
}

function seedOf(input: CompanionInput): number {
  const key = `${input.isInitialGreeting ? 1 : 0}|${input.message}`;
  if (input.seed !== undefined && Number.isFinite(input.seed))
    return hashString(key, input.seed >>> 0 || 1);
  return hashString(`${input.now}|${key}`);
}

/**
 * What the engine reads of its input: the message, each earlier turn and each memory cut to
 * ENGINE_READ_CHARS (what is stored stays whole), and anything malformed left out.
 */
export function readableInput(input: CompanionInput): CompanionInput {
  const cut = <T extends { content: string }>(item: T): T =>
    item.content.length > ENGINE_READ_CHARS
      ? { ...item, content: engineReadable(item.content) }
      : item;
  return {
    ...input,
    message: typeof input.message === 'string' ? engineReadable(input.message) : '',
    history: Array.isArray(input.history)
      ? input.history.filter((turn) => typeof turn?.content === 'string').map(cut)
      : [],
    memories: Array.isArray(input.memories) ? input.memories.filter(isMemory).map(cut) : [],
    recentReplies: Array.isArray(input.recentReplies) ? input.recentReplies : [],
  };
}

/** The local engine: no network, deterministic under `input.seed`, never one of `recentReplies`. */
export function localReply(input: CompanionInput): CompanionReply {
  const safeInput = readableInput(input);
  const ctx = contextOf(safeInput);
  const rng = new Random(seedOf(safeInput));
  const recent = recentReplyKeys(safeInput.recentReplies);
  // New, and not saying back more than a few of the owner's words across its segments either.
  const isNew = (parts: string[]) =>
    parts.length > 0 && !recent.has(replyKey(parts.join(' '))) && !echoes(ctx, parts.join(' '));
  const finish = (parts: string[]): CompanionReply => ({
    parts,
    provider: 'local',
    remember: ctx.remember,
    intent: ctx.intent,
    feeling: ctx.intent === 'initial_greeting' ? null : ctx.analysis.feeling,
  });

  let first: string[] | null = null;
  // The draws often compose the same segments again (small pools): each set is split and checked once.
  const tried = new Set<string>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const segments = compose(ctx, rng);
    if (segments.length === 0) continue;
    first ??= segments;
    const key = segments.join('\u0000');
    if (tried.has(key)) continue;
    tried.add(key);
    const parts = toParts(segments);
    if (isNew(parts)) return finish(parts);
  }
  const base = first ?? [ctx.voice.register === 'formal' ? 'I am here.' : "i'm here ~"];
  // Every combination was said recently: weave in a detail of the message, then vary the tail.
  const slots: Slots = { name: null, values: ctx.values };
  const tails: string[] = [];
  const echo = echoPool(ctx);
  if (echo) {
    for (const line of eligible(echo, ctx.voice)) {
      if (fits(line, slots, ctx.voice)) tails.push(render(line, ctx.voice, slots));
    }
  }
  for (const variation of P.VARIATIONS) tails.push(render({ t: variation }, ctx.voice, slots));
  const usable = [...new Set(tails.filter((tail) => /[\p{L}\p{N}]/u.test(tail)))];
  for (const tail of usable) {
    const parts = toParts([...base, tail]);
    if (isNew(parts)) return finish(parts);
  }
  for (const a of usable) {
    for (const b of usable) {
      if (a === b) continue;
      const parts = toParts([...base, a, b]);
      if (isNew(parts)) return finish(parts);
    }
  }
  // The last resort checks newness alone, so that it always ends (each segment passed the echo rule).
  for (let n = 2; ; n += 1) {
    const parts = toParts([...base, `(${n})`]);
    if (!recent.has(replyKey(parts.join(' ')))) return finish(parts);
  }
}

function isMemory(value: unknown): value is MemoryItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as MemoryItem).content === 'string' &&
    (value as MemoryItem).content.trim() !== ''
  );
}

/** How the engine read a message, for the corpus and for tests: what `localReply` answers from. */
export interface MessageReading {
  intent: Intent;
  feeling: string | null;
  /** The finer act: a joke move, a sum, a plan, a silence-breaker, a question about herself, advice. */
  act: 'joke' | 'math' | 'plan' | 'nudge' | 'self' | 'advice' | 'request' | 'hardship' | null;
  /** For act 'request': which request (a story, a song, what she can do…). */
  request: string | null;
  selfTopic: string | null;
  plan: DayPlan | null;
}

export function readMessage(input: CompanionInput): MessageReading {
  const ctx = contextOf(readableInput(input));
  const { analysis } = ctx;
  let act: MessageReading['act'] = null;
  if (analysis.joke) act = 'joke';
  else if (analysis.request) act = 'request';
  else if (analysis.hardship) act = 'hardship';
  else if (analysis.question === 'math') act = 'math';
  else if (analysis.flavour === 'nudge') act = 'nudge';
  else if (analysis.question === 'advice') act = 'advice';
  else if (
    ctx.intent === 'about_kiri' &&
    (analysis.about === 'self' || analysis.about === 'preference')
  )
    act = 'self';
  else if (ctx.dayPlan) act = 'plan';
  return {
    intent: ctx.intent,
    feeling: ctx.intent === 'initial_greeting' ? null : analysis.feeling,
    act,
    selfTopic: analysis.selfTopic,
    request: analysis.request?.kind ?? null,
    plan: ctx.dayPlan,
  };
}
