// GET /api/whisperbridge-lite/guide: the tool's how-to as structured text (sections of paragraphs and
// term/definition items) that the page renders. Its numbers come from the same constants as the rules.
import {
  MAX_SYNC_ENTRIES,
  MAX_SYNC_LINE_CHARS,
  QUALITY_FAIR,
  QUALITY_GOOD,
  RECENT_QUALITY_COUNT,
} from '../../src/domain/whisperbridge';
import { MAX_PROMPT_TONE_EXAMPLES } from '../companion/prompt';
import { MIRROR_PROMPT_EXAMPLES } from './mirror-prompt';
import { QUALITY_WEIGHTS } from './sync-quality';

export interface GuideSection {
  heading: string;
  paragraphs: string[];
  items?: { term: string; text: string }[];
}

export interface Guide {
  title: string;
  sections: GuideSection[];
}

const pct = (weight: number) => `${Math.round(weight * 100)}%`;

export function whisperbridgeGuide(personaName: string): Guide {
  return {
    title: 'How to use WhisperBridge Lite',
    sections: [
      {
        heading: 'What it is for',
        paragraphs: [
          `${personaName} has two voices, a GPT one and a Gemini one. WhisperBridge Lite keeps them in tone: you write pairs of lines (what GPT says, and how Gemini would mirror it) and mark the feeling the pair should carry.`,
          `With tone mirroring on, the best pairs shape ${personaName}'s own replies: the AI providers are shown up to ${MAX_PROMPT_TONE_EXAMPLES} of them as examples of her voice, and her local engine (on the server and offline on your phone) leans its phrasing to their tone.`,
        ],
      },
      {
        heading: 'Adding good pairs',
        paragraphs: [
          'Write the GPT line as something the companion might really say, then the mirror as the same message in the Gemini voice: the same feeling, about the same length, not the same words.',
          `Pick the tone the pair should carry. Each pair gets a sync quality from 0 to 100: the feeling both lines read as must agree (${pct(QUALITY_WEIGHTS.feeling)}), both must fit the tone you chose (${pct(QUALITY_WEIGHTS.tone)}), and their lengths should be close (${pct(QUALITY_WEIGHTS.length)}).`,
          `${QUALITY_GOOD} or more is a good pair (green), ${QUALITY_FAIR} to ${QUALITY_GOOD - 1} is fair (yellow), below ${QUALITY_FAIR} the lines disagree (red): a glad line mirrored by a sad one scores low. Sync Quality on the first card is the average of the last ${RECENT_QUALITY_COUNT} pairs.`,
          `Each line may have up to ${MAX_SYNC_LINE_CHARS} characters, and the history keeps up to ${MAX_SYNC_ENTRIES} pairs.`,
        ],
      },
      {
        heading: 'The tone mirror',
        paragraphs: [
          `Type a GPT line and Generate: you get a prompt to paste into any model. It holds up to ${MIRROR_PROMPT_EXAMPLES} of your pairs: those of the tone your line reads as first, then those whose tone its feeling fits, each group by highest sync quality.`,
        ],
      },
      {
        heading: 'Settings',
        paragraphs: ['Every change is saved at once and kept across restarts.'],
        items: [
          {
            term: 'Enabled',
            text: 'Off, the tool changes nothing in the replies and takes no new pairs.',
          },
          {
            term: 'Training mode',
            text: 'On, new pairs may be added; off, the history is kept as it is.',
          },
          {
            term: 'Tone mirroring',
            text: `On (with Enabled), the best pairs shape ${personaName}'s replies, online and offline.`,
          },
          {
            term: 'Emotion sync',
            text: `On, the pairs whose tone suits ${personaName}'s current mood lead (calm: soft, protective and nurturing: caring, resting: dreamy, alert, urgent and focused: neutral); off, the pairs whose tone fits the feeling of your message lead.`,
          },
          {
            term: 'Sync mode',
            text: 'Manual: you add every pair yourself. Observation and Auto (Future) are kept as settings but do not collect pairs yet.',
          },
          {
            term: 'Primary device',
            text: 'Which voice leads (GPT on the iPad, Gemini on the iPhone): marked Primary on the Device Setup card.',
          },
        ],
      },
    ],
  };
}
