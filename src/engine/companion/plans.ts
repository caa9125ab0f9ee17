// Plans and times in a message ('I have an interview on Friday at 3'), read by chrono-node 2.10 (its
// English parser only, `chrono-node/en`: plain ESM, no Node builtins) in the owner's time zone, and
// the event named by wink-nlp's parts of speech. Kiri says back when it is from her side ('friday at
// 3 pm, in 4 days') and reacts to the kind of event, instead of echoing the sentence.
import { casual } from 'chrono-node/en';
import { readTerms } from '../language/terms';
import { normaliseApostrophes } from './text';

export type PlanKind = 'challenge' | 'fun' | 'appointment' | 'other';

export interface Plan {
  /**
   * When, from Kiri's side and in her words (not the owner's 'on Friday at 3'): 'today at 3 pm',
   * 'tomorrow', 'Friday at 3 pm', 'Monday, 5 May', 'next week'.
   */
  when: string;
  /** Whole days from today in the owner's zone (0 today, 1 tomorrow); negative for the past. */
  daysAway: number;
  /** The event, when the message names one: 'interview', 'dentist appointment'. */
  event: string | null;
  kind: PlanKind;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const KINDS: [PlanKind, RegExp][] = [
  [
    'challenge',
    /\b(?:interview|exam|test|presentation|meeting|deadline|audition|speech|match|race|pitch|review|final|finals|quiz|driving)\b/i,
  ],
  [
    'fun',
    /\b(?:party|date|concert|trip|holiday|vacation|dinner|lunch|breakfast|wedding|birthday|festival|movie|film|show|picnic|drinks|brunch|flight|visiting|coming\s+over|going\s+out|night\s+out|(?:hang(?:ing)?|meet(?:ing)?|see(?:ing)?)\s+(?:out\s+)?(?:with\s+)?(?:my\s+|some\s+)?friends|out\s+with\s+(?:my\s+|some\s+)?friends)\b/i,
  ],
  [
    'appointment',
    /\b(?:dentist|doctor|appointment|checkup|check-up|surgery|vet|therapy|haircut|clinic|hospital)\b/i,
  ],
  // The everyday's own events ('gym at 6', 'call with mom at 7'): a plan with its name, no judgement.
  ['other', /\b(?:gym|workout|training|practice|yoga|class|lesson|call|shift)\b/i],
];

/** Events of an evening: their hour said without am/pm from 8 to 11 is pm. */
const EVENING_EVENT = /\b(?:dinner|party|drinks|concert|gig|date|movie|film|show|play)\b/i;

/** Events of a morning: 'breakfast at 7' is 7 am, not the 7 pm an hour from 1 to 7 is by default. */
const MORNING_EVENT = /\bbreakfast\b/i;

/** Verbs that tell of something done: with an hour and no day, a story, not a plan. */
const PAST_TOLD =
  /\b(?:woke|got\s+(?:up|home|back|in|there)|went|came|arrived|left|slept|fell\s+asleep|ate|finished|ended|was|were)\b/i;

/** Verbs of a day's story ('my coworker brought cake today'): told, not planned. */
const STORY_TOLD =
  /\b(?:brought|bought|had|made|saw|got|told|said|gave|met|did|took|went|came|ate|finished|ended|was|were|found|won|lost|baked|cooked|called|visited|watched|played|tried|started|passed|failed|sent|surprised|showed|worked|walked|ran|swam|studied|wrote|cleaned|learned|learnt)\b/i;
/** A day off ('I'm off tomorrow', 'day off today', 'no work tomorrow'): a day of their own, met as one, not a plan. */
export const DAY_OFF =
  /\b(?:(?:i'?m|i\s+am|i\s+have|i'?ve\s+got|got)\s+(?:the\s+day\s+off|off\s+(?:today|tomorrow|tmrw|this\s+(?:week|weekend)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|all\s+(?:day|week)))|(?:a|my)\s+days?\s+off\b|day\s+off\s+(?:today|tomorrow)|(?:i'?m|im|i\s+am)\s+not\s+working\s+(?:today|tomorrow|tmrw|this\s+weekend)|(?:i\s+)?(?:don'?t|do\s+not)\s+have\s+(?:to\s+)?work\s+(?:today|tomorrow|tmrw)|no\s+work\s+(?:today|tomorrow|tmrw))\b/i;
/**
 * A working day ahead ('I'm working today', 'I have work tomorrow', 'working late tonight'): met as a
 * day, not a plan to ask 'what's the plan?' of ('ooh, today!' it got).
 */
export const WORK_DAY =
  /\b(?:(?:i'?m|im|i\s+am)\s+(?:working|at\s+work)\s+(?:today|tomorrow|tmrw|tonight|late|all\s+day|this\s+(?:weekend|saturday|sunday|evening)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|from\s+home)|(?:i\s+have|i'?ve\s+got|i\s+got|got)\s+work\s+(?:today|tomorrow|tmrw|tonight|in\s+the\s+morning|early|all\s+day|this\s+(?:weekend|saturday|sunday)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)|^(?:working|work)\s+(?:today|tomorrow|tmrw|tonight|late|all\s+day|from\s+home))\b/i;
/** The working day is tomorrow: tonight is still the owner's. */
export const WORK_TOMORROW = /\b(?:tomorrow|tmrw|in\s+the\s+morning)\b/i;
/** How the owner is ('I'm so tired', 'feeling a bit sick'): with a day alone, no plan. */
const STATE_TOLD =
  /\b(?:(?:i'?m|i\s+am|i'?m\s+feeling|feeling|i\s+felt)\s+(?:so+|really|very|super|a\s+bit|a\s+little|kinda|kind\s+of|pretty|too|quite|extra|totally|completely)\b|i\s+feel\b)/i;
/** Words that still look ahead ('I have an exam today', 'we're going out today'). */
const AHEAD = /\b(?:is|are|am|i'?m|have|has|'ll|will|going\s+to|gonna|tonight|later|at\s+\d)\b/i;

/** Words that say when, not what: never the event. */
const TIME_WORDS = new Set([
  'today',
  'tomorrow',
  'tonight',
  'morning',
  'afternoon',
  'evening',
  'night',
  'week',
  'weekend',
  'month',
  'year',
  'day',
  'time',
  'weeks',
  'days',
  'months',
  'years',
  'hours',
  'minutes',
  'yesterday',
  'pm',
  'am',
  'noon',
  'midnight',
  'hour',
  'minute',
  "o'clock",
  ...WEEKDAYS,
  ...MONTHS,
]);

/** A plan is about the owner's own days: said in the first person, or asking about a time. */
const FIRST_PERSON = /\b(?:i|i'm|im|i've|ive|i'll|we|we're|we've|my|our|us|me)\b/i;

/** One formatter per zone: making one costs more than the whole offset reading (chrono asks per message). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The offset of `timeZone` from UTC at `now`, in minutes (0 when the zone is unknown). */
export function zoneOffsetMinutes(now: number, timeZone: string): number {
  try {
    const parts = zoneFormat(timeZone).formatToParts(new Date(now));
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const local = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour') % 24,
      get('minute'),
    );
    const utcMinute = Math.floor(now / 60_000) * 60_000;
    return Math.round((local - utcMinute) / 60_000);
  } catch {
    return 0;
  }
}

function capital(word: string): string {
  return `${word[0]!.toUpperCase()}${word.slice(1)}`;
}

function clock(hour: number, minute: number): string {
  if (hour === 12 && minute === 0) return 'noon';
  if (hour === 0 && minute === 0) return 'midnight';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  const m = minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`;
  return `${h}${m} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * The event the plan names: the word that gave its kind ('interview'), with the noun wink-nlp tags
 * right before it ('job interview', 'dentist appointment'). A plan with no such word has no event
 * (never 'your sister' for 'visiting my sister on Saturday').
 */
function eventOf(text: string, kindWord: string | null): string | null {
  // 'going out', 'seeing friends', 'visiting': a plan of a verb names no one event ('your going out').
  if (!kindWord || /\s|^visiting$/i.test(kindWord)) return null;
  const wanted = kindWord.toLowerCase();
  const { tokens } = readTerms(text);
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i]!.normal !== wanted) continue;
    const isNoun = (token: (typeof tokens)[number] | undefined) =>
      token !== undefined &&
      token.pos === 'NOUN' &&
      !TIME_WORDS.has(token.normal) &&
      !token.stopWord;
    const before = tokens[i - 1];
    // 'cooking dinner' is a doing; 'a cooking class' names one.
    const doing =
      before !== undefined &&
      DOING_TO.has(before.normal) &&
      !DETERMINERS.has(tokens[i - 2]?.normal ?? '');
    if (isNoun(before) && !doing) return `${before!.normal} ${wanted}`;
    const after = tokens[i + 1];
    if (isNoun(after)) return `${wanted} ${after!.normal}`;
    return alone(wanted);
  }
  return alone(wanted);
}

