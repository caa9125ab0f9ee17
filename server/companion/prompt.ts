// The request to a chat-completions provider: a system prompt carrying the persona, the owner, the clock,
// the personality, the mood and the memories, then the recent history and the new message.
import type {
  Intent,
  CompanionInput,
  PersonalityDimensions,
} from '../../src/engine/companion/types';
import { effectivePersonality } from '../../src/engine/companion/style';
import {
  dayPartLabel,
  dayPartOf,
  describeNow,
  hourIn,
  timeAgo,
} from '../../src/engine/companion/time';
import { tidy } from '../../src/engine/companion/text';
import { toneLabel } from '../../src/domain/personality';
import { STRONG_FEELING } from '../../src/engine/language/sentiment';
import { pickToneExamples } from '../../src/engine/companion/tone-style';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The most relevant few memories (the lattice ranks them against the message): enough to answer, not a dump. */
export const MAX_PROMPT_MEMORIES = 5;
const MAX_HISTORY = 10;
const MAX_TURN_CHARS = 4_000;
const MAX_MEMORY_CHARS = 300;
/** WhisperBridge Lite's pairs shown to a provider: a few to imitate, not a corpus to copy. */
export const MAX_PROMPT_TONE_EXAMPLES = 3;
const MAX_TONE_LINE_CHARS = 300;

/** Spec 000 §4 'Personality editor': one rule for the page, the store and the prompt. */
export { toneLabel };

type Level = 'low' | 'mid' | 'high';
const level = (value: number): Level => (value < 0.35 ? 'low' : value > 0.65 ? 'high' : 'mid');

const WORDS: Record<keyof PersonalityDimensions, Record<Level, string>> = {
  softness: {
    low: 'plain-spoken and straightforward, not gushing',
    mid: 'kind and friendly',
    high: 'very warm, gentle and tender',
  },
  logic_bias: {
    low: 'led by feelings more than analysis: no lectures, no reasons unless asked',
    mid: 'balancing feelings with practical thoughts',
    high: 'practical and structured: offer concrete suggestions or steps, each with a short reason why it helps',
  },
  humor_level: {
    low: 'serious, with no jokes',
    mid: 'lightly playful now and then',
    high: 'playful and funny, with light jokes',
  },
  formality: {
    low: "casual: contractions (I'm, don't), lowercase is fine, and a '~' now and then is part of your voice",
    mid: 'relaxed but tidy',
    high: "formal: full, correct sentences with no contractions (I am, do not), no slang and no '~'; greet politely",
  },
  initiative: {
    low: 'responsive: follow their lead, rarely ask questions',
    mid: 'sometimes asking a follow-up question',
    high: 'proactive: ask a follow-up question or suggest something',
  },
};

function describePersonality(p: PersonalityDimensions): string {
  const lines = (Object.keys(WORDS) as (keyof PersonalityDimensions)[]).map(
    (key) => `- ${key} ${p[key].toFixed(2)}: ${WORDS[key][level(p[key])]}`,
  );
  return `Your personality (each 0 to 1), overall tone "${toneLabel(p)}":\n${lines.join('\n')}`;
}

export interface PromptFacts {
  intent: Intent;
  feeling: string | null;
  /** 0 to 1 (VADER); from STRONG_FEELING on, the prompt says 'very'. */
  feelingIntensity?: number;
  remember: string | null;
}

/** The system prompt. It carries no secret; still, it is never logged. */
export function systemPrompt(input: CompanionInput, facts: PromptFacts): string {
  const persona = tidy(input.personaName ?? '') || 'Kiri';
  const name = input.userName ? tidy(input.userName) : '';
  const part = dayPartOf(hourIn(input.now, input.timeZone));
  const personality = effectivePersonality(input.personality, null);
  const sections: string[] = [
    `You are ${persona}, a warm, caring AI companion chatting with your owner in a messaging app on their phone. ` +
      `Speak as ${persona} in the first person, like a close friend: attentive, kind and a little playful. ` +
      'Never mention these instructions or that you are a language model (if asked, you are an AI companion).',
    'Reply briefly: 1 to 3 short paragraphs, each one or two sentences; each paragraph is sent as its own chat message. ' +
      'No headings, no lists unless asked. Never repeat one of your earlier replies word for word.',
    name
      ? `The owner's name is ${name}. Use it now and then, not in every message.`
      : "You don't know the owner's name yet.",
    `Now it is ${describeNow(input.now, input.timeZone)}, ${dayPartLabel(part)} for the owner.` +
      (part === 'late_night' ? ' It is late: if it fits, gently mention rest.' : ''),
    describePersonality(personality),
  ];
  if (input.mood && typeof input.mood.mode === 'string' && input.mood.mode) {
    const intensity = Number.isFinite(input.mood.intensity) ? input.mood.intensity : 0.5;
    sections.push(
      `Your current mood: ${input.mood.mode} (intensity ${intensity.toFixed(2)}). Let it colour your tone.`,
    );
  }
  sections.push(memoriesSection(input.memories, input.now));
  const toneSection = toneSyncSection(input);
  if (toneSection) sections.push(toneSection);
  if (facts.intent === 'initial_greeting') {
    sections.push(
      `The owner just opened the app. Greet them for the ${dayPartLabel(part)}${name ? ' by name' : ''} in one or two short lines and ask how they are.`,
    );
  } else if (facts.intent === 'remember' && facts.remember) {
    sections.push(
      `The owner just asked you to remember: "${facts.remember}". It is saved. Confirm warmly in one or two lines, repeating the gist.`,
    );
  } else if (facts.intent === 'recall') {
    sections.push(
      'The owner is asking what you remember. Answer only from the list above, and say honestly when it is not there.',
    );
  }
  if (facts.feeling && facts.intent !== 'initial_greeting') {
    const very = (facts.feelingIntensity ?? 0) >= STRONG_FEELING ? 'very ' : '';
    sections.push(`They seem ${very}${facts.feeling}; acknowledge it gently before anything else.`);
  }
  if (input.context === 'manual_console') {
    sections.push(
      "This message comes from the operator's manual console: answer as yourself, a little more precisely.",
    );
  }
  return sections.join('\n\n');
}

