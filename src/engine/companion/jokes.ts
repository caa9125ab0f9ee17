// Kiri's jokes, and playing along with the owner's (issue 12: a joke request got "i can't look things
// up"). Clean, short, told in one reply; a knock-knock or a riddle from the owner is played turn by turn,
// read from the last turns of `history`.
import { expandContractions } from './style';
import { normaliseApostrophes, replyKey, tidy, trimEndOf } from './text';

export interface Joke {
  setup: string;
  punchline: string;
}

export const JOKES: Joke[] = [
  {
    setup: 'why did the scarecrow win an award?',
    punchline: 'because he was outstanding in his field',
  },
  { setup: "why don't skeletons fight each other?", punchline: "they don't have the guts" },
  { setup: 'what do you call a fake noodle?', punchline: 'an impasta' },
  { setup: 'why did the cookie go to the doctor?', punchline: 'it was feeling crumby' },
  { setup: 'what do you call a sleeping dinosaur?', punchline: 'a dino-snore' },
  { setup: 'why are ghosts bad liars?', punchline: 'you can see right through them' },
  { setup: 'what did the ocean say to the beach?', punchline: 'nothing, it just waved' },
  { setup: "why can't a bicycle stand up by itself?", punchline: "it's two tired" },
  { setup: 'what do you call cheese that isn’t yours?', punchline: 'nacho cheese' },
  { setup: 'why did the math book look so sad?', punchline: 'it had too many problems' },
  { setup: 'how does a penguin build its house?', punchline: 'igloos it together' },
  { setup: 'what do you call a bear with no teeth?', punchline: 'a gummy bear' },
  { setup: 'why did the tomato blush?', punchline: 'because it saw the salad dressing' },
  { setup: 'what does a cloud wear under its raincoat?', punchline: 'thunderwear' },
  { setup: 'why do bees have sticky hair?', punchline: 'because they use honeycombs' },
  { setup: 'what do you call a cat that loves to bowl?', punchline: 'an alley cat' },
  { setup: 'why did the phone wear glasses?', punchline: 'it lost its contacts' },
  { setup: 'what kind of tree fits in your hand?', punchline: 'a palm tree' },
  { setup: 'why was the broom late?', punchline: 'it over-swept' },
  { setup: 'what do you call an alligator in a vest?', punchline: 'an investigator' },
  {
    setup: 'why did the golfer bring two pairs of trousers?',
    punchline: 'in case he got a hole in one',
  },
  { setup: 'what did one wall say to the other?', punchline: "i'll meet you at the corner" },
  { setup: 'why are fish so smart?', punchline: 'because they live in schools' },
  { setup: 'what do you call a dog that does magic?', punchline: 'a labracadabrador' },
  { setup: 'why did the stadium get hot after the game?', punchline: 'all the fans left' },
  { setup: 'what do lazy farmers grow?', punchline: 'couch potatoes' },
  { setup: 'how do you make a tissue dance?', punchline: 'put a little boogie in it' },
  { setup: 'what did the grape do when it got stepped on?', punchline: 'it let out a little wine' },
  { setup: 'why did the picture go to jail?', punchline: 'it was framed' },
  { setup: "what's orange and sounds like a parrot?", punchline: 'a carrot' },
];

/**
 * The owner asks for a joke: 'tell me a joke', 'make me laugh', 'know any jokes?', 'another one'; 'you
 * make me smile' is a compliment ('can you make me laugh?' still asks).
 */
const JOKE_REQUEST =
  /\b(?:tell|give|got|have|know|hear|share)\b[^.?!]{0,20}\bjokes?\b|\bjoke\s+(?:please|pls|time)\b|^(?:a\s+)?jokes?(?:\s+(?:please|pls))?$|\bsay\s+something\s+funny\b|\bcheer\s+me\s+up\s+with\s+a\s+joke\b|\bi\s+(?:need|want)\s+(?:a\s+)?(?:joke|laugh)\b|\b(?:another|one\s+more)\s+joke\b|\bany\s+(?:good\s+)?jokes\b/i;
