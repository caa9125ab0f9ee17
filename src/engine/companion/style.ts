// Kiri's voice: how the personality dimensions and the mood shape the wording of a reply.
import type { MoodInput, PersonalityDimensions } from './types';
import { BASELINE_PERSONALITY } from './types';

export type Trait =
  | 'soft'
  | 'firm'
  | 'logical'
  | 'playful'
  | 'serious'
  | 'formal'
  | 'notformal'
  | 'casual'
  | 'curious'
  | 'quiet';

/** One phrase: `t` in Kiri's casual voice, `f` a formal rewrite, `need` the traits it requires. */
export interface Line {
  t: string;
  f?: string | undefined;
  need?: readonly Trait[] | undefined;
}
export type Entry = string | Line;

export function L(t: string, f?: string | null, ...need: Trait[]): Line {
  return { t, f: f ?? undefined, need };
}

export type Register = 'casual' | 'neutral' | 'formal';

export interface Voice {
  /** The personality after the mood's nudge. */
  p: PersonalityDimensions;
  traits: ReadonlySet<Trait>;
  register: Register;
  tildes: boolean;
}

function clamp01(value: unknown, fallback: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(1, Math.max(0, n));
}

/** The mood nudges the personality a little (spec 000 §3.6 modes). */
export function effectivePersonality(
  personality: PersonalityDimensions | null | undefined,
  mood: MoodInput | null | undefined,
): PersonalityDimensions {
  const base = personality ?? BASELINE_PERSONALITY;
  const p: PersonalityDimensions = {
    softness: clamp01(base.softness, BASELINE_PERSONALITY.softness),
    logic_bias: clamp01(base.logic_bias, BASELINE_PERSONALITY.logic_bias),
    humor_level: clamp01(base.humor_level, BASELINE_PERSONALITY.humor_level),
    formality: clamp01(base.formality, BASELINE_PERSONALITY.formality),
    initiative: clamp01(base.initiative, BASELINE_PERSONALITY.initiative),
  };
  if (!mood) return p;
  const k = clamp01(mood.intensity, 0.5);
  const nudge = (key: keyof PersonalityDimensions, by: number) => {
    p[key] = clamp01(p[key] + by * k, p[key]);
  };
  switch (mood.mode) {
    case 'nurturing':
      nudge('softness', 0.2);
      break;
    case 'protective':
      nudge('softness', 0.1);
      nudge('initiative', 0.1);
      break;
    case 'focused':
      nudge('logic_bias', 0.2);
      nudge('humor_level', -0.1);
      break;
    case 'resting':
      nudge('initiative', -0.2);
      break;
    case 'calm':
      nudge('humor_level', -0.05);
      break;
    case 'alert':
    case 'urgent':
      nudge('humor_level', -0.3);
      nudge('logic_bias', 0.1);
      break;
    default:
      break;
  }
  return p;
}

export function voiceOf(
  personality: PersonalityDimensions | null | undefined,
  mood: MoodInput | null | undefined,
): Voice {
  const p = effectivePersonality(personality, mood);
  const traits = new Set<Trait>();
  if (p.softness >= 0.6) traits.add('soft');
  if (p.softness < 0.4) traits.add('firm');
  if (p.logic_bias >= 0.65) traits.add('logical');
  if (p.humor_level >= 0.6) traits.add('playful');
  if (p.humor_level < 0.35) traits.add('serious');
  if (p.formality >= 0.65) traits.add('formal');
  else traits.add('notformal');
  if (p.formality < 0.4) traits.add('casual');
  if (p.initiative >= 0.5) traits.add('curious');
  if (p.initiative < 0.35) traits.add('quiet');
  const register: Register =
    p.formality >= 0.65 ? 'formal' : p.formality < 0.4 ? 'casual' : 'neutral';
  return { p, traits, register, tildes: register !== 'formal' && p.softness >= 0.5 };
}

export function asLine(entry: Entry): Line {
  return typeof entry === 'string' ? { t: entry } : entry;
}

/** The entries this voice may say; those written for one of its traits count twice. */
export function eligible(pool: readonly Entry[], voice: Voice): Line[] {
  const out: Line[] = [];
  for (const entry of pool) {
    const line = asLine(entry);
    const need = line.need ?? [];
    if (!need.every((trait) => voice.traits.has(trait))) continue;
    out.push(line);
    if (need.length > 0) out.push(line);
  }
  return out;
}