/**
 * Doings whose object is the event, though wink-nlp may tag them as nouns: 'cooking dinner tonight' is
 * 'your dinner', never 'your cooking dinner'; after a determiner they name it ('a cooking class').
 */
const DOING_TO: ReadonlySet<string> = new Set([
  'cooking',
  'making',
  'having',
  'eating',
  'grabbing',
  'getting',
  'hosting',
  'preparing',
  'skipping',
  'missing',
  'attending',
  'planning',
  'finishing',
  'starting',
  'doing',
  'taking',
  'ordering',
  'booking',
  'organising',
  'organizing',
  'cancelling',
  'canceling',
  'leaving',
  'joining',
  'teaching',
]);

const DETERMINERS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'this',
  'that',
]);

/** An event word that needs a noun when it stands alone: 'your gym session', not 'your gym'. */
const alone = (word: string) => (word === 'gym' ? 'gym session' : word);

/** How long after an hour it still names the present: 'lunch at 1' said at 1:40 is today's lunch. */
const JUST_NOW_MINUTES = 60;

/** Just before a day or a time, what makes it a habit: 'every sunday', 'each morning at 7'. */
const HABIT_BEFORE =
  /\b(?:every|each)\s+(?:(?:single\s+)?(?:day|morning|afternoon|evening|night|week|weekday|weekend)\s+)?$/i;

