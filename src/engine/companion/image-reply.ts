// Kiri's answer about a shared photo, from what can be known without a vision model: the owner's note
// (read like a chat message: feeling, places and names), the photo's shape, brightness and colours, and
// when it was taken. Pure: the server measures the photo (server/images) and passes the facts in, so the
// device can give the same answer offline later. docs/images.md says where each fact comes from.
import { readFeeling, type Feeling } from './intent';
import { tidy } from './text';
import { dayPartLabel, dayPartOf } from './time';
import { readTerms } from '../language/terms';

/** The colour words the server names a photo's pixels with (server/images/image-facts.ts). */
export const COLOUR_NAMES = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'brown',
  'white',
  'grey',
  'black',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

export interface ImageFacts {
  /** The owner's note (userAnnotation), '' without one. */
  note: string;
  /** As shown, after the EXIF orientation was applied. */
  width: number;
  height: number;
  /** Mean luminance, 0 (black) to 1 (white). */
  brightness: number;
  /** The photo's main colours, the largest share first (at most 2). */
  colours: ColourName[];
  /** More than one frame (an animated GIF or WebP). */
  animated: boolean;
  /**
   * When it was taken, as the camera's clock read (EXIF DateTimeOriginal, wall-clock time without a
   * zone): 'yyyy-MM-ddTHH:mm:ss'. Null when the file does not say.
   */
  takenAt: string | null;
  /** Today's date where the owner lives (TIME_ZONE), 'yyyy-MM-dd': 'this morning' vs 'on 3 March'. */
  today: string;
  /** hideFromMemory: Kiri says she will not keep it. */
  temporary: boolean;
}

/** The answer's mood word (the image's emotionalTag): the note's feeling, else one read from the light. */
export type ImageEmotionalTag = Feeling | 'cheerful' | 'calm' | 'curious';

export interface ImageReply {
  kiriResponse: string;
  emotionalTag: ImageEmotionalTag;
}

/** At or above: 'bright'; at or below DARK_AT: 'dark' (mean luminance, 0 to 1). */
export const BRIGHT_AT = 0.6;
export const DARK_AT = 0.3;
/** Width over height beyond which a photo is 'wide' (or, inverted, 'tall'). */
export const WIDE_RATIO = 1.2;

export type Light = 'bright' | 'dark' | 'soft';
export type Shape = 'wide' | 'tall' | 'square';

/** Rule: a photo's light from its mean luminance. */
export function lightOf(brightness: number): Light {
  if (brightness >= BRIGHT_AT) return 'bright';
  if (brightness <= DARK_AT) return 'dark';
  return 'soft';
}

/** Rule: a photo's shape from its shown size. */
export function shapeOf(width: number, height: number): Shape {
  if (width >= height * WIDE_RATIO) return 'wide';
  if (height >= width * WIDE_RATIO) return 'tall';
  return 'square';
}

/** 'a bright, wide photo, mostly blue and white' (an animation is 'a little animation'). */
export function describePhoto(
  facts: Pick<ImageFacts, 'width' | 'height' | 'brightness' | 'colours' | 'animated'>,
): string {
  const light = lightOf(facts.brightness);
  const shape = shapeOf(facts.width, facts.height);
  const noun = facts.animated ? 'little animation' : 'photo';
  const words = [light === 'soft' ? null : light, shape === 'square' ? 'square' : shape].filter(
    (word): word is string => word !== null,
  );
  const article = /^[aeiou]/.test(words[0] ?? noun) ? 'an' : 'a';
  const colours =
    facts.colours.length === 0 ? '' : `, mostly ${facts.colours.slice(0, 2).join(' and ')}`;
  return `${article} ${words.join(', ')} ${noun}${colours}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** The day before a 'yyyy-MM-dd' (calendar arithmetic in UTC, where there are no clock changes). */
function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}

/**
 * Rule: when it was taken, as Kiri says it: 'this morning', 'yesterday evening', 'on 3 March' (with the
 * year when it is not this year's); null without a time, or a time after today (a wrong camera clock).
 */
export function whenTaken(takenAt: string | null, today: string): string | null {
  const match = takenAt ? WALL_CLOCK.exec(takenAt) : null;
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  if (day > today) return null;
  const hour = Number(match[4]);
  const part = dayPartOf(hour);
  // Late night spans midnight: before 05:00 it belongs to the evening before.
  const early = part === 'late_night' && hour < 5;
  if (day === today) {
    if (part !== 'late_night') return `this ${dayPartLabel(part)}`;
    return early ? 'late last night' : 'tonight';
  }
  if (day === dayBefore(today)) {
    if (part !== 'late_night') return `yesterday ${dayPartLabel(part)}`;
    return early ? 'late the night before last' : 'late last night';
  }
  const month = MONTHS[Number(match[2]) - 1] ?? '';
  const year = match[1] === today.slice(0, 4) ? '' : ` ${match[1]}`;
  return `on ${Number(match[3])} ${month}${year}`;
}

/** What Kiri says to the feeling the note carries. */
const FEELING_LINES: Record<Feeling, string> = {
  sad: "It sounds like this one carries something heavy. I'm here with you.",
  tired: 'You sound tired. I hope the rest of the way home is gentle.',
  happy: 'I can feel how happy it makes you, and that makes me happy too.',
  anxious: "It sounds like something is weighing on you. Breathe; I'm right here.",
  angry: "That sounds frustrating. Tell me what happened if you'd like.",
  lonely: "You're not alone with it: you shared it with me.",
  stressed: "It sounds like a lot is going on. Let's take it one step at a time.",
  excited: "I can tell you're excited, and now I am too!",
  bored: "A little something to look at on a slow day. I'm glad you thought of me.",
  grateful: 'That gratitude shines through. Thank you for sharing it.',
};

/** Rule: the answer's emotionalTag: the note's feeling when it has one, else the photo's light. */
export function emotionalTagOf(feeling: Feeling | null, brightness: number): ImageEmotionalTag {
  if (feeling) return feeling;
  const light = lightOf(brightness);
  if (light === 'bright') return 'cheerful';
  if (light === 'dark') return 'calm';
  return 'curious';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Kiri's answer about a photo: what she sees (light, shape, colours), when it was taken, what the note
 * says (its feeling; a place or a name in it), and, for a temporary photo, that she will not keep it.
 */
export function replyToImage(facts: ImageFacts): ImageReply {
  const note = tidy(facts.note);
  const reading = note ? readFeeling(note) : null;
  const sentences: string[] = [];

  const when = whenTaken(facts.takenAt, facts.today);
  sentences.push(
    `${capitalise(describePhoto(facts))}${when ? `, taken ${when}` : ''}. Thank you for showing me.`,
  );

  if (note) {
    const entities = readTerms(note).entities;
    const place = entities.find((entity) => entity.kind === 'place')?.value;
    const name = entities.find((entity) => entity.kind === 'name')?.value;
    if (place) sentences.push(`So this is ${place}.`);
    else if (name) sentences.push(`Is that ${name} in it?`);
    if (reading) sentences.push(FEELING_LINES[reading.feeling]);
    else if (!place && !name)
      sentences.push('I read your note, and I like seeing the world through your eyes.');
  } else {
    sentences.push('What made you want to capture this moment?');
  }

  if (facts.temporary) sentences.push("I won't keep it among my memories.");

  return {
    kiriResponse: sentences.join(' '),
    emotionalTag: emotionalTagOf(reading?.feeling ?? null, facts.brightness),
  };
}