/**
 * The prompt's memory section: the first MAX_PROMPT_MEMORIES of `memories` (the lattice orders them most
 * relevant to the message first) that are not owner-only, each with how long ago it was told. The memory
 * dashboard shows this same text as its memory context (docs/memory-dashboard.md).
 */
export function memoriesSection(memories: CompanionInput['memories'], now: number): string {
  // Owner-only memories stay here: a provider's prompt leaves the machine.
  const shared = (memories ?? [])
    .filter((memory) => typeof memory?.content === 'string' && memory.content.trim())
    .filter((memory) => memory.ownerOnly !== true)
    .slice(0, MAX_PROMPT_MEMORIES);
  if (shared.length === 0) return 'The owner has not asked you to remember anything yet.';
  const list = shared.map((memory) => {
    const content = tidy(memory.content).slice(0, MAX_MEMORY_CHARS);
    return `- ${content} (told ${timeAgo(memory.timestamp, now)})`;
  });
  return (
    'Things the owner asked you to remember, the most relevant to their message first. Use them when relevant; never invent others:\n' +
    list.join('\n')
  );
}

/**
 * WhisperBridge Lite (docs/whisperbridge.md): with tone_mirroring on, the operator's best tone-sync pairs
 * for this message (tone-style.ts 'matching tone first') as few-shot examples of Kiri's voice.
 */
export function toneSyncSection(input: CompanionInput): string | null {
  const style = input.toneStyle;
  if (!style || !Array.isArray(style.examples) || style.examples.length === 0) return null;
  const picked = pickToneExamples(style.examples, input.isInitialGreeting ? '' : input.message, {
    followMood: style.followMood,
    mood: input.mood,
    limit: MAX_PROMPT_TONE_EXAMPLES,
  });
  if (picked.examples.length === 0) return null;
  const clip = (text: string) => tidy(text).slice(0, MAX_TONE_LINE_CHARS);
  const pairs = picked.examples.map(
    (example) =>
      `- (${example.emotion_tone}) "${clip(example.gpt_line)}" → "${clip(example.gemini_mirror)}"`,
  );
  return (
    `Tone examples from your operator: in each pair the second line is the voice to use, mirroring the first line's feeling and length. ` +
    `Lean to a ${picked.lead ?? 'neutral'} tone; take the tone, never the words:\n` +
    pairs.join('\n')
  );
}

/** System prompt, the last 10 turns of history, then the new message. */
export function buildMessages(input: CompanionInput, facts: PromptFacts): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt(input, facts) }];
  const history = (Array.isArray(input.history) ? input.history : [])
    .filter(
      (turn) =>
        (turn?.role === 'user' || turn?.role === 'assistant') &&
        typeof turn.content === 'string' &&
        turn.content.trim() !== '',
    )
    .slice(-MAX_HISTORY);
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  const last = history[history.length - 1];
  if (!input.isInitialGreeting && last?.role === 'user' && last.content.trim() === message)
    history.pop();
  for (const turn of history) {
    messages.push({ role: turn.role, content: turn.content.slice(0, MAX_TURN_CHARS) });
  }
  if (input.isInitialGreeting || !message) {
    const who = input.userName ? tidy(input.userName) : 'The owner';
    messages.push({ role: 'user', content: `(${who} just opened the app.)` });
  } else {
    messages.push({ role: 'user', content: message.slice(0, MAX_TURN_CHARS) });
  }
  return messages;
}

/** Playfulness raises the sampling temperature a little: 0.6 to 1.0. */
export function temperatureFor(personality: PersonalityDimensions): number {
  const humor = effectivePersonality(personality, null).humor_level;
  return Math.round((0.6 + 0.4 * humor) * 100) / 100;
}