/**
 * Rule readPlan: a first-person message naming a day or a time ('I have an interview on Friday at 3',
 * 'my exam is tomorrow morning') is a plan: when it is, from the owner's today in their zone, and what.
 * An hour said without am/pm from 1 to 7 is the afternoon ('at 3' is 3 pm: nobody's interview is at 3
 * in the night). An hour passed within the last hour, with no day named, is today's ('lunch at 1' at
 * 13:12), not tomorrow's. A date chrono reads only as a number ('2 cats') is no plan.
 */
export function readPlan(
  message: string,
  now: number,
  timeZone: string,
  options: { anyone?: boolean } = {},
): Plan | null {
  const text = normaliseApostrophes(message.slice(0, 400));
  let kindMatch: [PlanKind, string] | null = null;
  for (const [kind, pattern] of KINDS) {
    const hit = pattern.exec(text);
    if (hit) {
      kindMatch = [kind, hit[0]];
      break;
    }
  }
  if (!FIRST_PERSON.test(text) && !kindMatch && !options.anyone) return null;
  if (!kindMatch && (DAY_OFF.test(text) || WORK_DAY.test(text))) return null;
  const offset = zoneOffsetMinutes(now, timeZone);
  const found = casual.parse(
    text,
    { instant: new Date(now), timezone: offset },
    { forwardDate: true },
  );
  // 'now' and 'right now' name no plan ('I'm feeling much better now'), nor does a duration ('we played
  // for an hour', 'I slept for 5 hours'), which chrono reads as a time from now.
  // Nor a percentage ('my phone is at 5%'), which chrono reads as 5 o'clock.
  const first = found.find(
    (result) =>
      !/^(?:right\s+)?now$|^for\b/i.test(result.text.trim()) &&
      !/^\s*(?:%|percent\b)/i.test(text.slice(result.index + result.text.length)),
  );
  if (!first) return null;
  // 'we talk on the phone every sunday', 'gym on mondays', 'every day at 7': a habit, not a plan.
  if (HABIT_BEFORE.test(text.slice(Math.max(0, first.index - 24), first.index))) return null;
  if (/^(?:mon|tues|wednes|thurs|fri|satur|sun)days\b/i.test(text.slice(first.index))) return null;
  const start = first.start;
  const dayKnown =
    start.isCertain('day') ||
    start.isCertain('weekday') ||
    /\b(?:today|tonight|tomorrow|week|weekend|month)\b/i.test(first.text);
  const hourKnown = start.isCertain('hour');
  if (!dayKnown && !hourKnown) return null;
  // 'I woke up at 7', 'I got home at 6': an hour told of what already happened is no plan (chrono
  // moves it forward to the next 7, and she said 'got it: tomorrow at 7 pm').
  if (!dayKnown && PAST_TOLD.test(text)) return null;
  let hour = start.get('hour') ?? 0;
  const minute = start.get('minute') ?? 0;
  // 'dinner at 8', 'drinks at 9': an evening's event at 8 to 11 is in the evening too.
  const evening = EVENING_EVENT.test(text) && hour >= 8 && hour <= 11;
  const afternoon =
    hourKnown &&
    !start.isCertain('meridiem') &&
    !MORNING_EVENT.test(text) &&
    ((hour >= 1 && hour <= 7) || evening);
  if (afternoon) hour += 12;
  let year = start.get('year')!;
  let month = start.get('month')!;
  let day = start.get('day')!;
  const today = new Date(now + offset * 60_000);
  let daysAway = Math.round(
    (Date.UTC(year, month - 1, day) -
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) /
      86_400_000,
  );
  // chrono moved 'at 5' to tomorrow because 5 am had passed; 5 pm today has not.
  const dayNamed =
    start.isCertain('day') || start.isCertain('weekday') || /\btomorrow\b/i.test(first.text);
  const minutesNow = today.getUTCHours() * 60 + today.getUTCMinutes();
  // 'having lunch with Anna at 1' at 13:12: an hour passed within the last hour is now, not tomorrow.
  if (
    hourKnown &&
    !dayNamed &&
    daysAway === 1 &&
    hour * 60 + minute > minutesNow - JUST_NOW_MINUTES
  ) {
    daysAway = 0;
    [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  }
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const tonight = /\btonight\b/i.test(first.text);
  let when: string;
  // A plan is ahead: 'I went to the gym yesterday' is a story, not a plan.
  if (daysAway < 0) return null;
  // 'my coworker brought cake today': a story of today, no plan ('got it: today ~').
  if (daysAway === 0 && !hourKnown && STORY_TOLD.test(text) && !AHEAD.test(text)) return null;
  if (!start.isCertain('weekday') && /\b(?:next\s+week|in\s+\w+\s+weeks?)\b/i.test(first.text)) {
    when = daysAway < 14 ? 'next week' : `in ${Math.round(daysAway / 7)} weeks`;
  } else if (/\bweekend\b/i.test(first.text)) {
    when = daysAway < 7 ? 'this weekend' : 'next weekend';
  } else if (daysAway === 0) when = tonight ? 'tonight' : 'today';
  else if (daysAway === 1) when = 'tomorrow';
  else if (daysAway > 1 && daysAway < 7) when = capital(weekday);
  else when = `${capital(weekday)}, ${day} ${capital(MONTHS[month - 1]!)}`;
  if (hourKnown) when += ` at ${clock(hour, minute)}`;
  const event = eventOf(text, kindMatch?.[1] ?? null);
  const kind: PlanKind = kindMatch?.[0] ?? 'other';
  // How they are today, with nothing planned in it ('I'm so tired today', 'feeling a bit sick
  // today'): a state, not a plan ('ooh, today! ~' before).
  if (daysAway === 0 && !hourKnown && !event && kind === 'other' && STATE_TOLD.test(text)) {
    return null;
  }
  return { when, daysAway, event, kind };
}