/**
 * 'make me laugh', 'can you make me smile?' ask; 'you make me laugh' and 'you always make me smile'
 * are a compliment. Two plain patterns, not a lookbehind: Safari before 16.4 cannot parse one.
 */
const MAKE_ME_LAUGH = /\bmake\s+me\s+(?:laugh|smile)\b/i;
const YOU_MAKE_ME_LAUGH = /\byou\s+(?:always\s+|really\s+|just\s+)?make\s+me\s+(?:laugh|smile)\b/i;
const ASKED_TO_MAKE_ME_LAUGH =
  /\b(?:can|could|will|would|please)\s+you\s+(?:always\s+|really\s+|just\s+)?make\s+me\s+(?:laugh|smile)\b/i;
const asksToBeMadeToLaugh = (text: string) =>
  MAKE_ME_LAUGH.test(text) && (!YOU_MAKE_ME_LAUGH.test(text) || ASKED_TO_MAKE_ME_LAUGH.test(text));

/** 'another one', 'one more' on their own, which ask for a joke only right after one. */
const MORE =
  /^(?:(?:ok(?:ay)?|haha+|lol|hehe+)[\s,!.]*)?(?:another(?:\s+one)?|one\s+more|more|again)(?:[\s,!.]+(?:please|pls))?$/i;
const KNOCK = /^knock[\s,.!-]*knock[\s!.~]*$/i;
const WHO_IS_THERE = /\bwho(?:'?s|\s+is)\s+there\?/i;
const WHO_ASKED = /\bwho\?[\s~]*$/i;
/** A riddle-shaped joke from the owner: 'why did the chicken cross the road?'. */
const RIDDLE =
  /^(?:(?:ok(?:ay)?|hey|so|here'?s\s+one|i\s+have\s+a\s+joke)[\s,:!.]+)*(?:why\s+did\s+the\b|why\s+do\s+(?:cows|cats|dogs|birds|fish|bees|chickens|ducks|ghosts|skeletons|cows)\b|what\s+do\s+you\s+call\s+(?:a|an)\b|what\s+did\s+(?:the|one)\s+\w+\s+say\b|what'?s\s+the\s+difference\s+between\b|how\s+do\s+you\s+(?:make|catch|stop)\s+(?:a|an)\b|what\s+has\s+(?:four|two|three|\d+)\b|knock[\s,]*knock)/i;
const LAUGH =
  /^(?:ha(?:ha)+|he(?:he)+|lol+|lmao|rofl|xd|😂|🤣|that'?s\s+(?:so\s+)?funny|good\s+one|nice\s+one|you'?re\s+(?:so\s+)?funny)/i;
const GROAN = /^(?:that'?s\s+(?:not\s+funny|terrible|so\s+bad|awful)|boo+|ugh+|lame|groan)/i;

export type JokeMove =
  /** Tell one of hers. */
  | { move: 'tell' }
  /** 'who's there?' */
  | { move: 'who_is_there' }
  /** '<name> who?' */
  | { move: 'who'; name: string }
  /** The owner's riddle: she guesses and asks for the answer. */
  | { move: 'guess' }
  /** The owner's punchline, or a laugh at hers: she laughs. */
  | { move: 'laugh_at_punchline' }
  | { move: 'laughed_at_hers' }
  | { move: 'groaned_at_hers' };

function lastAssistant(history: readonly { role: string; content: string }[]): string | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    if (history[i]!.role === 'assistant') return history[i]!.content;
  }
  return null;
}

/** The owner's turn before the current message (the history may end with the message itself). */
function previousOwner(
  history: readonly { role: string; content: string }[],
  message: string,
): string | null {
  const seen = tidy(message);
  let skipped = false;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i]!;
    if (turn.role !== 'user') continue;
    if (!skipped && tidy(turn.content) === seen) {
      skipped = true;
      continue;
    }
    return turn.content;
  }
  return null;
}

