// What the owner says they like or dislike ('I like pizza', 'I love rainy days', 'I hate mondays'):
// before, 'I like pizza' got the food line 'ooh, was it good?' and 'I hate mondays' "i'm really glad you
// share these things with me". Read on short messages only (a preference is said in a line), and
// linear: one anchored pattern, then plain string work.
import { asSaidMidLine, normaliseApostrophes, reflect, tidy, trimEndOf } from './text';

export interface LikeReading {
  kind: 'likes' | 'dislikes';
  /** The thing, from her side ('your new job'), at most four words; else null. */
  thing: string | null;
  /** The thing is 'it', 'that', 'this' (what she just said, or something shown): no questions about it. */
  pronoun: boolean;
  /** The thing is someone ('my mom', 'my boss', 'my cat'): love is not a taste, and a dislike has a story. */
  person: boolean;
}

const PEOPLE =
  /\b(?:mom|mum|mother|dad|father|parents|family|grandma|grandpa|brother|sister|siblings?|son|daughter|kids|children|baby|wife|husband|partner|boyfriend|girlfriend|bf|gf|friends?|bestie|boss|coworkers?|colleagues?|teacher|roommate|neighbou?rs?|cat|dog|puppy|kitten|pets?|people|everyone)\b/i;

const SHORT = 120;
const MAX_THING_WORDS = 4;

const PREFERENCE =
  /^i\s+(?:(?:really|just|absolutely|kinda|kind\s+of|do|so|totally|also|actually|truly|honestly)\s+)*(love|like|adore|enjoy|hate|dislike|detest|can'?t\s+stand|don'?t\s+(?:really\s+)?like|do\s+not\s+like|don'?t\s+(?:really\s+)?enjoy)\s+(.+)$/i;

/** 'my favourite season is autumn', 'my fave band is Muse': the thing is what follows. */
const FAVOURITE_IS =
  /^my\s+(?:absolute\s+|all[\s-]time\s+|new\s+)?(?:favou?rite|fave?)\s+(?:[a-z]+\s+){0,2}?(?:is|are|has\s+to\s+be|would\s+be)\s+(.+)$/i;
/** 'autumn is my favourite season', 'Muse are my favourite band': the thing comes first. */
const IS_FAVOURITE =
  /^(.{1,60}?)\s+(?:is|are|'s|'re)\s+(?:(?:definitely|probably|totally|still|really|honestly|so|just)\s+)?my\s+(?:absolute\s+|all[\s-]time\s+|new\s+)?(?:favou?rite|fave?)\b(?:\s+[a-z]+){0,2}[\s.!~]*$/i;

/** Words after the thing that are not part of it: 'pizza so much', 'mondays, they are the worst'. */
const THING_END =
  /[,.!?;:~(]|\s(?:so\s+much|a\s+lot|too|sometimes|though|because|but|and\s+i|when|lol|haha)\b/i;

/**
 * Rule likesOf: a preference the owner states about something ('I like pizza', 'I really love rainy
 * days', "I can't stand traffic", "I don't like coffee"). Not about Kiri ('I love you' is affection,
 * read before), and not a wish ("I'd like a coffee" has no 'I like').
 */
export function likesOf(message: string): LikeReading | null {
  if (message.length > SHORT) return null;
  const text = tidy(normaliseApostrophes(message));
  const hit = PREFERENCE.exec(text);
  const favourite = hit ? null : (FAVOURITE_IS.exec(text) ?? IS_FAVOURITE.exec(text));
  if (!hit && !favourite) return null;
  const verb = hit ? hit[1]!.toLowerCase() : 'love';
  const kind = /^(?:love|like|adore|enjoy)$/.test(verb) ? 'likes' : 'dislikes';
  const rest = hit ? hit[2]! : asSaidMidLine(favourite![1]!);
  const end = THING_END.exec(rest);
  const raw = trimEndOf((end ? rest.slice(0, end.index) : rest).trim(), /[\s.!?~]/);
  const lower = raw.toLowerCase();
  if (/^(?:you|u|ya|yourself)\b/.test(lower)) return null;
  // Whole words: 'I like italian food' is not 'it'.
  if (raw === '' || /^(?:it|this|that|them|these|those|to|when|how)\b/.test(lower)) {
    return {
      kind,
      thing: null,
      person: false,
      pronoun: /^(?:it|this|that|them|these|those)\b/.test(lower),
    };
  }
  // 'I love him': someone, named by no more than a pronoun (never 'him is lucky to have you').
  if (/^(?:him|her)\b/.test(lower)) return { kind, thing: null, person: true, pronoun: false };
  const words = raw.split(' ');
  const person = PEOPLE.test(raw);
  // As typed, capitals of names included ('Muse'), unless the whole of it is shouted.
  const said = raw === raw.toUpperCase() ? raw.toLowerCase() : raw;
  const thing = words.length <= MAX_THING_WORDS ? reflect(said) : null;
  return { kind, thing, person: person && thing !== null, pronoun: false };
}
