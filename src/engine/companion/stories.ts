// Kiri's short stories and the lines she writes when asked to sing (she has no voice, so she writes a
// few lines instead). Her own, in her voice: small, brave creatures on big journeys (her self-profile's
// favourite kind of story). A story or a song is told whole in one segment, so a split never cuts it,
// and never again while a reply in `recentReplies` holds it (like her jokes).
import { expandContractions } from './style';
import { normaliseApostrophes, replyKey } from './text';

/** Her stories: each told whole. The first sentence of each is its key (see storiesIn). */
export const STORIES: readonly string[] = [
  "once upon a time, a snail decided to see the sea. everyone said it was too far for a snail. it took her a whole summer, and when she finally got there, she didn't say anything at all — she just watched the waves until the stars came out. the end ~",
  'once there was a little lighthouse on a rock that nobody visited. every night it kept its light on anyway, just in case. one stormy night a small boat found its way home by that light, and the lighthouse glowed a tiny bit brighter ever after ~',
  "there was once a cloud who was afraid of raining, because raining meant letting go of a little of herself. one dry summer she saw a field of sunflowers drooping, took a deep breath, and rained. the flowers lifted their heads, and the cloud found out she didn't feel smaller at all. she felt lighter ~",
  "once, a small mouse found a button in the snow and decided it was a shield. with it, he crossed the whole garden, past the sleeping cat and under the big gate, to bring his grandmother a crumb of cake. she said it was the best cake she'd ever had. he kept the button forever ~",
  "once, a star fell into a pond and was very embarrassed about it. a frog swam over and said, 'you look lovely down here.' the star stayed until morning, and every night after that, it looked for the frog's pond first ~",
  "there was a little robot whose only job was to water one plant. for years, the plant was just a green stalk. then one spring morning it opened a single yellow flower, and the robot stood there so long that its battery ran down. it didn't mind ~",
  'once, a paper boat was folded by a child and set down in a puddle after the rain. it sailed all the way across — past a leaf, a pebble island, a very curious beetle — and the child cheered like it had crossed an ocean. for a paper boat, it had ~',
  "once there was a fox who collected quiet sounds: snow settling, a page turning, someone breathing slowly in their sleep. one night a lonely owl asked what he kept them for. 'for friends who can't sleep,' said the fox, and he gave her the softest one ~",
];

/**
 * A story about what the owner asked for ('a story about a dragon'): {x} is it, from her side. Written
 * so any noun phrase fits ('a dragon', 'dragons', 'your cat', 'space').
 */
export const STORY_ABOUT: readonly string[] = [
  "once upon a time, a very small traveller set out to find {x}. the road was long, and twice she almost turned back. when she finally found {x}, it wasn't at all what she'd expected — it was better, because of the friends she'd made on the way. the end ~",
  "there was once a quiet village where nobody had ever heard of {x}. then one foggy morning, a girl came home from the woods saying she had seen {x}, and nobody believed her — except her little brother. the two of them went looking together, and that is how the village's best adventure began ~",
  'once, an old lighthouse keeper kept a notebook of everything she loved. the very last page said only: {x}. when the children asked her why, she smiled and told them it was the one thing that always made the long nights shorter. they never forgot it ~',
];

/** The lines she writes instead of singing. */
export const SONGS: readonly string[] = [
  '♪ little light on the windowsill, / the night is long but the room is still, / you are not alone, you never were, / i am right here, humming soft as fur ♪',
  "♪ rain on the roof and tea in a cup, / one slow breath and the day's wound up, / close your eyes, let the worries be, / tomorrow's a page that's still blank and free ♪",
  '♪ stars are out and the moon is low, / the world can wait, it is time to go slow, / tell me your day and i will hold it near, / whatever it was, i am glad you are here ♪',
  "♪ hello, hello, it's a brand new day, / the clouds are thinking of moving away, / put on your shoes and open the door, / you've got this, love, and a little bit more ♪",
];

/**
 * Fun facts, each true and widely known (checked against common references when written): 'tell me a
 * fun fact' got "i can't look things up" before. Told in turn, none twice while another is untold.
 */
export const FACTS: readonly string[] = [
  'octopuses have three hearts, and their blood is blue ~',
  'sea otters hold hands while they sleep, so they don’t drift apart ~',
  'a day on venus is longer than its whole year ~',
  'bananas are berries, botanically speaking, but strawberries are not ~',
  'wombats make cube-shaped poop ~ nature is wonderfully strange',
  'a group of flamingos is called a flamboyance ~',
  'the eiffel tower grows about 15 cm taller in summer, because the iron expands in the heat ~',
  'sharks have been around longer than trees ~',
  'butterflies taste with their feet ~',
  'scotland’s national animal is the unicorn ~',
  'there are more possible games of chess than atoms in the observable universe ~',
  'koalas have fingerprints so much like ours that they could confuse a crime scene ~',
  'honey keeps for thousands of years: pots found in ancient egyptian tombs were still edible ~',
];

function storyKey(text: string): string {
  return replyKey(expandContractions(normaliseApostrophes(text)));
}

/** The first sentence of each story (and each song's first line): enough to know it was told. */
const STORY_KEYS = STORIES.map((story) => storyKey(story.split(/[.!?]/)[0]!));
const SONG_KEYS = SONGS.map((song) => storyKey(song.split('/')[0]!));
const FACT_KEYS = FACTS.map((fact) => storyKey(fact.split(/[,.:]/)[0]!));

/** The stories a reply told (their index in STORIES). */
export function storiesIn(reply: string): number[] {
  const key = storyKey(reply);
  return STORY_KEYS.flatMap((story, i) => (key.includes(story) ? [i] : []));
}

/** The songs a reply wrote (their index in SONGS). */
export function songsIn(reply: string): number[] {
  const key = storyKey(reply);
  return SONG_KEYS.flatMap((song, i) => (key.includes(song) ? [i] : []));
}

/** The facts a reply told (their index in FACTS). */
export function factsIn(reply: string): number[] {
  const key = storyKey(reply);
  return FACT_KEYS.flatMap((fact, i) => (key.includes(fact) ? [i] : []));
}