/** A text compared whatever the voice did to it: case, marks and contractions ('do not') aside. */
function jokeKey(text: string): string {
  return replyKey(expandContractions(normaliseApostrophes(text)));
}

const PUNCH_KEYS = JOKES.map((joke) => jokeKey(joke.punchline));

/** The jokes a reply told (their index in JOKES): a reply holds a joke when it holds its punchline. */
export function jokesIn(reply: string): number[] {
  const key = jokeKey(reply);
  const out: number[] = [];
  PUNCH_KEYS.forEach((punch, i) => {
    if (key.includes(punch)) out.push(i);
  });
  return out;
}

/**
 * Every reply reads the jokes of her last 50 replies, the same ones as the reply before but one: what
 * each holds is remembered (issue 21: reading them again was a fifteenth of a chat's work on the
 * server). Bounded, forgotten all at once when full.
 */
const JOKES_MEMO_MAX_TEXTS = 500;
const JOKES_MEMO_MAX_TEXT = 2_000;
const jokesMemo = new Map<string, readonly number[]>();

/** jokesIn, remembered for the replies read again and again (the recent replies). */
export function jokesInRemembered(reply: string): readonly number[] {
  const known = jokesMemo.get(reply);
  if (known) return known;
  const jokes = jokesIn(reply);
  if (reply.length <= JOKES_MEMO_MAX_TEXT) {
    if (jokesMemo.size >= JOKES_MEMO_MAX_TEXTS) jokesMemo.clear();
    jokesMemo.set(reply, jokes);
  }
  return jokes;
}

/** Whether a reply of hers told a joke. */
export function toldAJoke(reply: string): boolean {
  return jokesIn(reply).length > 0;
}

/**
 * Rule jokeMoveOf: what a message does in a joke, given the last turns. A request tells one of hers;
 * 'knock knock' gets "who's there?", the answer gets "<it> who?", the punchline gets a laugh; a riddle
 * gets a guess, and the answer after it a laugh; a laugh or groan right after her joke is answered as
 * one. Null when the message is not part of a joke.
 */
export function jokeMoveOf(
  message: string,
  history: readonly { role: string; content: string }[],
): JokeMove | null {
  const text = tidy(normaliseApostrophes(message));
  const last = lastAssistant(history);
  const lastText = last ? normaliseApostrophes(last) : '';
  if (last && WHO_IS_THERE.test(lastText) && text && !KNOCK.test(text)) {
    const name = trimEndOf(text, /[\s.!?~,]/)
      .split(' ')
      .slice(0, 3)
      .join(' ');
    if (name) return { move: 'who', name };
  }
  if (last && WHO_ASKED.test(lastText)) {
    const before = previousOwner(history, message);
    if (before !== null) return { move: 'laugh_at_punchline' };
  }
  if (last && /\bi\s+give\s+up\b|\bwhy\?|\bwhat\?\s*(?:~\s*)?$|\btell\s+me\b/i.test(lastText)) {
    const before = previousOwner(history, message);
    if (before !== null && RIDDLE.test(tidy(normaliseApostrophes(before)))) {
      return { move: 'laugh_at_punchline' };
    }
  }
  // The end marks are cut by hand: a pattern ending in '[marks]*$' after another run is quadratic.
  const bare = trimEndOf(text, /[\s!?.~]/);
  if (KNOCK.test(text)) return { move: 'who_is_there' };
  if (JOKE_REQUEST.test(bare) || asksToBeMadeToLaugh(bare)) return { move: 'tell' };
  if (last && toldAJoke(last)) {
    if (MORE.test(bare)) return { move: 'tell' };
    if (LAUGH.test(text)) return { move: 'laughed_at_hers' };
    if (GROAN.test(text)) return { move: 'groaned_at_hers' };
  }
  if (RIDDLE.test(text) && /\?[\s~!.]*$/.test(text)) return { move: 'guess' };
  return null;
}