const SLANG: [RegExp, string][] = [
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgotta\b/gi, 'have to'],
  [/\b(?:kinda|sorta)\b/gi, 'somewhat'],
  [/\byeah\b|\byep\b/gi, 'yes'],
  [/\bnope\b/gi, 'no'],
  [/\bokie\b/gi, 'okay'],
  [/\blemme\b/gi, 'let me'],
  [/\bdunno\b/gi, "don't know"],
  [/\b(?:cuz|'cause)\b/gi, 'because'],
  [/\btho\b/gi, 'though'],
  [/\bya\b/gi, 'you'],
  [/\b(?:hiya|heya|heyyy|hiii|hi hi|hey)\b/gi, 'hello'],
  [/\bhelloooo\b/gi, 'hello'],
  [/\b(?:aww+|aw)\b/gi, 'oh'],
  [/\booh+\b/gi, 'oh'],
  [/\byay+\b/gi, 'wonderful'],
  [/\b(?:yesss+)\b/gi, 'yes'],
  [/\bsooo+\b/gi, 'so'],
  [/\bmhm\b/gi, 'yes'],
  [/\b(?:hehe|haha|lol)\b[,.!]?\s*/gi, ''],
  [/\bpsst\b,?\s*/gi, ''],
  [/\*/g, ''],
];

/**
 * Formal wording spells contractions out ('I'm' → 'I am', 'don't' → 'do not'). Only those that read one
 * way: a 's after a pronoun or question word (it's, what's), never a possessive ('your body's' stays, as
 * 'body's' can be either). 'd is left alone ('I'd' is 'I would' or 'I had').
 */
const EXPANSIONS: [RegExp, string][] = [
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\bshan't\b/gi, 'shall not'],
  [/\b(\w+)n't\b/gi, '$1 not'],
  [/\b(i)'m\b/gi, '$1 am'],
  [/\b(\w+)'re\b/gi, '$1 are'],
  [/\b(\w+)'ve\b/gi, '$1 have'],
  [/\b(\w+)'ll\b/gi, '$1 will'],
  [/\b(let)'s\b/gi, '$1 us'],
  [/\b(it|that|what|there|here|he|she|who|where|how|everything|nothing|something)'s\b/gi, '$1 is'],
];

export function expandContractions(text: string): string {
  let out = text.replace(/[\u2019\u02bc]/g, "'");
  for (const [pattern, replacement] of EXPANSIONS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Casual wording contracts what a friend would: 'I am' → 'i'm', 'do not' → 'don't', 'it is' → 'it's' when
 * a word follows ('I know it is' at a sentence's end cannot contract).
 */
const CONTRACTIONS: [RegExp, string][] = [
  [/\b(i) am\b(?= \w)/gi, "$1'm"],
  [/\b(do|does|did|is|are|was|were|have|has|could|would|should) not\b/gi, "$1n't"],
  [/\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\b(you|we|they) are\b(?= \w)/gi, "$1're"],
  [/\b(it|that|what|there) is\b(?= \w)/gi, "$1's"],
  [/\b(i|you|we|they) will\b(?= \w)/gi, "$1'll"],
  // Only the perfect ('i have been' → "i've been"): 'i have ideas', 'did they have fun' stay whole ("i've
  // ideas", "did they've fun" is no one's English).
  [
    /\b(i|you|we|they) have (?=(?:been|got|gotten|seen|done|had|made|told|heard|found|left|kept|said|known|gone|come|become|met|read|thought|brought|bought|felt|lost|won|written|given|taken|eaten|forgotten|missed|never|always|just|already|ever|\w+ed)\b)/gi,
    "$1've ",
  ],
];

export function contract(text: string): string {
  let out = text;
  for (const [pattern, replacement] of CONTRACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** Formal wording: no slang, no stretched words. */
function deslang(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SLANG) out = out.replace(pattern, replacement);
  return out.replace(/(\p{L})\1{2,}/gu, '$1').replace(/!{2,}/g, '!');
}

function removeTildes(text: string, formal: boolean): string {
  return text
    .replace(/([.!?…])\s*~+/g, '$1')
    .replace(/\s*~+\s*$/g, formal ? '.' : '')
    .replace(/\s*~+\s*(?=\()/g, formal ? '. ' : ' ')
    .replace(/\s*~+\s+/g, formal ? '. ' : ', ')
    .replace(/~+/g, '');
}

/** Capital letters where sentences start, and 'I' on its own. */
export function capitalise(text: string): string {
  return capitaliseSentenceStarts(text.replace(/\bi\b(?=$|[\s'’,.!?;:)~-])/g, 'I'));
}

const SPACES = /\s+/y;
const BULLET = /[-•]\s+/y;
const OPENERS = /[("“*]*/y;

/**
 * A small letter starts a sentence at the start, after '.', '!' or '?' and a space, or after a line break
 * (then maybe a '- ' bullet and opening brackets or quotes). Scanned by hand, a run of spaces at a time: as
 * a pattern ('\n\s*…') it was tried from every line break in a run of them, in time the square of the run.
 */
function capitaliseSentenceStarts(text: string): string {
  let out = '';
  let i = 0;
  let atStart = true;
  while (i < text.length) {
    if (atStart) {
      atStart = false;
      let j = i;
      BULLET.lastIndex = j;
      if (BULLET.test(text)) j = BULLET.lastIndex;
      OPENERS.lastIndex = j;
      OPENERS.test(text);
      j = OPENERS.lastIndex;
      const letter = String.fromCodePoint(text.codePointAt(j) ?? 32);
      if (/\p{Ll}/u.test(letter)) {
        out += text.slice(i, j) + letter.toUpperCase();
        i = j + letter.length;
        continue;
      }
    }
    SPACES.lastIndex = i;
    if (SPACES.test(text)) {
      const run = text.slice(i, SPACES.lastIndex);
      atStart = /[.!?]/.test(text[i - 1] ?? '') || run.includes('\n');
      out += run;
      i = SPACES.lastIndex;
      continue;
    }
    out += text[i];
    i += 1;
  }
  return out;
}

export interface Slots {
  /** The owner's name while it may still be used in this reply (it is used once at most). */
  name: string | null;
  values: Record<string, string | null | undefined>;
}

/** Whether the line can be said with these slot values (every {slot} it names is known). */
export function fits(line: Line, slots: Slots, voice: Voice): boolean {
  const text = voice.register === 'formal' && line.f ? line.f : line.t;
  for (const key of slotsOf(text)) {
    if (!slots.values[key]) return false;
  }
  return true;
}

/** The {slots} a text names, but {n}; the texts are the phrase tables', so each is read once. */
const slotNames = new Map<string, readonly string[]>();

function slotsOf(text: string): readonly string[] {
  let keys = slotNames.get(text);
  if (!keys) {
    keys = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).filter((key) => key !== 'n');
    if (slotNames.size >= 10_000) slotNames.clear();
    slotNames.set(text, keys);
  }
  return keys;
}

/**
 * A phrase table's text in a register: formal without slang and contractions, casual contracted. The
 * same few hundred texts are tried many times for each reply (issue 21), so each is rewritten once.
 */
const registerTexts = { formal: new Map<string, string>(), casual: new Map<string, string>() };

function inRegister(text: string, register: Voice['register']): string {
  if (register !== 'formal' && register !== 'casual') return text;
  const known = registerTexts[register];
  let out = known.get(text);
  if (out === undefined) {
    out = register === 'formal' ? expandContractions(deslang(text)) : contract(text);
    if (known.size >= 10_000) known.clear();
    known.set(text, out);
  }
  return out;
}

/** Say a line in this voice with these slot values. */
export function render(line: Line, voice: Voice, slots: Slots): string {
  const formal = voice.register === 'formal';
  let text = inRegister(formal && line.f ? line.f : line.t, voice.register);
  text = text.replace(/\{n(,?)\}/g, (_, comma: string) => {
    const name = slots.name;
    if (!name) return '';
    slots.name = null;
    if (comma) return `${name}, `;
    return voice.register === 'casual' ? ` ${name}` : `, ${name}`;
  });
  text = text.replace(/\{(\w+)\}/g, (_, key: string) => slots.values[key] ?? '');
  if (!voice.tildes) text = removeTildes(text, formal);
  if (voice.register !== 'casual') text = capitalise(text);
  if (voice.register !== 'casual' && !/[.!?)…:~]$/.test(text.trim())) text = `${text.trim()}.`;
  return text
    .replace(/(\s+)([,.!?])?/g, (run, spaces: string, mark: string | undefined) => mark ?? spaces)
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[ \t]+|[ \t]+$/gm, '')
    .trim();
}
