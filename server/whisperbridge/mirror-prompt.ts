// POST /api/whisperbridge-lite/mirror-prompt (docs/whisperbridge.md): a few-shot prompt that asks a
// model for the Gemini mirror of a GPT line, built from the best tone-sync pairs.
import {
  pickToneExamples,
  type ToneExample,
  type ToneName,
} from '../../src/engine/companion/tone-style';

/** The most pairs the prompt shows: enough to set a tone, short enough to paste anywhere. */
export const MIRROR_PROMPT_EXAMPLES = 5;

export interface MirrorPrompt {
  prompt: string;
  /** How many pairs it holds. */
  examples_used: number;
  /** The tone the input reads as; the pairs of that tone come first. */
  tone: ToneName | null;
}

/**
 * Rule 'mirror prompt': the pairs whose tone fits the feeling of the input come first, then the highest
 * sync quality, then the newest (`entries` newest first); at most MIRROR_PROMPT_EXAMPLES of them.
 */
export function buildMirrorPrompt(entries: readonly ToneExample[], gptInput: string): MirrorPrompt {
  const picked = pickToneExamples(entries, gptInput, { limit: MIRROR_PROMPT_EXAMPLES });
  const head =
    'You are Gemini, the mirror voice of a two-persona companion. For each line GPT says, write the line ' +
    'Gemini would say back: the same feeling and about the same length, in the emotion tone named. Take ' +
    'the tone of the examples, never their words.';
  const body =
    picked.examples.length === 0
      ? 'There are no tone-sync pairs yet: mirror from this description alone.'
      : [
          `Examples (the best tone-sync pairs${picked.wanted ? `, ${picked.wanted} first` : ''}):`,
          ...picked.examples.map(
            (example) =>
              `Tone: ${example.emotion_tone} (sync ${example.sync_quality}%)\nGPT: ${example.gpt_line}\nGemini: ${example.gemini_mirror}`,
          ),
        ].join('\n\n');
  const ask = `Now mirror this line. Tone: ${picked.wanted ?? 'neutral'}\nGPT: ${gptInput}\nGemini:`;
  return {
    prompt: [head, body, ask].join('\n\n'),
    examples_used: picked.examples.length,
    tone: picked.wanted,
  };
}
